import type { Server } from 'node:http';
import { closeCodes, errorTable } from '@limbic/protocol';
import type { ExecutionArgs, GraphQLError, GraphQLFormattedError } from 'graphql';
import { type WebSocket, WebSocketServer } from 'ws';
import { admit, clientAddress, shuttingDown } from '../auth/admit.js';
import { bearerToken } from '../auth/authenticator.js';
import type { GatewayContext } from '../context.js';
import { refuseForeignOrigin } from '../cors.js';
import { refuseBadHandshake, rejectUpgrade, upgradeRouterOf } from '../ws/upgrade-router.js';
import { graphQLError, normalizeError } from './errors.js';
import { serveGraphQLWs } from './ws-server.js';
import { graphQLPath, type LimbicYoga, type WsExtra } from './yoga.js';

/** Most subscriptions one graphql-ws socket may have open at once. */
export const maxSubscriptionsPerSocket = 100;

/** The graphql-ws endpoint on /graphql. */
export interface GraphQLWebSocket {
  /** Closes every socket with 1001 Going away and stops accepting new ones. */
  close(): Promise<void>;
  /**
   * Drops every socket at once without a close handshake, as a network failure would: clients that retry reconnect
   * and resubscribe. For tests of reconnection. Returns how many sockets it dropped.
   */
  drop(): number;
  /** Open sockets. */
  readonly size: number;
}

/**
 * Reads the API key (or the operator token) from connectionParams: `{authorization: 'Bearer <key>'}` (also
 * `Authorization`), or `{token}` / `{apiKey}` holding the bare key.
 */
export function keyFromParams(params: Readonly<Record<string, unknown>> | undefined): string | undefined {
  if (!params) return undefined;
  const header = params.authorization ?? params.Authorization;
  if (typeof header === 'string') return bearerToken(header);
  const bare = params.token ?? params.apiKey;
  return typeof bare === 'string' ? bare : undefined;
}

// graphql-ws sends errors as they are; `extensions.http` is Yoga's HTTP-only hint, so it is dropped here.
function format(error: GraphQLError): GraphQLFormattedError {
  const json = error.toJSON();
  if (!json.extensions || !('http' in json.extensions)) return json;
  const { http: _, ...extensions } = json.extensions;
  return { ...json, extensions };
}

/**
 * Attaches graphql-ws (the graphql-transport-ws protocol, over `ws`) on /graphql through the shared upgrade
 * router. The key comes in connectionParams and is checked on `connection_init`: a missing or bad key closes the
 * socket with 4401 Unauthorized (which graphql-ws clients do not retry), an address blocked after failed
 * authentications with 4429 and `RATE_LIMIT: retry after N s`; the operator token is accepted too, for the
 * operator fields. Every `subscribe` message runs Yoga's envelop pipeline (armor limits, guard, error
 * normalization), so the rules of HTTP apply; each counts once against the key's rate limit. Sockets of a revoked
 * key close with 4401.
 */
