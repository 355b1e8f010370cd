import { type PresetId, presetIds, presets } from '@limbic/core';
import { routes } from '@limbic/protocol';
import type { FastifyInstance } from 'fastify';
import { sendStaticJson, staticJson } from './static-json.js';

/** One entry of GET /v1/presets. */
export interface PresetSummary {
  id: PresetId;
  name: string;
  description: string;
  personality: { O: number; C: number; E: number; A: number; N: number; H: number };
}

/** The built-in presets as GET /v1/presets lists them, in their documented order. */
export function presetSummaries(): PresetSummary[] {
  return presetIds.map((id) => {
    const { identity, description, personality: p } = presets[id];
    return {
      id,
      name: identity.name,
      description,
      personality: { O: p.O, C: p.C, E: p.E, A: p.A, N: p.N, H: p.H },
    };
  });
}

/**
 * GET /v1/presets: the preset identifiers a persona definition may name, with their names and traits; with an ETag
 * (304 on a matching If-None-Match).
 */
export function registerPresetRoutes(app: FastifyInstance): void {
  const body = staticJson({ presets: presetSummaries() });
  app.get(routes.listPresets.path, async (request, reply) => sendStaticJson(request, reply, body));
}
