import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { defaultPageSize, maxPageSize } from '@limbic/core';
import {
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLField,
  type GraphQLNamedType,
  getNamedType,
  isObjectType,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';

/** The limits every GraphQL operation is checked against before it runs, on every transport. */
export const graphQLLimits = {
  /** Deepest selection (fragment spreads count as a level; `__schema` introspection is exempt). */
  maxDepth: 12,
  /** Most aliases in one operation. */
  maxAliases: 15,
  /** Most lexical tokens in one document. */
  maxTokens: 2000,
  /** Most directives in one operation. */
  maxDirectives: 20,
  /** Highest cost of one operation (see {@link costRule}). */
  maxCost: 5000,
  /** Cost of a field with a selection. */
  objectCost: 2,
  /** Cost of a leaf field. */
  scalarCost: 1,
  /** Each level of nesting multiplies the cost of what is below it by this. */
  depthCostFactor: 1.5,
} as const;

function reporter(context: ValidationContext | null, error: GraphQLError): void {
  // Reported as validation errors (not thrown), so they reach the client with every other validation problem.
  context?.reportError(new GraphQLError(error.message.replace(/^Syntax Error: /, '')));
}

/**
 * graphql-armor's depth, alias, token and directive limits as an envelop plugin (Yoga runs it for HTTP and SSE;
 * the graphql-ws server runs the same pipeline). Field suggestions stay on: the schema is public. Armor's own cost
 * limit is replaced by {@link costRule}, which also prices page sizes given as variables.
 */
export function armorPlugin(): Plugin {
  const callbacks = { propagateOnRejection: false, onReject: [reporter] };
  return EnvelopArmorPlugin({
    blockFieldSuggestion: { enabled: false },
    costLimit: { enabled: false },
    maxDepth: { n: graphQLLimits.maxDepth, ...callbacks },
    maxAliases: { n: graphQLLimits.maxAliases, ...callbacks },
    maxTokens: { n: graphQLLimits.maxTokens },
    maxDirectives: { n: graphQLLimits.maxDirectives, ...callbacks },
  }) as Plugin;
}

/** How many items a list field may return: `first` as written; a variable counts as the largest page. */
function multiplier(node: FieldNode, field: GraphQLField<unknown, unknown> | undefined): number {
  const arg = field?.args.find((a) => a.name === 'first');
  if (!arg) return 1;
  const given = node.arguments?.find((a) => a.name.value === 'first');
  if (!given) return typeof arg.defaultValue === 'number' ? arg.defaultValue : defaultPageSize;
  if (given.value.kind === Kind.INT) return Math.min(maxPageSize, Math.max(1, Number(given.value.value)));
  return maxPageSize;
}

/**
 * The cost of an operation, as graphql-armor computes it (a leaf costs 1, a field with a selection 2 plus 1.5 times
 * the cost of its selection) with one change: a field that takes `first` (the `sessions` and `participants`
 * connections) multiplies its cost by the page size, and a page size given as a variable counts as the largest one
 * (100), because the cost is checked before variables are known. Introspection (`__schema`, `__type`) costs nothing: graphql-js
 * bounds it with its own introspection-depth rule, and the depth limit applies.
 */
export function costRule(maxCost: number = graphQLLimits.maxCost): ValidationRule {
  return (context) => {
    const fragments = new Map<string, number>();
    const cost = (set: SelectionSetNode, type: GraphQLNamedType | undefined, seen: Set<string>): number => {
      let total = 0;
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) {
          const name = selection.name.value;
          if (name === '__schema' || name === '__type') continue;
          if (!selection.selectionSet) {
            total += graphQLLimits.scalarCost;
            continue;
          }
          const field = isObjectType(type) ? type.getFields()[name] : undefined;
          const inner = cost(selection.selectionSet, field ? getNamedType(field.type) : undefined, seen);
          total +=
            (graphQLLimits.objectCost + graphQLLimits.depthCostFactor * inner) * multiplier(selection, field);
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          const on = selection.typeCondition
            ? context.getSchema().getType(selection.typeCondition.name.value)
            : type;
          total += cost(selection.selectionSet, on ?? undefined, seen);
        } else {
          total += spread(selection.name.value, seen);
        }
      }
      return total;
    };
    const spread = (name: string, seen: Set<string>): number => {
      const known = fragments.get(name);
      if (known !== undefined) return known;
      const fragment: FragmentDefinitionNode | null | undefined = context.getFragment(name);
      // A fragment cycle is reported by graphql-js's own rule; here it just stops the walk.
      if (!fragment || seen.has(name)) return 0;
      const type = context.getSchema().getType(fragment.typeCondition.name.value) ?? undefined;
      const value = cost(fragment.selectionSet, type, new Set([...seen, name]));
      fragments.set(name, value);
      return value;
    };
    return {
      OperationDefinition(operation) {
        const root = context.getSchema().getRootType(operation.operation) ?? undefined;
        const total = Math.round(cost(operation.selectionSet, root, new Set()));
        if (total > maxCost) {
          context.reportError(
            new GraphQLError(`Query cost limit of ${maxCost} exceeded, found ${total}.`, {
              nodes: operation,
            }),
          );
        }
      },
    };
  };
}

/** The cost rule as an envelop plugin. */
export function costPlugin(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(costRule());
    },
  };
}
