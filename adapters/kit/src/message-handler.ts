import type { BindingStore, Clock } from '@limbic/core';
import type { LimbicBackend } from './backend.js';
import {
  afterMessage,
  type Conversation,
  elapsedSecondsOf,
  type IncomingMessage,
  partiesOf,
} from './conversation.js';
import type { GroupSettings } from './group-settings.js';
import type { LimbicTurn } from './limbic-turn.js';
import type { ReplyPolicy } from './reply-policy.js';
import type { SessionBinder } from './session-binder.js';

/** What {@link createMessageHandler} works with: parts of the runtime. */
export interface MessageHandlerParts {
  backend: LimbicBackend;
  bindings: BindingStore;
  clock: Clock;
  binder: SessionBinder;
  replyPolicy: ReplyPolicy;
  groupSettings: GroupSettings;
}

/** Processes one incoming message of the conversation under `key`; see {@link createMessageHandler}. */
export type MessageHandler = (
  key: string,
  conversation: Conversation,
  message: IncomingMessage,
) => Promise<LimbicTurn | null>;

/**
 * Creates the handler of incoming messages: null in a group whose admins silenced the character; otherwise it runs
 * the turn on the conversation's session (in a group as the sender's participant, aimed at `message.to`) with the
 * time since the conversation's previous message, remembers the message's time, and decides whether to answer.
 */
export function createMessageHandler(parts: MessageHandlerParts): MessageHandler {
  const { backend, bindings, clock, binder, replyPolicy, groupSettings } = parts;
  return async (key, conversation, { text, timestamp, to }) => {
    if (!conversation.private && !(await groupSettings.isActive(key))) return null;
    const parties = conversation.private ? {} : partiesOf(conversation, to);
    // A session made anew (first contact, or after it was deleted on the engine's side) has no elapsed time.
    const {
      binding,
      isNew,
      value: result,
    } = await binder.use(key, conversation, (bound) => {
      const elapsedSeconds = elapsedSecondsOf(bound, timestamp);
      return backend.turn(bound.sessionId, {
        message: text,
        ...(elapsedSeconds === undefined ? {} : { elapsedSeconds }),
        ...parties,
      });
    });
    await bindings.update(afterMessage(binding, conversation, timestamp, clock.now()));
    const limbicTurn: LimbicTurn = {
      sessionId: binding.sessionId,
      isNewSession: isNew,
      group: !conversation.private,
      participant: result.speaker,
      result,
      promptData: result.prompt_data,
      elapsedSeconds: isNew ? undefined : elapsedSecondsOf(binding, timestamp),
      reply: { should: result.reply.should, reason: result.reply.reason, urge: result.reply.urge },
    };
    limbicTurn.reply = await replyPolicy.decide(limbicTurn, conversation, key);
    return limbicTurn;
  };
}
