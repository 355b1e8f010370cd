import type { Conversation } from './conversation.js';
import type { LimbicTurn, ReplyDecision } from './limbic-turn.js';

/** How the runtime treats messages from other bots. */
export interface BotPolicy {
  /**
   * Process other bots' messages as turns (they speak as participants).
   * @defaultValue `false` (other bots are ignored)
   */
  listen?: boolean;
  /**
   * Most messages from bots in a row that the character answers in one chat; past it, `reply.should` is false with
   * the reason `bot_limit` until a person writes.
   * @defaultValue `3`
   */
  maxExchanges?: number;
}

/** Options of {@link createReplyPolicy}: the runtime's `shouldReply` hook and bot policy. */
export interface ReplyPolicyOptions {
  /**
   * The operator's say over whether to answer in a group: true or false decides, undefined follows the engine's
   * advice.
   */
  shouldReply?:
    | ((turn: LimbicTurn, conversation: Conversation) => boolean | undefined | Promise<boolean | undefined>)
    | undefined;
  bots?: BotPolicy | undefined;
}

/** Decides whether the character answers a message; see {@link createReplyPolicy}. */
export interface ReplyPolicy {
  /** True when the message is not for the character at all: from a bot while bots are ignored. */
  ignores(conversation: Conversation): boolean;
  /** The reply decision of a processed turn in the conversation under `key` (counts runs of bot messages). */
  decide(turn: LimbicTurn, conversation: Conversation, key: string): Promise<ReplyDecision>;
}

/** Chats whose run of bot messages is remembered (the least recently active is forgotten first). */
const maxTrackedChats = 10_000;

/**
 * Creates the reply policy: a private chat is always answered; in a group the engine advises, unless the operator's
 * `shouldReply` hook decides; after that, bots answering bots stop after `bots.maxExchanges` messages in a row.
 */
export function createReplyPolicy(options: ReplyPolicyOptions): ReplyPolicy {
  const listenToBots = options.bots?.listen ?? false;
  const maxBotExchanges = options.bots?.maxExchanges ?? 3;
  /** Per session key: messages from bots since a person last wrote. */
  const botRuns = new Map<string, number>();

  /** Counts the run of bot messages in a chat; true when this one is past the cap. */
  function pastBotCap(key: string, fromBot: boolean): boolean {
    const run = fromBot ? (botRuns.get(key) ?? 0) + 1 : 0;
    botRuns.delete(key);
    if (run > 0) botRuns.set(key, run);
    if (botRuns.size > maxTrackedChats) botRuns.delete(botRuns.keys().next().value!);
    return run > maxBotExchanges;
  }

  return {
    ignores: (conversation) => conversation.isBot === true && !listenToBots,
    async decide(turn, conversation, key) {
      let decision = turn.reply;
      if (conversation.private) {
        decision = { ...decision, should: true };
      } else {
        const override = await options.shouldReply?.(turn, conversation);
        if (override !== undefined) decision = { ...decision, should: override, reason: 'operator' };
      }
      // Bots answering bots (in a group or a DM) stop after a few exchanges.
      if (pastBotCap(key, conversation.isBot === true) && decision.should) {
        decision = { ...decision, should: false, reason: 'bot_limit' };
      }
      return decision;
    },
  };
}
