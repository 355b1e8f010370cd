import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context.js';
import { createOpenApiDocument, type OpenApiDocument } from '../openapi/document.js';

/** GET /v1/openapi.json (public): the OpenAPI 3.1 document, built on the first request and kept. */
export function registerOpenApiRoutes(app: FastifyInstance, context: GatewayContext): void {
  let document: OpenApiDocument | undefined;
  app.get('/v1/openapi.json', { config: { public: true } }, async () => {
    document ??= createOpenApiDocument(context.version);
    return document;
  });
}
