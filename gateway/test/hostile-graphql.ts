import type { Random } from '@limbic/core';
import { isErrorCode, statusOf } from '@limbic/protocol';
import { badIds, badValues, type HostileWorld, pick } from './hostile.js';

/** One GraphQL operation of a hostile run: what is sent, and what the checks need to know about it. */
export interface HostileOperation {
  query: unknown;
  variables?: unknown;
  operationName?: unknown;
  /** A mutation: it must not succeed (no run may change state). */
  mutation: boolean;
  /** A subscription: over HTTP it is refused unless SSE is accepted, over graphql-ws it may stay open. */
  subscription: boolean;
  /** A valid subscription that sends nothing until its session changes (the caller's own `proactiveActions`). */
  silent?: boolean;
}

const appraisal = {
  goal_relevance: 0.5,
  goal_congruence: 0.5,
  expectedness: 0.5,
  controllability: 0.5,
  agency: 0,
  norm_compatibility: 0.5,
};
// Invalid for every appraisal dimension: out of range, or not a number at all.
const badDimensions: readonly unknown[] = [2, -5, 1e308, 'NaN', '', null, true, [], {}];

/**
 * A session for `key` to name: one of its own (only in operations that are invalid anyway), another owner's, or an
 * id or value that names none.
 */
function target(random: Random, world: HostileWorld): unknown {
  const r = random.next();
  if (r < 0.3) return pick(random, world.own);
  if (r < 0.6) return pick(random, world.others);
  if (r < 0.85) return pick(random, badIds);
  return pick(random, badValues);
}

const owns = (world: HostileWorld, key: string | undefined, id: unknown) =>
  (key === world.ownerKey && world.own.includes(id as string)) ||
  (key === world.otherKey && world.others.includes(id as string));

