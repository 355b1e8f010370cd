import { presetIds } from '@limbic/core';
import { z } from 'zod';
import { type ErrorCode, errorCodes } from '../errors.js';
import { count, oneOf, unit } from './primitives.js';

/** `GET /v1/health`. */
export const healthSchema = z.strictObject({
  status: z.literal('ok'),
  version: z.string(),
  store: z.strictObject({ kind: z.string(), reachable: z.literal(true) }),
  uptime_seconds: count,
  time_scale: z.number().positive(),
  engine_time: z.iso
    .datetime()
    .describe(
      'The engine clock now: the wall clock at time scale 1; under a time scale, counted from the origin stored with the data, so every gateway on one store agrees',
    ),
});

/** `GET /v1/presets`. */
export const presetsSchema = z.strictObject({
  presets: z.array(
    z.strictObject({
      id: oneOf(presetIds),
      name: z.string(),
      description: z.string(),
      personality: z.strictObject({ O: unit, C: unit, E: unit, A: unit, N: unit, H: unit }),
    }),
  ),
});

/** Any JSON object (a document's parts): open, so generators type it as a record. */
const anyObject = z.looseObject({});

/** `GET /v1/openapi.json`: the parts clients read; the rest is open. */
export const openApiSchema = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: anyObject,
  servers: z.array(anyObject).optional(),
  paths: anyObject,
  components: anyObject,
  'x-websocket': anyObject.optional(),
});

/** `GET /v1/asyncapi.json`: the parts clients read; the rest is open. */
export const asyncApiSchema = z.looseObject({
  asyncapi: z.literal('3.0.0'),
  info: anyObject,
  servers: anyObject.optional(),
  channels: anyObject,
  operations: anyObject,
  components: anyObject,
});

/** The error body with `code` restricted to `codes` (every code by default). */
export function errorBody(codes: readonly ErrorCode[] = errorCodes) {
  return z.strictObject({
    error: z.strictObject({
      code: oneOf(codes),
      status: z.int(),
      message: z.string(),
      details: z.array(z.strictObject({ path: z.string(), message: z.string() })).optional(),
      request_id: z.string().optional(),
      retry_after: count.optional(),
    }),
  });
}
