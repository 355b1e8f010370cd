// The one place that turns a session record into a snapshot's session and back. A field added to SessionRecord,
// EngineState, ProactiveState or MemoryState goes here twice (both directions) and into snapshot-schema.ts; the
// round-trip tests compare whole records, so a field left out fails them.
import { type EngineState, initialFloor } from '../engine/engine-state.js';
import type { ParticipantState } from '../group/participant-state.js';
import {
  defaultMemorySettings,
  emptyMemory,
  type MemoryEpisode,
  type MemoryState,
} from '../memory/episode.js';
import type { EmotionConfig, ResolvedPersona } from '../persona/persona.js';
import type { SessionRecord } from '../store/session-store.js';
import {
  fromSnapshotActivity,
  fromSnapshotOverrides,
  toSnapshotActivity,
  toSnapshotOverrides,
} from './snapshot-extras.js';
import {
  copyPolicy,
  copyPreferences,
  fromSnapshotProactive,
  toSnapshotAction,
} from './snapshot-proactive.js';
import {
  type SessionSnapshot,
  snapshotFormat,
  snapshotSchemaUrl,
  snapshotVersion,
} from './snapshot-schema.js';

type SnapshotSession = SessionSnapshot['session'];
type SnapshotState = SnapshotSession['state'];
type SnapshotParticipant = SnapshotState['participants'][number];
type SnapshotEpisode = SnapshotSession['memory']['episodes'][number];

/**
 * The snapshot document of a record as stored, exported at `exportedAt` (an ISO time) with the `config` its
 * persona resolves to. Absent optional parts of older records are written as they read (no participants, the
 * initial floor, empty memory with default settings).
 */
export function toSessionSnapshot(
  record: SessionRecord,
  config: EmotionConfig,
  exportedAt: string,
): SessionSnapshot {
  const { state, proactive } = record;
  const memory = record.memory ?? emptyMemory;
  return {
    $schema: snapshotSchemaUrl,
    format: snapshotFormat,
    version: snapshotVersion,
    exported_at: exportedAt,
    session: {
      id: record.id,
      created_at: record.createdAt,
      updated_at: record.updatedAt,
      // Copies: a snapshot is meant to be edited, and the record and the cached parameters are shared values.
      persona: structuredClone(record.persona) as SnapshotSession['persona'],
      config: structuredClone(config) as SnapshotSession['config'],
      state: toSnapshotState(state),
      proactive: {
        preferences: copyPreferences(proactive.preferences),
        pending: proactive.pending.map(toSnapshotAction),
        last_action_at: proactive.lastActionAt,
        raised_in_absence: {
          since: proactive.raisedInAbsence.since,
          types: [...proactive.raisedInAbsence.types],
        },
        acknowledged: [...proactive.acknowledged],
        ...(proactive.actionTimes ? { action_times: [...proactive.actionTimes] } : {}),
      },
      memory: { settings: { ...memory.settings }, episodes: memory.episodes.map(toSnapshotEpisode) },
      activity: toSnapshotActivity(record.activity),
      overrides: toSnapshotOverrides(record.overrides),
      next_due_at: record.nextDueAt,
    },
  };
}

function toSnapshotState(s: EngineState): SnapshotState {
  const floor = s.floor ?? initialFloor;
  return {
    time: s.time,
    emotion: { ...s.emotion },
    mood: { ...s.mood },
    expectation: { ...s.expectation },
    episode: {
      label: s.episode.label,
      secondary: s.episode.secondary ?? null,
      intensity: s.episode.intensity,
      half_life: s.episode.halfLife,
      age: s.episode.age,
    },
    energy: s.energy,
    stress: s.stress,
    needs: { ...s.needs },
    rapport: s.rapport,
    trust: s.trust,
    familiarity_count: s.familiarityCount,
    turns: s.turns,
    last_interaction_at: s.lastInteractionAt,
    stage: {
      level: s.stage.level,
      load: s.stage.load,
      cusp: s.stage.cusp,
      turns_in_stage: s.stage.turnsInStage,
      visited_crisis: s.stage.visitedCrisis,
      recovered: s.stage.recovered,
      calm_turns: s.stage.calmTurns,
      calm_seconds: s.stage.calmSeconds,
    },
    participants: (s.participants ?? []).map(toSnapshotParticipant),
    speaker: s.speaker ?? null,
    floor: { silent_turns: floor.silentTurns, last_spoke_at: floor.lastSpokeAt },
  };
}

function toSnapshotParticipant(p: ParticipantState): SnapshotParticipant {
  return {
    id: p.id,
    name: p.name,
    rapport: p.rapport,
    trust: p.trust,
    familiarity_count: p.familiarityCount,
    at: p.at,
    first_seen_at: p.firstSeenAt,
    last_seen_at: p.lastSeenAt,
    turns: p.turns,
    impact: p.impact,
    impact_at: p.impactAt,
    ...(p.policy ? { policy: copyPolicy(p.policy) } : {}),
  };
}

