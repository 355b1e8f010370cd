import type { ValidationIssue } from '@limbic/core/errors';

/**
 * The one field-name mapping of the wire: the service's (and REST's) camelCase names whose WebSocket spelling
 * differs, as the interface writes them. Proactive actions are renamed by {@link toWireAction} (`id` →
 * `action_id`, `type` → `action_type`); everything else is spelled the same on every transport.
 */
export const socketFieldNames = {
  elapsedSeconds: 'elapsed_seconds',
  actionId: 'action_id',
  sessionId: 'session_id',
} as const;

/** A service-side field name that the WebSocket spells differently. */
export type RenamedField = keyof typeof socketFieldNames;

const serviceFieldNames: Record<string, string> = Object.fromEntries(
  Object.entries(socketFieldNames).map(([service, socket]) => [socket, service]),
);

function rename(
  fields: Readonly<Record<string, unknown>>,
  names: Record<string, string>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) out[names[key] ?? key] = value;
  return out;
}

/** Renames a WebSocket message's fields to the service's names (`elapsed_seconds` → `elapsedSeconds`). */
export function toServiceFields(fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return rename(fields, serviceFieldNames);
}

/** Renames service-side fields to the WebSocket's names (`elapsedSeconds` → `elapsed_seconds`). */
export function toSocketFields(fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return rename(fields, socketFieldNames);
}

/** Renames the first segment of service-side issue paths to the names WebSocket clients send. */
export function toSocketIssues(issues: readonly ValidationIssue[]): ValidationIssue[] {
  return issues.map((issue) => {
    const [head = '', ...rest] = issue.path.split('.');
    const renamed = (socketFieldNames as Record<string, string>)[head];
    return renamed ? { ...issue, path: [renamed, ...rest].join('.') } : issue;
  });
}

/** A transport of the interface whose request fields have their own spellings. */
export type Wire = 'rest' | 'socket';

/**
 * The spellings each wire also accepts, deprecated, for a field it names otherwise: the other wire's spelling (the
 * interface writes `elapsedSeconds` for REST and `elapsed_seconds` for the WebSocket; a client that copies one into
 * the other still works). REST answers a request that used one with a `Deprecation` header (RFC 9745); both
 * documents mark the alias `deprecated`. docs/protocol.md, "Naming".
 */
export const deprecatedAliases: Readonly<Record<Wire, Readonly<Record<string, string>>>> = {
  rest: { elapsed_seconds: 'elapsedSeconds' },
  socket: { elapsedSeconds: 'elapsed_seconds' },
};

/** When the aliases were deprecated, as RFC 9745's `Deprecation` header writes it (2026-11-28T00:00:00Z). */
export const aliasDeprecation = '@1795737600';

/** A body with its deprecated aliases renamed to the wire's own names, and what was renamed or conflicted. */
export interface AliasedFields {
  /** The fields with every alias renamed. */
  fields: Record<string, unknown>;
  /** The aliases the body used (the answer says they are deprecated). */
  used: readonly string[];
  /** A field given under both its name and its alias. */
  issues: readonly ValidationIssue[];
}

/** What {@link resolveAliases} answers for a body without aliases: the body itself, nothing used, no issue. */
const none: readonly never[] = Object.freeze([]);

/**
 * Renames the deprecated aliases of `wire` in `fields` to the wire's own names (`elapsed_seconds` → `elapsedSeconds`
 * on REST); a field given under both names is an issue, never a guess. A body without aliases (every message on the
 * hot path) is returned as is, copied nowhere.
 */
export function resolveAliases(fields: Record<string, unknown>, wire: Wire): AliasedFields {
  const aliases = deprecatedAliases[wire];
  let out: Record<string, unknown> | undefined;
  let used: string[] | undefined;
  let issues: ValidationIssue[] | undefined;
  for (const alias in aliases) {
    if (!Object.hasOwn(fields, alias)) continue;
    const name = aliases[alias] as string;
    used = [...(used ?? []), alias];
    if (Object.hasOwn(fields, name)) {
      const issue = {
        path: alias,
        message: `give one of ${name} and its deprecated alias ${alias}, not both`,
      };
      issues = [...(issues ?? []), issue];
      continue;
    }
    out ??= { ...fields };
    out[name] = out[alias];
    delete out[alias];
  }
  return { fields: out ?? fields, used: used ?? none, issues: issues ?? none };
}