export function attachGraphQLWebSocket(
  server: Server,
  gateway: GatewayContext,
  yoga: LimbicYoga,
): GraphQLWebSocket {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: gateway.config.wsMaxMessage,
    perMessageDeflate: false,
    // ws ≥ 8.19 option missing from @types/ws: destroy sockets whose peer ignores our close frame.
    ...({ closeTimeout: 2_000 } as object),
  });
  /** What each authenticated socket gives back when it closes: its registry entry and its slot of the socket cap. */
  const ended = new Map<WebSocket, () => void>();
  const onInternal = (error: unknown) => gateway.log.error({ err: error }, 'graphql-ws operation failed');
  const normalize = (error: unknown) => normalizeError(error, onInternal);

  const disposable = serveGraphQLWs<Record<string, unknown>, { [K in keyof WsExtra]: WsExtra[K] }>(
    {
      async onConnect(ctx) {
        const { extra } = ctx;
        extra.token = keyFromParams(ctx.connectionParams);
        extra.ip = clientAddress(gateway, extra.request);
        extra.principal = null;
        extra.operator = false;
        // The one admission path (auth/admit.ts): the connection counts once against the key's plan, as on /v1/ws.
        const admission = await admit(gateway, {
          credential: extra.token,
          address: extra.ip,
          transport: 'graphql-ws',
          operator: true,
          holds: 'socket',
        });
        if (!admission.ok) {
          const { code, retryAfter } = admission.refusal;
          // Close codes from the error table: 4401 for a bad key, which the official client does not retry (4403 it
          // would, forever), 4429 with the wait in the reason, 1001 while shutting down.
          const reason = retryAfter === undefined ? code : `${code}: retry after ${retryAfter} s`;
          extra.socket.close(errorTable[code].closeCode, reason);
          return false;
        }
        if ('operator' in admission) {
          // Operator sockets run operator fields only; every operation checks the token again (see guard.ts).
          extra.operator = true;
          return extra.socket.readyState === extra.socket.OPEN;
        }
        const { principal, release } = admission;
        // The peer may have gone while the key was checked; onClose has run already then.
        if (extra.socket.readyState !== extra.socket.OPEN) {
          release?.();
          return false;
        }
        extra.principal = principal;
        // In the one subscriber registry: a revoked key's sockets close with 4401, on every transport at once.
        const unregister = gateway.subscribers.add({
          kind: 'graphql-ws',
          keyId: principal.keyId,
          revoked: () => extra.socket.close(closeCodes.unauthorized, 'Unauthorized'),
        });
        ended.set(extra.socket, () => {
          unregister();
          release?.();
        });
        return true;
      },
      onClose(ctx) {
        ended.get(ctx.extra.socket)?.();
        ended.delete(ctx.extra.socket);
      },
      async onSubscribe(ctx, _id, params) {
        if (Object.keys(ctx.subscriptions).length > maxSubscriptionsPerSocket) {
          return [
            graphQLError(
              'RATE_LIMIT',
              `Too many subscriptions on this socket: at most ${maxSubscriptionsPerSocket} may be open`,
            ),
          ];
        }
        const enveloped = yoga.getEnveloped({
          ...ctx,
          req: ctx.extra.request,
          socket: ctx.extra.socket,
          params,
        } as never);
        let document: ReturnType<typeof enveloped.parse>;
        try {
          document = enveloped.parse(params.query);
        } catch (error) {
          return [normalize(error)];
        }
        const errors = enveloped.validate(enveloped.schema, document);
        if (errors.length > 0) return errors.map(normalize);
        const args: ExecutionArgs = {
          schema: enveloped.schema,
          operationName: params.operationName ?? null,
          document,
          variableValues: params.variables ?? null,
          contextValue: await enveloped.contextFactory(),
          rootValue: { execute: enveloped.execute, subscribe: enveloped.subscribe },
        };
        return args;
      },
      execute: (args) => (args.rootValue as { execute(a: ExecutionArgs): unknown }).execute(args) as never,
      subscribe: (args) =>
        (args.rootValue as { subscribe(a: ExecutionArgs): unknown }).subscribe(args) as never,
      onNext(_ctx, _id, _payload, _args, result) {
        if (!result.errors) return undefined;
        const errors = result.errors.map((error) => format(normalize(error)));
        return { ...(result.data === undefined ? {} : { data: result.data }), errors };
      },
      onError(_ctx, _id, _payload, errors) {
        return errors.map((error) => format(normalize(error)));
      },
    },
    wss,
    gateway.config.heartbeatMs,
    gateway.log,
  );

  upgradeRouterOf(server).add((request, socket, head) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== graphQLPath) return false;
    if (refuseForeignOrigin(request, socket, gateway.config.corsOrigins)) return true;
    if (gateway.closing) {
      rejectUpgrade(socket, shuttingDown, {
        'Retry-After': String(shuttingDown.retryAfter),
      });
      return true;
    }
    if (refuseBadHandshake(request, socket)) return true;
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
    return true;
  });

  let closing: Promise<void> | undefined;
  return {
    close() {
      closing ??= Promise.resolve(disposable.dispose());
      return closing;
    },
    drop() {
      const sockets = [...wss.clients];
      for (const ws of sockets) ws.terminate();
      return sockets.length;
    },
    get size() {
      return wss.clients.size;
    },
  };
}
