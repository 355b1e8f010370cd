import type { ParticipantView, PromptData, ReplyReason, TurnResult } from '@limbic/core';

/**
 * Why the character should or should not answer a message: the engine's reasons (docs/groups.md), `operator` when the
 * `shouldReply` hook decided, `bot_limit` when the cap on consecutive messages from bots stopped a possible loop.
 */
export type ReplyDecisionReason = ReplyReason | 'operator' | 'bot_limit';

/** Whether the bot should answer a message: always in a private chat; in a group, the engine's advice (or overrides). */
export interface ReplyDecision {
  should: boolean;
  reason: ReplyDecisionReason;
  /** The character's urge to speak in [0, 1], from the engine. */
  urge: number;
}

/** The result of one incoming message, as handlers see it (`ctx.limbic` in grammY). */
export interface LimbicTurn {
  /** The session: this person's in a private chat, the chat's in a group. */
  sessionId: string;
  /** True when this message created the session (first contact). */
  isNewSession: boolean;
  /** True in a group chat. */
  group: boolean;
  /** In a group: who spoke, as the session's participant (`telegram:42`); null in a private chat. */
  participant: ParticipantView | null;
  /** The engine's full turn result. */
  result: TurnResult;
  /** Ready context for the bot's own language-model prompt (`result.prompt_data`). */
  promptData: PromptData;
  /** Seconds since the conversation's previous message, from the platform's timestamps (undefined on first contact). */
  elapsedSeconds: number | undefined;
  /** Whether to answer: adapters follow it in groups by default. */
  reply: ReplyDecision;
}
