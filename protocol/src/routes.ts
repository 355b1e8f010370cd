/** An HTTP method a route answers (HEAD comes with every GET). */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One route of the interface: its method and its path, with `:name` parameters (Fastify's and the interface's form). */
export interface Route {
  method: RouteMethod;
  path: string;
}

/**
 * Every path of the interface, named once by its OpenAPI operation id. The gateway registers its handlers on these
 * paths, the OpenAPI document lists them, and the client calls them (with {@link pathTo}): a path changed here
 * changes on all three. GraphQL (`/graphql`, GET and POST) is outside: it is one endpoint, not a resource path.
 */
export const routes = {
  health: { method: 'GET', path: '/v1/health' },
  openapi: { method: 'GET', path: '/v1/openapi.json' },
  asyncapi: { method: 'GET', path: '/v1/asyncapi.json' },
  listPresets: { method: 'GET', path: '/v1/presets' },
  createSession: { method: 'POST', path: '/v1/persona' },
  listSessions: { method: 'GET', path: '/v1/persona' },
  getSession: { method: 'GET', path: '/v1/persona/:id' },
  deleteSession: { method: 'DELETE', path: '/v1/persona/:id' },
  exportSnapshot: { method: 'GET', path: '/v1/persona/:id/snapshot' },
  snapshotSchema: { method: 'GET', path: '/v1/schemas/session-snapshot.json' },
  listParticipants: { method: 'GET', path: '/v1/persona/:id/participants' },
  forgetParticipant: { method: 'DELETE', path: '/v1/persona/:id/participants/:participantId' },
  getRelationship: { method: 'GET', path: '/v1/persona/:id/relationship' },
  listMemories: { method: 'GET', path: '/v1/persona/:id/memories' },
  forgetAllMemories: { method: 'DELETE', path: '/v1/persona/:id/memories' },
  forgetMemory: { method: 'DELETE', path: '/v1/persona/:id/memories/:memoryId' },
  getMemorySettings: { method: 'GET', path: '/v1/persona/:id/memory/settings' },
  setMemorySettings: { method: 'PUT', path: '/v1/persona/:id/memory/settings' },
  tickSession: { method: 'POST', path: '/v1/persona/:id/tick' },
  overrideState: { method: 'POST', path: '/v1/persona/:id/override' },
  appraisalTurn: { method: 'POST', path: '/v1/turn/appraisal' },
  textTurn: { method: 'POST', path: '/v1/turn' },
  getState: { method: 'GET', path: '/v1/state/:sessionId' },
  pendingActions: { method: 'GET', path: '/v1/proactive/:sessionId' },
  setPreferences: { method: 'PUT', path: '/v1/proactive/:sessionId/preferences' },
  acknowledgeAction: { method: 'POST', path: '/v1/proactive/:sessionId/ack' },
  setParticipantPolicy: { method: 'PUT', path: '/v1/proactive/:sessionId/participants/:participantId' },
  webSocket: { method: 'GET', path: '/v1/ws/:sessionId' },
  createWebhook: { method: 'POST', path: '/v1/webhooks' },
  listWebhooks: { method: 'GET', path: '/v1/webhooks' },
  getWebhook: { method: 'GET', path: '/v1/webhooks/:id' },
  updateWebhook: { method: 'PATCH', path: '/v1/webhooks/:id' },
  deleteWebhook: { method: 'DELETE', path: '/v1/webhooks/:id' },
  rotateWebhookSecret: { method: 'POST', path: '/v1/webhooks/:id/rotate-secret' },
  listWebhookDeliveries: { method: 'GET', path: '/v1/webhooks/:id/deliveries' },
  testWebhook: { method: 'POST', path: '/v1/webhooks/:id/test' },
} as const satisfies Record<string, Route>;

/** The name of a route (its OpenAPI operation id). */
export type RouteName = keyof typeof routes;

/** The parameter names of a path (`/v1/persona/:id` → `"id"`). */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A route's path with its parameters filled in, each percent-encoded (`pathTo(routes.getState, {sessionId})`). */
export function pathTo<R extends Route>(route: R, params: Record<PathParams<R['path']>, string>): string {
  const values = params as Record<string, string>;
  return route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

/** A path in OpenAPI's template form (`/v1/persona/:id` → `/v1/persona/{id}`). */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}
