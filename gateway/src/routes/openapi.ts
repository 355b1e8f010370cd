import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context.js';
import { createOpenApiDocument } from '../openapi/document.js';
import { type StaticJson, sendStaticJson, staticJson } from './static-json.js';

/**
 * GET /v1/openapi.json (public): the OpenAPI 3.1 document, built on the first request and kept, with an ETag
 * (304 on a matching If-None-Match).
 */
export function registerOpenApiRoutes(app: FastifyInstance, context: GatewayContext): void {
  let document: StaticJson | undefined;
  app.get('/v1/openapi.json', { config: { public: true } }, async (request, reply) => {
    document ??= staticJson(createOpenApiDocument(context.version));
    return sendStaticJson(request, reply, document);
  });
}
