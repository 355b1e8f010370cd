import { routes } from '@limbic/protocol';
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context.js';
import { asyncApiPath, createAsyncApiDocument } from '../openapi/asyncapi.js';
import { createOpenApiDocument } from '../openapi/document.js';
import { type StaticJson, sendStaticJson, staticJson } from './static-json.js';

/**
 * GET /v1/openapi.json and GET /v1/asyncapi.json (public): the OpenAPI 3.1 document of the HTTP interface and the
 * AsyncAPI 3.0 document of the session WebSocket, each built on its first request and kept, with an ETag (304 on
 * a matching If-None-Match) and brotli or gzip when accepted.
 */
export function registerOpenApiRoutes(app: FastifyInstance, context: GatewayContext): void {
  let openApi: StaticJson | undefined;
  let asyncApi: StaticJson | undefined;
  app.get(routes.openapi.path, { config: { public: true } }, async (request, reply) => {
    openApi ??= staticJson(createOpenApiDocument(context.version));
    return sendStaticJson(request, reply, openApi);
  });
  app.get(asyncApiPath, { config: { public: true } }, async (request, reply) => {
    asyncApi ??= staticJson(createAsyncApiDocument(context.version));
    return sendStaticJson(request, reply, asyncApi);
  });
}
