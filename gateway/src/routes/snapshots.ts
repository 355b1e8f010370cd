import { routes } from '@limbic/protocol';
import { sessionSnapshotJsonSchema } from '@limbic/protocol/shapes';
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context.js';
import { sessionIdParam } from './route-input.js';
import { type StaticJson, sendStaticJson, staticJson } from './static-json.js';

/**
 * The largest `POST /v1/persona` body, bytes: a snapshot carries the session's memories (up to 2,000 episodes) and
 * participants (up to 1,000), a few MB at the very most; other bodies keep the gateway's 128 KiB limit.
 */
export const snapshotBodyLimit = 8 * 1024 * 1024;

/**
 * Snapshots (docs/snapshots.md): GET /v1/persona/:id/snapshot (the owner's session as a versioned document;
 * NOT_FOUND for any other key), and GET /v1/schemas/session-snapshot.json (public: the document's JSON Schema,
 * the same as protocol/schemas/, with an ETag). Creating a session from a snapshot is `POST /v1/persona {snapshot}`.
 */
export function registerSnapshotRoutes(app: FastifyInstance, context: GatewayContext): void {
  const { service } = context;
  let schema: StaticJson | undefined;

  app.get<{ Params: { id: string } }>(routes.exportSnapshot.path, async (request) =>
    service.snapshots.export(request.principal.owner, sessionIdParam(request.params.id)),
  );

  app.get(routes.snapshotSchema.path, { config: { public: true } }, async (request, reply) => {
    schema ??= staticJson(sessionSnapshotJsonSchema());
    return sendStaticJson(request, reply, schema);
  });
}
