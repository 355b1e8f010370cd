import type { HealthBody } from '../routes/health.js';
import type { PresetSummary } from '../routes/presets.js';
import { builder } from './builder.js';
import { HexacoRef } from './session-types.js';

/** A built-in preset (REST GET /v1/presets). */
export const PresetSummaryRef = builder.objectRef<PresetSummary>('PresetSummary').implement({
  description: 'A built-in preset a persona definition may name.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The preset identifier, for `preset` in createSession' }),
    name: t.exposeString('name'),
    description: t.exposeString('description'),
    personality: t.expose('personality', { type: HexacoRef }),
  }),
});

const StoreRef = builder.objectRef<HealthBody['store']>('StoreHealth').implement({
  fields: (t) => ({ kind: t.exposeString('kind'), reachable: t.exposeBoolean('reachable') }),
});

/** The gateway's health (REST GET /v1/health). */
export const HealthRef = builder.objectRef<HealthBody>('Health').implement({
  description: 'The gateway’s version, store, uptime, time scale and engine time. Needs no API key.',
  fields: (t) => ({
    status: t.exposeString('status', { description: 'Always ok (a failing store is SERVICE_UNAVAILABLE)' }),
    version: t.exposeString('version'),
    store: t.expose('store', { type: StoreRef }),
    uptime_seconds: t.exposeInt('uptime_seconds'),
    time_scale: t.exposeFloat('time_scale', {
      description: 'How many times faster than wall time the engine clock runs',
    }),
    engine_time: t.exposeString('engine_time', {
      description:
        'The engine clock now (ISO 8601): the wall clock at time scale 1; under a time scale, counted from the origin stored with the data, so every gateway on one store agrees',
    }),
  }),
});
