import { fakeAppraisal, fakePersona, type LlmCall } from './fake-llm.js';

/** The model name the demo gives bots for the fake LLM (`LIMBIC_LLM_MODEL`); the fake accepts any. */
export const demoLlmModel = 'limbic-fake';

/** The longest quote of a person's message in a demo reply, in characters. */
const maxQuote = 80;

function quote(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return `“${line.length > maxQuote ? `${line.slice(0, maxQuote - 1)}…` : line}”`;
}

/**
 * The feeling a system message names: prompt_data's `Emotion:` line (en, es, ja) up to its undertone, or the bots'
 * proactive prompt (`You feel joy.`).
 */
function feelingIn(system: string): string | undefined {
  const emotion = /^(?:Emotion|Emoción|感情)[:：] ?([^(（\n,、]+)/m.exec(system)?.[1];
  return (emotion ?? /\bYou feel ([^.\n]+)\./.exec(system)?.[1])?.trim();
}

/**
 * The fake LLM's chat answer in the demo, written so a person sees what the bot sent: the feeling the system message
 * names and, when the request carries earlier messages, the previous thing the person said. A bot's first message
 * (the proactive prompt, `Reason you are writing first: …`) gets the character's name, feeling and reason.
 * Deterministic: the same request gets the same answer.
 * @example
 * demoChatReply([
 *   { role: 'system', content: 'You are Mira.\n…\nEmotion: moderate joy (feels very good)' },
 *   { role: 'user', content: 'Hello!' },
 *   { role: 'assistant', content: '…' },
 *   { role: 'user', content: 'How are you?' },
 * ]); // 'I feel moderate joy. Earlier you said “Hello!”, and now “How are you?”: I remember.'
 */
export function demoChatReply(messages: readonly { role: string; content: string }[]): string {
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  const feeling = feelingIn(system) ?? 'something I cannot name';
  const users = messages.filter((m) => m.role === 'user').map((m) => m.content);
  const current = users.at(-1) ?? '';
  const reason = /^Reason you are writing first: ([\s\S]+)$/.exec(current)?.[1];
  if (reason !== undefined) {
    const name = /\bYou are ([^.\n]+)\./.exec(system)?.[1]?.trim() ?? 'me';
    return `Hey, it's ${name}. I feel ${feeling} and I was thinking of you. ${reason.trim()}`;
  }
  const previous = users.at(-2);
  if (previous === undefined) return `I feel ${feeling}, hearing you say ${quote(current)}.`;
  return `I feel ${feeling}. Earlier you said ${quote(previous)}, and now ${quote(current)}: I remember.`;
}

/**
 * The fake LLM's answers for the demo (`startFakeLlm({ answer: demoLlmAnswer })`): the default appraisal and persona,
 * and {@link demoChatReply} for chat.
 */
export function demoLlmAnswer(kind: 'appraisal' | 'persona' | 'chat', call: LlmCall): unknown {
  if (kind === 'appraisal') return fakeAppraisal;
  if (kind === 'persona') return fakePersona;
  return demoChatReply(call.messages);
}
