import { pathTo, routes } from '@limbic/protocol';
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context.js';
import { objectBody, onlyParams, singleParam } from './route-input.js';

interface IdParams {
  Params: { id: string };
}

const listParams = ['cursor', 'limit'] as const;

function pageQuery(query: unknown) {
  const params = query as Record<string, unknown>;
  onlyParams(params, listParams);
  const cursor = singleParam(params, 'cursor');
  const limit = singleParam(params, 'limit');
  return { cursor: cursor || null, ...(limit === undefined ? {} : { limit }) };
}

/**
 * Webhooks of the API key's owner (docs/webhooks.md): POST /v1/webhooks (201 with the secret, shown once), GET
 * /v1/webhooks (cursor pages), GET, PATCH and DELETE /v1/webhooks/:id, POST …/rotate-secret, GET …/deliveries (the
 * attempt log, newest first) and POST …/test (202: a `webhook.test` queued).
 */
export function registerWebhookRoutes(app: FastifyInstance, context: GatewayContext): void {
  const { admin } = context.webhooks;

  app.post(routes.createWebhook.path, async (request, reply) => {
    const created = await admin.create(request.principal.owner, objectBody(request.body));
    reply.code(201).header('Location', pathTo(routes.getWebhook, { id: created.id }));
    return created;
  });

  app.get(routes.listWebhooks.path, async (request) =>
    admin.list(request.principal.owner, pageQuery(request.query)),
  );

  app.get<IdParams>(routes.getWebhook.path, async (request) =>
    admin.get(request.principal.owner, request.params.id),
  );

  app.patch<IdParams>(routes.updateWebhook.path, async (request) =>
    admin.update(request.principal.owner, request.params.id, objectBody(request.body)),
  );

  app.delete<IdParams>(routes.deleteWebhook.path, async (request) =>
    admin.remove(request.principal.owner, request.params.id),
  );

  app.post<IdParams>(routes.rotateWebhookSecret.path, async (request) =>
    admin.rotateSecret(request.principal.owner, request.params.id),
  );

  app.get<IdParams>(routes.listWebhookDeliveries.path, async (request) =>
    admin.deliveries(request.principal.owner, request.params.id, pageQuery(request.query)),
  );

  app.post<IdParams>(routes.testWebhook.path, async (request, reply) => {
    const queued = await context.webhooks.test(request.principal.owner, request.params.id);
    reply.code(202);
    return queued;
  });
}
