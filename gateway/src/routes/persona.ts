import { pathTo, routes } from '@limbic/protocol';
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context.js';
import { objectBody, onlyParams, sessionIdParam, singleParam } from './route-input.js';
import { snapshotBodyLimit } from './snapshots.js';

interface IdParams {
  Params: { id: string };
}

const listParams = ['cursor', 'limit', 'order'] as const;

/**
 * Sessions: POST /v1/persona (201, quota-checked: SESSION_LIMIT 403 when the plan's session count is reached; a
 * persona definition, or `{snapshot}` to import one, with a body of up to {@link snapshotBodyLimit} bytes),
 * GET /v1/persona (cursor pages, `limit` 1-100, default 20, `order` newest (default) or oldest), GET and DELETE
 * /v1/persona/:id.
 */
export function registerPersonaRoutes(app: FastifyInstance, context: GatewayContext): void {
  const { service } = context;

  app.post(routes.createSession.path, { bodyLimit: snapshotBodyLimit }, async (request, reply) => {
    const { owner, plan } = request.principal;
    const definition = objectBody(request.body);
    const maxSessions = Number.isFinite(plan.sessions) ? { maxSessions: plan.sessions } : {};
    const info = await service.createSession(owner, definition, maxSessions);
    reply.code(201).header('Location', pathTo(routes.getSession, { id: info.sessionId }));
    return info;
  });

  app.get(routes.listSessions.path, async (request) => {
    const query = request.query as Record<string, unknown>;
    onlyParams(query, listParams);
    const cursor = singleParam(query, 'cursor');
    const limit = singleParam(query, 'limit');
    const order = singleParam(query, 'order');
    return service.listSessions(request.principal.owner, {
      cursor: cursor || null,
      ...(limit === undefined ? {} : { limit }),
      ...(order === undefined ? {} : { order }),
    });
  });

  app.get<IdParams>(routes.getSession.path, async (request) =>
    service.getSession(request.principal.owner, sessionIdParam(request.params.id)),
  );

  app.delete<IdParams>(routes.deleteSession.path, async (request) =>
    service.deleteSession(request.principal.owner, sessionIdParam(request.params.id)),
  );
}
