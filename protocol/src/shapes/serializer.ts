import type { z } from 'zod';

/** A compiled serializer: the JSON text of a value of its schema, the bytes `JSON.stringify` would write. */
export type Serializer<T> = (value: T) => string;

/** Options of {@link compileSerializer}. */
export interface SerializerOptions {
  /**
   * Sub-schemas whose values are reused objects that never change once built (prompt_data's `system` block, built
   * once per persona): their JSON is written once per object and then reused, looked up by identity.
   */
  stable?: readonly z.ZodType[];
}

// A string needs JSON.stringify when it holds a quote, a backslash, a control character or a surrogate (a lone one
// is written escaped). Every other string is written between quotes as it is.
// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON escapes exactly the control characters.
const needsEscape = /["\\\u0000-\u001f\ud800-\udfff]/;
// Strings of some length are escaped once and remembered: prompt_data repeats the same sentences turn after turn
// (most of them the very same string objects, whose hash V8 keeps), and a lookup costs less than scanning them.
// Bounded; emptied when full.
const rememberedLength = 16;
const maxRemembered = 2048;
const remembered = new Map<string, string>();

/** A string's JSON text. */
function quote(value: string): string {
  if (value.length < rememberedLength) return needsEscape.test(value) ? JSON.stringify(value) : `"${value}"`;
  let json = remembered.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    if (remembered.size >= maxRemembered) remembered.clear();
    remembered.set(value, json);
  }
  return json;
}

/** The JSON text of each value of an enumeration. */
function enumTexts(values: readonly unknown[]): Map<unknown, string> {
  return new Map(values.map((value) => [value, JSON.stringify(value)]));
}

// Numbers are written from a bounded cache too: a turn result holds about fifty, rounded to two or four decimals, so
// the same values recur, and a lookup costs about a third of converting a double to its shortest decimal text.
const maxNumerals = 8192;
const numerals = new Map<number, string>();

/** A number's JSON text (`null` for NaN and the infinities, as JSON.stringify writes them). */
function numeral(value: number): string {
  let text = numerals.get(value);
  if (text === undefined) {
    if (!Number.isFinite(value)) return 'null';
    text = `${value}`;
    if (numerals.size >= maxNumerals) numerals.clear();
    numerals.set(value, text);
  }
  return text;
}

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: readonly z.ZodType[];
  values?: readonly unknown[];
  entries?: Record<string, unknown>;
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** What a schema's values are at run time, as far as choosing a branch of a union goes. */
function kindOf(schema: z.ZodType): 'string' | 'number' | 'boolean' | 'null' | 'object' | 'other' {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
    case 'enum':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'object':
      return 'object';
    case 'literal':
      return def.values?.every((v) => typeof v === 'string') ? 'string' : 'other';
    default:
      return 'other';
  }
}

/** Writes the source of one function per schema node (shared nodes once) and returns the top one's name. */
class Generator {
  readonly #names = new Map<z.ZodType, string>();
  readonly #stable: ReadonlySet<z.ZodType>;
  readonly functions: string[] = [];
  /** The values of each enumeration, `e0`, `e1`, … in the generated source. */
  readonly enums: unknown[][] = [];
  caches = 0;

  constructor(stable: readonly z.ZodType[]) {
    this.#stable = new Set(stable);
  }

  /** The name of the function writing `schema`'s values. */
  fn(schema: z.ZodType): string {
    const known = this.#names.get(schema);
    if (known) return known;
    const name = `f${this.#names.size}`;
    this.#names.set(schema, name);
    const def = defOf(schema);
    const body =
      def.type === 'object' && def.catchall !== undefined && defOf(def.catchall).type === 'never'
        ? this.#object(def)
        : `return ${this.#expression(schema)};`;
    if (this.#stable.has(schema)) {
      // Written once per object: the inner function writes, this one remembers.
      const cache = `c${this.caches++}`;
      this.functions.push(
        `function ${name}_(v) { ${body} }`,
        `const ${cache} = new WeakMap();`,
        `function ${name}(v) { let j = ${cache}.get(v); if (j === undefined) { j = ${name}_(v); ${cache}.set(v, j); } return j; }`,
      );
    } else {
      this.functions.push(`function ${name}(v) { ${body} }`);
    }
    return name;
  }

