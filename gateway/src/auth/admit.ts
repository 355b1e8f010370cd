import type { IncomingMessage } from 'node:http';
import { errorMessages } from '@limbic/protocol';
import type { GatewayContext } from '../context.js';
import { type Classified, unauthorizedMessage } from '../errors.js';
import { capOf, type Release, type SlotKind } from '../subscribers.js';
import type { Principal } from './authenticator.js';
import type { RateDecision } from './rate-limiter.js';
import { forwardedAddress } from './trust-proxy.js';

/** The transports that admit callers; each translates a refusal into its own form (docs/errors.md, "Admission"). */
export type Transport = 'rest' | 'websocket' | 'graphql' | 'graphql-ws';

/** What asks to be admitted. */
export interface AdmissionRequest {
  /** The API key as sent (Bearer header, `token` query parameter or graphql-ws connectionParams), or undefined. */
  credential: string | undefined;
  /** The client address ({@link clientAddress}), for the failed-authentication limit. */
  address: string;
  transport: Transport;
  /** Already authenticated (a graphql-ws socket's later operations): only the rate limit is checked. */
  principal?: Principal | null;
  /** Accept the operator token too (GraphQL's operator fields); it is counted against no key. */
  operator?: boolean;
  /** What the caller opens and holds (a WebSocket connection): it claims one of the key's slots of the plan's cap. */
  holds?: SlotKind;
}

/** The answer: the key's principal (and the rate decision it was counted with), or the refusal as an error. */
export type Admission =
  | { ok: true; principal: Principal; decision: RateDecision; release?: Release }
  | { ok: true; operator: true }
  | { ok: false; refusal: Classified & { decision?: RateDecision } };

/**
 * The address a request comes from, the same way for every transport (REST requests, GraphQL over HTTP, and the
 * `/v1/ws` and graphql-ws upgrades): the TCP peer's, or, when the peer is a proxy trusted by LIMBIC_TRUST_PROXY, the
 * client that X-Forwarded-For names (as Fastify's `request.ip`). The failed-authentication limit counts by it.
 */
export function clientAddress(context: Pick<GatewayContext, 'proxyTrust'>, request: IncomingMessage): string {
  return forwardedAddress(request, context.proxyTrust);
}

/** The refusal of every transport while the gateway shuts down (close: drains, then stops). */
export const shuttingDown: Classified & { retryAfter: number } = {
  code: 'SERVICE_UNAVAILABLE',
  message: errorMessages.shuttingDown('retry'),
  retryAfter: 1,
};

/** Seconds a client should wait after a cap refusal: by the next heartbeat, sockets that died are swept. */
function capWait(context: GatewayContext): number {
  return Math.max(1, Math.ceil(context.config.heartbeatMs / 1000));
}

const slotNames: Record<SlotKind, string> = {
  socket: 'open WebSocket connections',
  subscription: 'open GraphQL subscriptions',
};

/**
 * Claims one of the key's slots of `kind` (WebSocket connections, GraphQL subscriptions) against its plan's cap.
 * The refusal is RATE_LIMIT, with the wait until the next heartbeat (when dead sockets have been swept).
 */
export function claimSlot(
  context: GatewayContext,
  principal: Principal,
  kind: SlotKind,
): { ok: true; release: Release } | { ok: false; refusal: Classified } {
  const release = context.subscribers.claim(principal, kind);
  if (release) return { ok: true, release };
  const cap = capOf(principal.plan, kind);
  return {
    ok: false,
    refusal: {
      code: 'RATE_LIMIT',
      message: `Too many ${slotNames[kind]}: the ${principal.plan.name} plan allows ${cap} per key; close one first`,
      retryAfter: capWait(context),
    },
  };
}

/**
 * The refusal of a connection opened past the per-address cap (LIMBIC_MAX_CONNECTIONS_PER_ADDRESS), checked first
 * by REST and by every WebSocket upgrade; undefined for the connections within it.
 */