/** The operations of the schema, each made invalid whenever it would otherwise change a session. */
function schemaOperation(random: Random, world: HostileWorld, key: string | undefined): HostileOperation {
  const s = target(random, world);
  const mine = owns(world, key, s);
  const read = (query: string, variables: unknown): HostileOperation => ({
    query,
    variables,
    mutation: false,
    subscription: false,
  });
  const write = (query: string, variables: unknown): HostileOperation => ({
    query,
    variables,
    mutation: true,
    subscription: false,
  });
  switch (Math.floor(random.next() * 16)) {
    case 0:
      return read('query ($s: ID!) { session(id: $s) { sessionId name turns state { turns } snapshot } }', {
        s,
      });
    case 1:
      return read('query ($s: ID!) { state(sessionId: $s) { turns discrete_emotion emotion { V A D } } }', {
        s,
      });
    case 2:
      return read('query ($s: ID!) { proactiveActions(sessionId: $s) { id type } }', { s });
    case 3:
      return read('query ($n: Int!, $a: String) { sessions(first: $n, after: $a) { nodes { sessionId } } }', {
        n: pick(random, [0, 101, -1, 1.5, 'x', 20, null]),
        a: pick(random, ['garbage', '', null, 5, 'x'.repeat(500)]),
      });
    case 4:
      return read(
        pick(random, [
          '{ __schema { types { name fields { name } } } }',
          '{ __type(name: "SessionDetails") { fields { name type { name } } } }',
          '{ health { status version } presets { id } }',
          '{ operator { signedIn } apiKeys { id hint } }',
        ]),
        {},
      );
    case 5: {
      // A broken dimension (or a missing one, or an unknown field) keeps even the owner's own turn invalid.
      const broken: Record<string, unknown> = { ...appraisal };
      const dimension = pick(random, Object.keys(appraisal));
      const how = random.next();
      if (how < 0.6) broken[dimension] = pick(random, badDimensions);
      else if (how < 0.8) delete broken[dimension];
      else broken.zzz = 1;
      const input = { sessionId: s, appraisal: mine || random.next() < 0.5 ? broken : appraisal };
      return write('mutation ($i: AppraisalTurnInput!) { appraisalTurn(input: $i) { turns } }', { i: input });
    }
    case 6: {
      const input: Record<string, unknown> = { sessionId: s, message: pick(random, ['hi', ...badValues]) };
      if (mine || random.next() < 0.3) input.zzz = pick(random, badValues);
      return write('mutation ($i: TextTurnInput!) { textTurn(input: $i) { discrete_emotion } }', {
        i: input,
      });
    }
    case 7: {
      const input: Record<string, unknown> = {
        sessionId: s,
        preferences: { enabled: pick(random, badValues) },
      };
      if (mine) input.preferences = { enabled: true, zzz: 1 };
      return write(
        'mutation ($i: SetProactivePreferencesInput!) { setProactivePreferences(input: $i) { sessionId } }',
        { i: input },
      );
    }
    case 8:
      return write(
        'mutation ($s: ID!, $a: ID!) { ackProactive(sessionId: $s, actionId: $a) { acknowledged } }',
        {
          s,
          a: pick(random, ['act_x', '', 'x'.repeat(300), 'act_00000000000000000000000000']),
        },
      );
    case 9:
      // Deleting one's own session is valid: the owner names the other owner's, or an id that is none.
      return write('mutation ($s: ID!) { deleteSession(id: $s) { deleted } }', {
        s: mine ? pick(random, [...badIds, ...(key === world.ownerKey ? world.others : world.own)]) : s,
      });
    case 10: {
      // Invalid snapshots: not one, another format, a newer version, a broken document.
      if (random.next() < 0.3)
        return write('mutation ($s: JSON!) { importSession(snapshot: $s) { sessionId } }', {
          s: pick(random, [
            5,
            'x',
            [],
            null,
            { format: 'other', version: 1 },
            { format: 'limbic.session', version: 99 },
            {
              format: 'limbic.session',
              version: 1,
              exported_at: 'now',
              session: { state: { emotion: { V: 9 } } },
            },
          ]),
        });
      const input = pick<Record<string, unknown>>(random, [
        // Every one invalid: an unknown preset, a trait out of range or of the wrong type, a description alone
        // (no LLM is configured), an unknown field, goals that are not strings.
        { preset: pick(random, ['nope', '', 'x'.repeat(300)]) },
        { preset: 'rival', personality: { O: pick(random, [7, -3, 'x']) } },
        { description: 'A pirate who hates the sea' },
        { preset: 'rival', zzz: 1 },
        { preset: 'rival', identity: { language: 5 } },
        { preset: 'rival', goals: pick(random, [[5], [null], [{}]]) },
      ]);
      return write('mutation ($i: PersonaDefinitionInput!) { createSession(input: $i) { sessionId } }', {
        i: input,
      });
    }
    case 11:
      return write(
        pick(random, [
          'mutation { createApiKey(input: {env: live, plan: enterprise}) { key } }',
          'mutation { revokeApiKey(id: "key_x") { id } }',
          'mutation { rotateApiKey(id: "key_x", graceHours: 0) { key } }',
        ]),
        {},
      );
    case 12:
      return {
        query: 'subscription ($s: ID!) { sessionState(sessionId: $s) { turns discrete_emotion } }',
        variables: { s },
        mutation: false,
        subscription: true,
      };
    case 13:
      return {
        query: 'subscription ($s: ID!, $a: ID) { proactiveActions(sessionId: $s, after: $a) { id } }',
        variables: { s, a: pick(random, [null, 'act_x', 5]) },
        mutation: false,
        subscription: true,
        silent: mine,
      };
    case 14:
      // Variables of the wrong type, missing or unknown, on an operation that would be valid without them.
      return write(
        'mutation ($s: ID!) { deleteSession(id: $s) { deleted } }',
        pick(random, [{}, { s: 5 }, { s: [] }, { s: {} }, null, 'x', [1]]),
      );
    default:
      return read(
        'query ($s: ID!) { session(id: $s) { sessionId } }',
        pick(random, [{ s: null }, { t: 1 }, 'x', 5]),
      );
  }
}

