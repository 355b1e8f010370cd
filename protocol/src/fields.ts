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
