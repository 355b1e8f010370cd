import { demoLlmAnswer } from '../openai/demo-answer.js';
import { type FakeLlm, type LlmCall, startFakeLlm } from '../openai/fake-llm.js';

/**
 * What the console prints when a bot asks the fake LLM for a reply: how many earlier messages of the conversation
 * came with it (the messages between the system message and the new one), so the bot's memory is visible.
 */
export function llmRequestLine(call: LlmCall): string {
  const earlier = Math.max(0, call.messages.length - 2);
  return `[llm] chat request with ${earlier} earlier message${earlier === 1 ? '' : 's'}`;
}

/**
 * Starts the fake LLM of the console on `port` with the demo's answers ({@link demoLlmAnswer}); `onChat` hears every
 * chat request (not the appraisals).
 */
export function startConsoleLlm(port: number, onChat: (call: LlmCall) => void): Promise<FakeLlm> {
  return startFakeLlm({
    port,
    answer: (kind, call) => {
      if (kind === 'chat') onChat(call);
      return demoLlmAnswer(kind, call);
    },
  });
}