function toSnapshotEpisode(e: MemoryEpisode): SnapshotEpisode {
  return {
    id: e.id,
    at: e.at,
    text: e.text,
    cues: [...e.cues],
    speaker: e.speaker,
    participants: [...e.participants],
    appraisal: { ...e.appraisal },
    feeling: { ...e.feeling },
    salience: e.salience,
    rehearsals: [...e.rehearsals],
  };
}

/**
 * The record of a new session `id` of `owner` from a validated snapshot: version 1, every other field as the
 * snapshot holds it (times unchanged: the session has been away as long as the engine clock says). Memory is left
 * out when it is empty with default settings, as for a session that never remembered anything.
 */
export function fromSessionSnapshot(snapshot: SessionSnapshot, id: string, owner: string): SessionRecord {
  const { session } = snapshot;
  const record: SessionRecord = {
    id,
    owner,
    version: 1,
    createdAt: session.created_at,
    updatedAt: session.updated_at,
    persona: toPersona(session.persona),
    state: fromSnapshotState(session.state),
    proactive: fromSnapshotProactive(session.proactive),
    nextDueAt: session.next_due_at,
  };
  const memory = fromSnapshotMemory(session.memory);
  if (memory) record.memory = memory;
  const activity = fromSnapshotActivity(session.activity);
  if (activity) record.activity = activity;
  const overrides = fromSnapshotOverrides(session.overrides);
  if (overrides) record.overrides = overrides;
  return record;
}

function toPersona(p: SnapshotSession['persona']): ResolvedPersona {
  const identity: ResolvedPersona['identity'] = {
    name: p.identity.name,
    core_values: [...p.identity.core_values],
    language: p.identity.language,
  };
  if (p.identity.speaking_style !== undefined) identity.speaking_style = p.identity.speaking_style;
  if (p.identity.role !== undefined) identity.role = p.identity.role;
  const { facets, ...domains } = p.personality;
  return {
    preset: p.preset,
    description: p.description,
    identity,
    personality: { ...domains, facets: { ...facets } } as ResolvedPersona['personality'],
    goals: [...p.goals],
    emotion_config: dropUndefined(p.emotion_config) as ResolvedPersona['emotion_config'],
  };
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function fromSnapshotState(s: SnapshotState): EngineState {
  return {
    schema: 1,
    time: s.time,
    emotion: { ...s.emotion },
    mood: { ...s.mood },
    expectation: { ...s.expectation },
    episode: {
      label: s.episode.label,
      secondary: s.episode.secondary,
      intensity: s.episode.intensity,
      halfLife: s.episode.half_life,
      age: s.episode.age,
    },
    energy: s.energy,
    stress: s.stress,
    needs: { ...s.needs },
    rapport: s.rapport,
    trust: s.trust,
    familiarityCount: s.familiarity_count,
    turns: s.turns,
    lastInteractionAt: s.last_interaction_at,
    stage: {
      level: s.stage.level,
      load: s.stage.load,
      cusp: s.stage.cusp,
      turnsInStage: s.stage.turns_in_stage,
      visitedCrisis: s.stage.visited_crisis,
      recovered: s.stage.recovered,
      calmTurns: s.stage.calm_turns,
      calmSeconds: s.stage.calm_seconds,
    },
    participants: s.participants.map(
      (p): ParticipantState => ({
        id: p.id,
        name: p.name,
        rapport: p.rapport,
        trust: p.trust,
        familiarityCount: p.familiarity_count,
        at: p.at,
        firstSeenAt: p.first_seen_at,
        lastSeenAt: p.last_seen_at,
        turns: p.turns,
        impact: p.impact,
        impactAt: p.impact_at,
        ...(p.policy ? { policy: copyPolicy(p.policy) } : {}),
      }),
    ),
    speaker: s.speaker,
    floor: { silentTurns: s.floor.silent_turns, lastSpokeAt: s.floor.last_spoke_at },
  };
}

function fromSnapshotMemory(m: SnapshotSession['memory']): MemoryState | undefined {
  const s = m.settings;
  const defaults = defaultMemorySettings;
  const isDefault =
    s.enabled === defaults.enabled &&
    s.store_text === defaults.store_text &&
    s.max_episodes === defaults.max_episodes;
  if (m.episodes.length === 0 && isDefault) return undefined;
  return {
    settings: { ...s },
    episodes: m.episodes.map((e) => ({
      ...e,
      cues: [...e.cues],
      participants: [...e.participants],
      appraisal: { ...e.appraisal },
      feeling: { ...e.feeling },
      rehearsals: [...e.rehearsals],
    })),
  };
}