export function connectionRefusal(context: GatewayContext, socket: object): Classified | undefined {
  if (!context.connections.overCap(socket)) return undefined;
  return {
    code: 'RATE_LIMIT',
    message: `Too many connections from this address: at most ${context.connections.max} may be open at once`,
    retryAfter: capWait(context),
  };
}

const tooManyFailures = (retryAfter: number): Classified => ({
  code: 'RATE_LIMIT',
  message: 'Too many failed authentications from this address; retry later',
  retryAfter,
});

/** The refusal of an address blocked by its failed authentications, or undefined. */
async function blockedRefusal(context: GatewayContext, address: string): Promise<Classified | undefined> {
  const blocked = await context.failedAuth.blockedFor(address);
  return blocked > 0 ? tooManyFailures(blocked) : undefined;
}

/** Counts a failed authentication against the address: UNAUTHORIZED, or RATE_LIMIT once it failed too often. */
async function failedRefusal(context: GatewayContext, address: string, message: string): Promise<Classified> {
  const wait = await context.failedAuth.fail(address);
  return wait > 0 ? tooManyFailures(wait) : { code: 'UNAUTHORIZED', message };
}

/** The message of a refused operator-only request (GET /metrics), the same for every cause. */
export const operatorUnauthorizedMessage = 'Invalid or missing operator token or LIMBIC_METRICS_TOKEN';

/**
 * Admission of the operator alone, for GET /metrics: the gateway is not shutting down → the address is not blocked
 * by failed authentications → the credential is the operator token, or one that `accept` takes (the metrics token).
 * API keys are not accepted, and no plan counts the request; a failure counts against the address like every failed
 * authentication. Resolves with the refusal, or undefined when admitted.
 */
export async function admitOperator(
  context: GatewayContext,
  request: { credential: string | undefined; address: string; accept?: (credential: string) => boolean },
): Promise<Classified | undefined> {
  if (context.closing) return shuttingDown;
  const blocked = await blockedRefusal(context, request.address);
  if (blocked) return blocked;
  const { credential } = request;
  if (context.operator.verify(credential)) return undefined;
  if (credential !== undefined && request.accept?.(credential)) return undefined;
  return failedRefusal(context, request.address, operatorUnauthorizedMessage);
}

/**
 * The one admission path of every transport: the gateway is not shutting down → the address is not blocked by
 * failed authentications → the key is valid (a failure counts against the address; GraphQL may accept the operator
 * token here, which no plan counts) → the plan's rate limit, against
 * which the request, WebSocket connection or GraphQL operation counts once → for a WebSocket connection, the key's
 * socket cap (a slot the caller gives back when the socket closes). REST answers a refusal with its status,
 * `/v1/ws` with an `error` message and its close code, GraphQL with the error in `errors`, graphql-ws with the close
 * code: the same codes, messages and `retry_after` everywhere.
 */
export async function admit(
  context: GatewayContext,
  request: AdmissionRequest & { operator?: false },
): Promise<Exclude<Admission, { operator: true }>>;
export async function admit(context: GatewayContext, request: AdmissionRequest): Promise<Admission>;
export async function admit(context: GatewayContext, request: AdmissionRequest): Promise<Admission> {
  if (context.closing) return { ok: false, refusal: shuttingDown };
  let principal = request.principal ?? null;
  if (!principal) {
    const blocked = await blockedRefusal(context, request.address);
    if (blocked) return { ok: false, refusal: blocked };
    if (request.operator && context.operator.verify(request.credential)) return { ok: true, operator: true };
    principal = await context.auth.authenticate(request.credential);
  }
  if (!principal) {
    return { ok: false, refusal: await failedRefusal(context, request.address, unauthorizedMessage) };
  }
  const decision = await context.limiter.consume(principal);
  if (!decision.allowed) {
    return {
      ok: false,
      refusal: {
        code: 'RATE_LIMIT',
        message: errorMessages.rateLimited(decision.plan, decision.limit),
        retryAfter: decision.resetSeconds,
        decision,
      },
    };
  }
  if (!request.holds) return { ok: true, principal, decision };
  const slot = claimSlot(context, principal, request.holds);
  if (!slot.ok) return slot;
  return { ok: true, principal, decision, release: slot.release };
}
