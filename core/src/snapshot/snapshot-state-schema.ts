// The engine state of a snapshot (docs/snapshots.md, "session.state"): EngineState field for field, in the wire's
// snake_case, every number exactly as stored.
import { z } from 'zod';
import { appraisalSchema } from '../appraisal/appraisal.js';
import { maxParticipants } from '../group/participants.js';
import { emotionLabels } from '../labels/emotion-label.js';
import {
  flag,
  int,
  list,
  nullableTime,
  num,
  oneOf,
  participantId,
  participantName,
  positive,
  signed,
  time,
  unit,
} from './snapshot-fields.js';
import { snapshotParticipantPolicySchema } from './snapshot-policy.js';

/** Longest span of seconds a state counts (an episode's age, calm seconds): the whole time range. */
const maxSeconds = 8.64e12;
/** Largest familiarity count (it grows by one per turn and fades with absence). */
const maxCount = 1e12;

/** A point of the engine's internal space: V, a (arousal) and D, each in [-1, 1]. */
export const internalVadSchema = z
  .strictObject({ V: signed, a: signed, D: signed }, { error: 'must be an object with V, a and D' })
  .describe(
    "A point of the engine's internal space: valence V, arousal a and dominance D, each in [-1, 1]. The API exposes arousal as A = (a + 1) / 2.",
  );

/** An appraisal with all six dimensions and nothing else. */
export const strictAppraisalSchema = z.strictObject(appraisalSchema.shape, {
  error: 'must be an object with the six appraisal dimensions',
});

const label = oneOf(emotionLabels);

/** One participant of a group session and the relationship with them (ParticipantState). */
export const snapshotParticipantSchema = z.strictObject(
  {
    id: participantId,
    name: participantName,
    rapport: unit,
    trust: unit,
    familiarity_count: num(0, maxCount),
    at: time.describe('Engine-clock time (ms) that rapport, trust and familiarity_count describe'),
    first_seen_at: time,
    last_seen_at: time,
    turns: int(0),
    impact: unit,
    impact_at: time,
    policy: snapshotParticipantPolicySchema,
  },
  { error: 'must be a participant object' },
);

/** The engine state of a session, exactly as stored (EngineState). */
export const snapshotStateSchema = z.strictObject(
  {
    time: time.describe('Engine-clock time (ms) the state describes'),
    emotion: internalVadSchema.describe('The fast layer: the emotion, in internal space'),
    mood: internalVadSchema.describe('The slow layer: the mood, in internal space'),
    expectation: strictAppraisalSchema.describe('The expected appraisal (delta-rule prediction model)'),
    episode: z.strictObject(
      {
        label: label.nullable(),
        secondary: label.nullable(),
        intensity: unit,
        half_life: positive(maxSeconds).describe('Half-life of the episode toward mood, in seconds'),
        age: num(0, maxSeconds).describe('Seconds since the event'),
      },
      { error: 'must be an object' },
    ),
    energy: unit,
    stress: unit,
    needs: z.strictObject(
      { belonging: unit, competence: unit, autonomy: unit },
      { error: 'must be an object with belonging, competence and autonomy' },
    ),
    rapport: unit.describe('Relationship with the default person (turns without `from`)'),
    trust: unit,
    familiarity_count: num(0, maxCount),
    turns: int(0).describe('Number of turns ever processed'),
    last_interaction_at: time.describe('Engine-clock time (ms) of the last turn that came from the person'),
    stage: z.strictObject(
      {
        level: int(1, 15),
        load: unit,
        cusp: num(-3, 3),
        turns_in_stage: int(0),
        visited_crisis: flag,
        recovered: flag,
        calm_turns: int(0),
        calm_seconds: num(0, maxSeconds),
      },
      { error: 'must be an object' },
    ),
    participants: list(snapshotParticipantSchema, maxParticipants, 'participants'),
    speaker: participantId.nullable().describe('Id of the participant who spoke last, or null'),
    floor: z.strictObject(
      { silent_turns: int(0), last_spoke_at: nullableTime },
      { error: 'must be an object with silent_turns and last_spoke_at' },
    ),
  },
  { error: 'must be an object' },
);
