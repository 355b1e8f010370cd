// The parts of a snapshot's session that issue 25 added to the record: each person's activity history
// (relationship health, docs/relationship-health.md) and the operator overrides' log (docs/time-control.md). Schema
// and both directions of the codec together, each field as the record keeps it.
import { z } from 'zod';
import { maxParticipants } from '../group/participants.js';
import {
  type ActivityState,
  type DayActivity,
  historyDays,
  type PersonActivity,
  type SignalId,
  signalIds,
} from '../health/activity.js';
import {
  maxOverrideLog,
  maxOverrideNote,
  minEnergy,
  type OverrideEntry,
  type OverrideState,
  type OverrideValues,
} from '../session/state-override.js';
import { int, list, nonBlank, num, participantId, time, unit } from './snapshot-fields.js';
import { internalVadSchema } from './snapshot-state-schema.js';

const count = int(0, 1e9);

/** One UTC day of a person's messages (DayActivity). */
const daySchema = z.strictObject(
  {
    day: int(0, 1e8).describe('The UTC day: floor(engine-clock ms / 86,400,000)'),
    messages: count,
    hours: z
      .array(count, { error: 'must be a list of 24 counts' })
      .length(24, { error: 'must be a list of 24 counts' })
      .describe('Messages per UTC hour of the day, index 0 the hour from 00:00 UTC'),
    hostile: count,
    distress: count,
    rapport: unit,
    trust: unit,
    familiarity: unit,
  },
  { error: 'must be a day of activity' },
);

const signalsSchema = z
  .strictObject(
    Object.fromEntries(signalIds.map((id) => [id, time.optional()])) as Record<
      (typeof signalIds)[number],
      z.ZodOptional<typeof time>
    >,
    { error: 'must be an object of signal ids and engine-clock times' },
  )
  .describe(
    'The signals active at their last message: id → engine-clock time of the message that first found it',
  );

const personShape = {
  days: list(daySchema, historyDays, 'days'),
  signals: signalsSchema,
};

/** A session's activity history (ActivityState), or null when the record holds none. */
export const snapshotActivitySchema = z
  .strictObject(
    {
      person: z.strictObject(personShape, { error: 'must be an object with days and signals' }).optional(),
      participants: list(
        z.strictObject(
          { id: participantId, ...personShape },
          { error: 'must be an object with id, days and signals' },
        ),
        maxParticipants,
        'participants',
      ).optional(),
    },
    { error: 'must be an object or null' },
  )
  .nullable()
  .describe("Each person's activity history for relationship health (docs/relationship-health.md), or null");

const part = (shape: z.ZodRawShape) => z.strictObject(shape, { error: 'must be an object' }).optional();
const vad = () => part({ V: num(-1, 1).optional(), A: unit.optional(), D: num(-1, 1).optional() });

/** The operator overrides' log and what the next turn measures from (OverrideState), or null. */
export const snapshotOverridesSchema = z
  .strictObject(
    {
      log: list(
        z.strictObject(
          {
            by: nonBlank(200),
            at: time,
            values: z.strictObject(
              {
                emotion: vad(),
                mood: vad(),
                body_budget: part({ energy: num(minEnergy, 1).optional(), stress: unit.optional() }),
                relationship: part({
                  participant: participantId.optional(),
                  rapport: unit.optional(),
                  trust: unit.optional(),
                  familiarity: unit.optional(),
                }),
              },
              { error: 'must be an object' },
            ),
            note: nonBlank(maxOverrideNote).nullable(),
          },
          { error: 'must be an override log entry' },
        ),
        maxOverrideLog,
        'entries',
      ),
      felt_before: internalVadSchema.nullable(),
    },
    { error: 'must be an object or null' },
  )
  .nullable()
  .describe('The operator overrides (docs/time-control.md): the latest, oldest first, or null');

type SnapshotActivity = z.infer<typeof snapshotActivitySchema>;
type SnapshotOverrides = z.infer<typeof snapshotOverridesSchema>;

type SnapshotPerson = NonNullable<NonNullable<SnapshotActivity>['person']>;

const copyDays = (days: readonly DayActivity[]) => days.map((d) => ({ ...d, hours: [...d.hours] }));

/** A person's history as the snapshot holds it (a copy: records are shared values). */
const toPerson = (p: PersonActivity): SnapshotPerson => ({
  days: copyDays(p.days),
  signals: { ...p.signals },
});

/** A person's history as the record holds it: signals without absent keys. */
function fromPerson(p: SnapshotPerson): PersonActivity {
  const signals: Partial<Record<SignalId, number>> = {};
  for (const id of signalIds) {
    const at = p.signals[id];
    if (at !== undefined) signals[id] = at;
  }
  return { days: copyDays(p.days), signals };
}

/** The snapshot form of a record's activity (null when it holds none). */
export function toSnapshotActivity(activity: ActivityState | undefined): SnapshotActivity {
  if (activity === undefined) return null;
  const out: NonNullable<SnapshotActivity> = {};
  if (activity.person) out.person = toPerson(activity.person);
  if (activity.participants)
    out.participants = activity.participants.map((p) => ({ id: p.id, ...toPerson(p) }));
  return out;
}

/** The record's activity from a snapshot (undefined for null). */
export function fromSnapshotActivity(activity: SnapshotActivity): ActivityState | undefined {
  if (activity === null) return undefined;
  const out: ActivityState = {};
  if (activity.person) out.person = fromPerson(activity.person);
  if (activity.participants)
    out.participants = activity.participants.map((p) => ({ id: p.id, ...fromPerson(p) }));
  return out;
}

/** The snapshot form of a record's overrides (null when it holds none). */
export function toSnapshotOverrides(overrides: OverrideState | undefined): SnapshotOverrides {
  if (overrides === undefined) return null;
  return {
    log: overrides.log.map((e) => ({ ...e, values: structuredClone(e.values) })),
    felt_before: overrides.feltBefore ? { ...overrides.feltBefore } : null,
  };
}

/** The record's overrides from a snapshot (undefined for null). */
export function fromSnapshotOverrides(overrides: SnapshotOverrides): OverrideState | undefined {
  if (overrides === null) return undefined;
  return {
    log: overrides.log.map(
      (e): OverrideEntry => ({ ...e, values: structuredClone(e.values) as OverrideValues }),
    ),
    feltBefore: overrides.felt_before ? { ...overrides.felt_before } : null,
  };
}
