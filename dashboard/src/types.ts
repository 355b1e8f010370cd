/**
 * The result types of the operations in `queries.ts`, written by hand: each mirrors the fields its operation
 * selects from gateway/schema.graphql, nothing more.
 */

/** Which environment an API key works in. */
export type KeyEnvironment = 'test' | 'live';
/** The plan of an API key: its rate limit and session quota. */
export type Plan = 'free' | 'pro' | 'enterprise';
/** Where an API key stands; `expiring` is the old key of a rotation, still working for its grace period. */
export type KeyStatus = 'active' | 'expiring' | 'expired' | 'revoked';

/** The values of the enums above, for selects and filters. */
export const keyEnvironments = ['test', 'live'] as const satisfies readonly KeyEnvironment[];
export const plans = ['free', 'pro', 'enterprise'] as const satisfies readonly Plan[];
export const keyStatuses = [
  'active',
  'expiring',
  'expired',
  'revoked',
] as const satisfies readonly KeyStatus[];

/** An API key as the operator sees it: never the secret, only its hint. */
export interface ApiKey {
  id: string;
  hint: string;
  env: KeyEnvironment;
  plan: Plan;
  account: string;
  status: KeyStatus;
  source: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

/** A new key: `key` is the secret, shown once. */
export interface CreatedApiKey {
  key: string;
  apiKey: ApiKey;
}

/** A rotated key: the new secret and key, and the previous key (now expiring). */
export interface RotatedApiKey extends CreatedApiKey {
  previous: ApiKey;
}

/** The signed-in operator. */
export interface Operator {
  signedIn: boolean;
  version: string;
}

/** Valence, arousal, dominance: V and D in [-1, 1], A in [0, 1]. */
export interface Vad {
  V: number;
  A: number;
  D: number;
}

/** The character's state at one moment (the engine clock's `at`). */
export interface StateSnapshot {
  at: string;
  turns: number;
  discrete_emotion: string;
  emotion_intensity: number;
  intensity_level: string;
  emotion: Vad;
  body_budget: { energy: number; stress: number };
  soul_stage: { stage: string; level: number; progress: number; group: string };
  need_state: { belonging: number; competence: number; autonomy: number };
  interpersonal: { rapport: number; trust: number; familiarity: number };
}

/** One session in the list, with its emotion now. */
export interface SessionSummary {
  sessionId: string;
  name: string;
  description: string;
  preset: string | null;
  turns: number;
  createdAt: string;
  updatedAt: string;
  state: { discrete_emotion: string; emotion_intensity: number };
}

/** A page of sessions (Relay connection), in the order the query asked (the list asks newest first). */
export interface SessionConnection {
  edges: { cursor: string; node: SessionSummary }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** A built-in preset. */
export interface PresetSummary {
  id: string;
  name: string;
  description: string;
}

/** The parts of a session the detail view shows besides its live state. */
export interface SessionDetails {
  sessionId: string;
  createdAt: string;
  persona: { description: string; preset: string | null; identity: { name: string; language: string } };
}

/** Something the character wants to initiate; pending until acknowledged. */
export interface ProactiveAction {
  id: string;
  type: string;
  priority: string;
  message: string;
  timestamp: string;
}

/** One remembered episode, as the memory list shows it (docs/memory.md). */
export interface Memory {
  id: string;
  at: string;
  /** What happened, or null when the session keeps no text. */
  text: string | null;
  /** How strongly it is held now: 1 when new, below 0.1 forgotten; rehearsal can lift it above 1. */
  strength: number;
  salience: number;
  /** Who spoke, or null for the person the character talks to. */
  speaker: { id: string; name: string | null } | null;
  participants: string[];
  feeling: { label: string; intensity: number };
}

/** A page of memories (Relay connection), newest first. */
export interface MemoryConnection {
  edges: { cursor: string; node: Memory }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** What the dashboard shows of a turn's result (the live state comes through `sessionState`). */
export interface TurnSummary {
  discrete_emotion: string;
  emotion_intensity: number;
  appraiser: string | null;
  stage_transition: { from: string; to: string } | null;
  /** Why the turn felt as it did: one sentence per largest contribution, largest first. */
  explanation: { contributions: { kind: string; text: string }[] };
}

/** The six appraisal dimensions (docs/graphql.md, AppraisalInput): the core's type, imported for types only. */
export type { Appraisal } from '@limbic/core/appraisal';
