import type { JsonSchema } from '@limbic/protocol/shapes';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

/** Validators for the schemas of one document, whose `#/components/schemas/X` references resolve among them. */
export interface SchemaSet {
  /** The validator of a schema (cached by its JSON). */
  validatorOf(schema: JsonSchema): ValidateFunction;
  /** The errors of a failed validation, as one line. */
  errorsText(validate: ValidateFunction): string;
}

const components = '#/components/schemas/';

/**
 * Compiles a document's component schemas strictly (draft 2020-12, every error). Each gets its own id, so Ajv
 * resolves `#/components/schemas/X` references in strict mode.
 */
export function createSchemaSet(schemas: Record<string, JsonSchema>, prefix = 'limbic:'): SchemaSet {
  const relink = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(relink);
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      out[key] =
        key === '$ref' && typeof inner === 'string' ? inner.replace(components, prefix) : relink(inner);
    }
    return out;
  };
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  ajv.addFormat('uri-reference', true);
  for (const [name, schema] of Object.entries(schemas))
    ajv.addSchema(relink(schema) as JsonSchema, `${prefix}${name}`);
  const validators = new Map<string, ValidateFunction>();
  return {
    validatorOf(schema) {
      const key = JSON.stringify(schema);
      let validate = validators.get(key);
      if (!validate) {
        validate = ajv.compile(relink(schema) as JsonSchema);
        validators.set(key, validate);
      }
      return validate;
    },
    errorsText: (validate) => ajv.errorsText(validate.errors),
  };
}

/**
 * The paths of the object schemas under `node` that say nothing of their keys (no `properties`, no
 * `additionalProperties`): generators turn them into unusable types.
 */
export function bareObjects(node: unknown, path: string): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => bareObjects(item, `${path}[${i}]`));
  if (node === null || typeof node !== 'object') return [];
  const schema = node as Record<string, unknown>;
  const type = schema.type;
  const isObject = type === 'object' || (Array.isArray(type) && type.includes('object'));
  const bare = isObject && schema.properties === undefined && schema.additionalProperties === undefined;
  return [
    ...(bare ? [path] : []),
    ...Object.entries(schema).flatMap(([key, value]) => bareObjects(value, `${path}.${key}`)),
  ];
}
