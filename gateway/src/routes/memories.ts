import { isLimbicError, toValidationError } from '@limbic/core';
import { routes } from '@limbic/protocol';
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context.js';
import { objectBody, onlyParams, sessionIdParam, singleParam } from './route-input.js';

interface SessionParams {
  Params: { id: string };
}

interface MemoryParams {
  Params: { id: string; memoryId: string };
}

const listParams = ['cursor', 'limit', 'participant', 'q'] as const;

/** Lists a page, with the core's `query` issues under REST's name for it, `q`. */
async function withQueryParam<T>(list: () => Promise<T>): Promise<T> {
  try {
    return await list();
  } catch (error) {
    if (!isLimbicError(error, 'VALIDATION_ERROR')) throw error;
    throw toValidationError(
      'query',
      error.issues.map((issue) => (issue.path === 'query' ? { ...issue, path: 'q' } : issue)),
    );
  }
}

/**
 * A session's episodic memory (docs/memory.md), under the session's own path: GET /v1/persona/:id/memories (newest
 * first, cursor pages as the session list, filtered by `participant` and by a text query `q`), DELETE
 * /v1/persona/:id/memories/:memoryId (forgets one: `{forgotten: true, id}`), DELETE /v1/persona/:id/memories
 * (forgets all: `{forgotten: true, sessionId, count}`), and GET and PUT /v1/persona/:id/memory/settings. NOT_FOUND
 * says whether the session or the memory is missing; another key's session is missing.
 */
export function registerMemoryRoutes(app: FastifyInstance, context: GatewayContext): void {
  const { service } = context;

  app.get<SessionParams>(routes.listMemories.path, async (request) => {
    const query = request.query as Record<string, unknown>;
    onlyParams(query, listParams);
    const cursor = singleParam(query, 'cursor');
    const limit = singleParam(query, 'limit');
    const participant = singleParam(query, 'participant');
    const text = singleParam(query, 'q');
    const sessionId = sessionIdParam(request.params.id);
    return withQueryParam(() =>
      service.memories.list(request.principal.owner, sessionId, {
        cursor: cursor || null,
        ...(limit === undefined ? {} : { limit }),
        ...(participant === undefined ? {} : { participant }),
        ...(text === undefined ? {} : { query: text }),
      }),
    );
  });

  app.delete<MemoryParams>(routes.forgetMemory.path, async (request) =>
    service.memories.forget(
      request.principal.owner,
      sessionIdParam(request.params.id),
      request.params.memoryId,
    ),
  );

  app.delete<SessionParams>(routes.forgetAllMemories.path, async (request) =>
    service.memories.forgetAll(request.principal.owner, sessionIdParam(request.params.id)),
  );

  app.get<SessionParams>(routes.getMemorySettings.path, async (request) => {
    const sessionId = sessionIdParam(request.params.id);
    return { sessionId, settings: await service.memories.settings(request.principal.owner, sessionId) };
  });

  app.put<SessionParams>(routes.setMemorySettings.path, async (request) =>
    service.memories.setSettings(
      request.principal.owner,
      sessionIdParam(request.params.id),
      objectBody(request.body),
    ),
  );
}