  /** An expression writing the value `v` of `schema`. */
  #expression(schema: z.ZodType): string {
    const def = defOf(schema);
    switch (def.type) {
      case 'string':
        return 'quote(v)';
      case 'enum': {
        // A value of the enumeration is looked up; anything else (never, for a valid value) is quoted.
        const table = `e${this.enums.length}`;
        this.enums.push(Object.values(def.entries!));
        return `(${table}.get(v) ?? quote(v))`;
      }
      case 'number':
        return 'numeral(v)';
      case 'boolean':
        return "(v ? 'true' : 'false')";
      case 'null':
        return "'null'";
      case 'nullable':
        return `(v === null ? 'null' : ${this.fn(def.innerType!)}(v))`;
      case 'array':
        return `array(v, ${this.fn(def.element!)})`;
      case 'union':
        return this.#union(def.options!);
      default:
        // Open objects, literals, records, open values and anything else: exactly what JSON.stringify writes.
        return 'JSON.stringify(v)';
    }
  }

  /** The body writing a strict object: its keys in the schema's order, optional ones only when defined. */
  #object(def: Def): string {
    const parts: string[] = [];
    // Until a required key has been written, whether a comma is due is known only at run time.
    let surelyOpen = false;
    let dynamic = false;
    for (const [key, field] of Object.entries(def.shape!)) {
      const optional = defOf(field).type === 'optional';
      const inner = optional ? defOf(field).innerType! : field;
      const value = `${this.fn(inner)}(v[${JSON.stringify(key)}])`;
      const label = JSON.stringify(JSON.stringify(key).concat(':'));
      if (!optional) {
        const comma = surelyOpen ? "','" : dynamic ? "(s.length > 1 ? ',' : '')" : "''";
        parts.push(`s += ${comma} + ${label} + ${value};`);
        surelyOpen = true;
      } else {
        const comma = surelyOpen ? "','" : "(s.length > 1 ? ',' : '')";
        parts.push(`if (v[${JSON.stringify(key)}] !== undefined) s += ${comma} + ${label} + ${value};`);
        dynamic = true;
      }
    }
    return `let s = '{'; ${parts.join(' ')} return s + '}';`;
  }

  /** A union whose branches differ in their run-time kind (a string or an object, say); otherwise JSON.stringify. */
  #union(options: readonly z.ZodType[]): string {
    const kinds = options.map(kindOf);
    if (kinds.includes('other') || new Set(kinds).size !== kinds.length) return 'JSON.stringify(v)';
    const tests = {
      string: "typeof v === 'string'",
      number: "typeof v === 'number'",
      boolean: "typeof v === 'boolean'",
      null: 'v === null',
      object: "typeof v === 'object' && v !== null",
    };
    const branches = options.map(
      (option, i) => `${tests[kinds[i] as keyof typeof tests]} ? ${this.fn(option)}(v) : `,
    );
    return `(${branches.join('')}JSON.stringify(v))`;
  }
}

function array<T>(values: readonly T[], write: (value: T) => string): string {
  let s = '[';
  for (let i = 0; i < values.length; i++) s += (i === 0 ? '' : ',') + write(values[i]!);
  return `${s}]`;
}

/**
 * Compiles a serializer for a response schema: a function that writes a value of the schema as JSON, key by key in
 * the schema's order, without inspecting the value's shape at run time. Faster than `JSON.stringify` for the
 * turn result (its prompt texts are escaped once, its stable blocks written once), and byte-identical to it when the
 * value's keys are in the schema's order and it has no others (a test checks this on real turn results). Open
 * objects, records and unions whose branches cannot be told apart by their kind are written by `JSON.stringify`.
 * @example
 * const write = compileSerializer(turnResultSchema);
 * reply.type('application/json').send(write(result));
 */
export function compileSerializer<S extends z.ZodType>(
  schema: S,
  options: SerializerOptions = {},
): Serializer<z.output<S>> {
  const generator = new Generator(options.stable ?? []);
  const top = generator.fn(schema);
  const tables = generator.enums.map((_, i) => `const e${i} = enums[${i}];`);
  const source = `${tables.join('\n')}\n${generator.functions.join('\n')}\nreturn ${top};`;
  const enums = generator.enums.map(enumTexts);
  return new Function('quote', 'numeral', 'array', 'enums', source)(
    quote,
    numeral,
    array,
    enums,
  ) as Serializer<z.output<S>>;
}