/** Documents that never reach a field: syntax errors, unknown fields, limits, ambiguous operations. */
function brokenDocument(random: Random, operation: HostileOperation & { query: string }): HostileOperation {
  const base = operation.query;
  const broken = (query: unknown, extra: Partial<HostileOperation> = {}): HostileOperation => ({
    ...operation,
    query,
    ...extra,
  });
  switch (Math.floor(random.next() * 12)) {
    case 0:
      return broken(base.slice(0, Math.max(1, Math.floor(random.next() * base.length))));
    case 1:
      return broken(base.replace('{', '{ zzz '));
    case 2:
      return broken('{ session(id: 5) { sessionId } }');
    case 3:
      return broken(
        `{ __schema { types { ${'fields { type { ofType { '.repeat(8)}name${' } } }'.repeat(8)} } } }`,
      );
    case 4:
      return broken(`{ ${Array.from({ length: 40 }, (_, i) => `a${i}: health { status }`).join(' ')} }`);
    case 5:
      return broken(`{ health { ${'status '.repeat(3000)} } }`);
    case 6:
      return broken(`{ health ${'@skip(if: false) '.repeat(30)} { status } }`);
    case 7:
      return broken('fragment A on Query { ...B } fragment B on Query { ...A } { ...A }');
    case 8:
      return broken('query A { health { status } } query B { presets { id } }', {
        operationName: pick(random, [undefined, 'C', 5, '', null]),
      });
    case 9:
      return broken(
        pick(random, ['', ' ', '{', '}', '#', 'query', 'mutation', '\u0000', '{ health { status } } }']),
      );
    case 10:
      return broken(pick(random, [null, 5, true, [], {}, ['{ health { status } }']]));
    default:
      return broken(
        '{ a: sessions(first: 100) { nodes { state { emotion { V A D } } } } b: sessions(first: 100) { nodes { state { emotion { V A D } } } } }',
      );
  }
}

/**
 * A hostile GraphQL operation for a caller with `key` (or none): a schema operation that cannot change state (a
 * broken input, another owner's session, an id that names none, a bad key), or a document that never reaches a field.
 */
export function hostileOperation(
  random: Random,
  world: HostileWorld,
  key: string | undefined,
): HostileOperation {
  const operation = schemaOperation(random, world, key);
  if (random.next() < 0.7 || typeof operation.query !== 'string') return operation;
  return brokenDocument(random, { ...operation, query: operation.query });
}

/** A GraphQL error as the wire carries it. */
interface WireError {
  message?: unknown;
  extensions?: { code?: unknown; status?: unknown };
}

/**
 * What is wrong with the errors of a GraphQL result, or undefined: each must have a message and, in `extensions`, a
 * documented code other than INTERNAL_ERROR with its HTTP status.
 */
export function graphQLErrorsProblem(errors: unknown): string | undefined {
  if (!Array.isArray(errors) || errors.length === 0)
    return `errors is not a non-empty list: ${JSON.stringify(errors)}`;
  for (const error of errors as WireError[]) {
    const code = error?.extensions?.code;
    if (
      typeof error?.message !== 'string' ||
      !isErrorCode(code) ||
      code === 'INTERNAL_ERROR' ||
      error.extensions?.status !== statusOf(code)
    ) {
      return `an error outside the documented shape: ${JSON.stringify(error).slice(0, 200)}`;
    }
  }
  return undefined;
}

/**
 * What is wrong with a GraphQL result (a response body, an SSE event or a graphql-ws `next` payload), or undefined:
 * its errors in the documented shape, no mutation that succeeded, and no session of an owner other than the caller's
 * in its data.
 */
export function graphQLResultProblem(
  result: unknown,
  operation: HostileOperation,
  foreign: readonly string[],
): string | undefined {
  if (result === null || typeof result !== 'object' || Array.isArray(result)) {
    return `not a GraphQL result: ${JSON.stringify(result)?.slice(0, 120)}`;
  }
  const { data, errors } = result as { data?: unknown; errors?: unknown };
  if (errors !== undefined) {
    const problem = graphQLErrorsProblem(errors);
    if (problem) return problem;
  } else if (data === undefined || data === null) {
    return `neither data nor errors: ${JSON.stringify(result).slice(0, 120)}`;
  }
  const text = JSON.stringify(data ?? null);
  const seen = foreign.find((id) => text.includes(id));
  if (seen) return `data shows another owner's session ${seen}: ${text.slice(0, 160)}`;
  if (operation.mutation && data && Object.values(data).some((value) => value !== null)) {
    return `a mutation succeeded: ${text.slice(0, 160)}`;
  }
  return undefined;
}

/** The sessions that `key` must never see: every session but its owner's own. */
export function foreignSessions(world: HostileWorld, key: string | undefined): string[] {
  if (key === world.ownerKey) return world.others;
  if (key === world.otherKey) return world.own;
  return [...world.own, ...world.others];
}
