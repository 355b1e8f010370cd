/**
 * docs/prompt-data.md kept honest: its sample is what the engine writes, and its worked example (the code blocks
 * marked `<!-- tested: … -->`, extracted and run as they are) builds messages that carry a real turn's feelings, and
 * sends them to an OpenAI-compatible server after a turn on a real gateway.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createManualClock, createSessionService, type PromptData } from '@limbic/core';
import { type FakeLlm, startFakeLlm } from '@limbic/fake-platforms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './harness.js';

type Message = { role: string; content: string };

interface DocExample {
  toChatMessages(promptData: PromptData, history: Message[], userMessage: string): Message[];
  reply(
    config: { limbic: { url: string; key: string }; model: { url: string; apiKey: string; name: string } },
    sessionId: string,
    history: Message[],
    userMessage: string,
  ): Promise<string>;
  customSystemPrompt(promptData: PromptData): string;
}

const docPath = resolve(import.meta.dirname, '../../docs/prompt-data.md');
const message = 'You did it, you won the game!';
const history: Message[] = [
  { role: 'user', content: 'Hi Mira!' },
  { role: 'assistant', content: 'Hi! So good to see you!' },
];

/** The code block after `<!-- tested: name -->` in the doc. */
function block(doc: string, name: string): string {
  const match = doc.match(new RegExp(`<!-- tested: ${name} -->\\n\`\`\`\\w+\\n([\\s\\S]*?)\\n\`\`\`\\n`));
  if (!match) throw new Error(`docs/prompt-data.md has no code block marked "tested: ${name}"`);
  return match[1]!;
}

let doc: string;
let example: DocExample;
let dir: string;

/** A turn of a fresh Mira, in process, as the doc's sample was made. */
async function miraTurn() {
  const limbic = createSessionService({ clock: createManualClock() });
  const { sessionId } = await limbic.createSession('me', {
    preset: 'cheerful_companion',
    identity: { name: 'Mira' },
  });
  return limbic.textTurn('me', { sessionId, message });
}

beforeAll(async () => {
  doc = await readFile(docPath, 'utf8');
  dir = await mkdtemp(join(tmpdir(), 'limbic-prompt-data-doc-'));
  const file = join(dir, 'example.mjs');
  await writeFile(
    file,
    `${block(doc, 'chat')}\n${block(doc, 'custom')}\nexport { toChatMessages, reply, customSystemPrompt };\n`,
  );
  example = (await import(pathToFileURL(file).href)) as DocExample;
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('docs/prompt-data.md', () => {
  it('shows the blocks the engine writes for its sample turn', async () => {
    const { formatted } = (await miraTurn()).prompt_data;
    expect(block(doc, 'sample')).toBe(
      [formatted.system_prompt, formatted.context_block, formatted.instruction_block].join('\n\n'),
    );
  });

  it('shows the memory line the engine writes when a turn recalls an episode', async () => {
    const clock = createManualClock();
    const limbic = createSessionService({ clock });
    const { sessionId } = await limbic.createSession('me', {
      preset: 'cheerful_companion',
      identity: { name: 'Mira' },
    });
    const sam = { id: 'sam', name: 'Sam' };
    const message = 'My dog Rex died. I miss our walks in the park.';
    await limbic.textTurn('me', { sessionId, message, from: sam });
    clock.advance(2 * 86_400_000);
    const turn = await limbic.textTurn('me', {
      sessionId,
      message: 'I walked past the park today.',
      from: sam,
    });
    expect(turn.prompt_data.context.memories).toHaveLength(1);
    expect(block(doc, 'memory')).toBe(turn.prompt_data.formatted.context_block);
  });

  it('builds a system message with the turn’s feelings, then the history, then the new message', async () => {
    const turn = await miraTurn();
    const { context, instruction, formatted } = turn.prompt_data;
    const messages = example.toChatMessages(turn.prompt_data, history, message);
    expect(messages).toHaveLength(4);
    const [system, ...rest] = messages;
    expect(system!.role).toBe('system');
    expect(system!.content.startsWith(formatted.system_prompt)).toBe(true);
    expect(system!.content).toContain(formatted.context_block);
    expect(system!.content).toContain(formatted.instruction_block);
    expect(system!.content).toContain(`Emotion: moderate ${context.emotion.primary}`);
    expect(system!.content).toContain(context.emotion.valence_description);
    expect(system!.content).toContain(instruction.expression_guide);
    expect(rest).toEqual([...history, { role: 'user', content: message }]);
  });

  it('writes a custom system prompt with the emotion’s numbers and words', async () => {
    const { prompt_data } = await miraTurn();
    const { emotion } = prompt_data.context;
    const prompt = example.customSystemPrompt(prompt_data);
    expect(prompt).toMatch(/^You are Mira, Friendly companion: /);
    expect(prompt).toContain(
      `Feeling: moderate pride (some joy); valence ${emotion.V}, arousal ${emotion.A}`,
    );
    expect(prompt).toContain(emotion.valence_description);
    expect(prompt).toContain(prompt_data.context.relationship.description);
    expect(prompt).not.toMatch(/undefined|null|NaN/);
  });

  describe('the worked example against a gateway and an OpenAI-compatible server', () => {
    let t: TestGateway;
    let llm: FakeLlm;

    beforeAll(async () => {
      t = await startTestGateway();
      llm = await startFakeLlm();
    });
    afterAll(async () => {
      await llm?.close();
      await t?.close();
    });

    it('runs the turn, sends the three blocks and the conversation to the model, and returns its reply', async () => {
      const created = await fetch(`${t.url}/v1/persona`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.keys.pro}`, 'content-type': 'application/json' },
        body: JSON.stringify({ preset: 'cheerful_companion', identity: { name: 'Mira' } }),
      });
      const { sessionId } = (await created.json()) as { sessionId: string };
      const config = {
        limbic: { url: t.url, key: t.keys.pro },
        model: { url: llm.baseURL, apiKey: 'sk-test', name: 'fake-model' },
      };

      expect(await example.reply(config, sessionId, history, message)).toBe('LLM reply');

      expect(llm.calls).toHaveLength(1);
      const [call] = llm.calls;
      expect(call).toMatchObject({ model: 'fake-model', authorization: 'Bearer sk-test' });
      // The gateway's turn of a fresh Mira is the doc's sample, feelings included.
      expect(call!.messages).toEqual([
        { role: 'system', content: block(doc, 'sample') },
        ...history,
        { role: 'user', content: message },
      ]);
      const state = await fetch(`${t.url}/v1/state/${sessionId}`, {
        headers: { authorization: `Bearer ${t.keys.pro}` },
      });
      expect(((await state.json()) as { turns: number }).turns).toBe(1);
    });

    it('says what Limbic answered when the turn fails', async () => {
      const config = {
        limbic: { url: t.url, key: t.keys.pro },
        model: { url: llm.baseURL, apiKey: 'sk-test', name: 'fake-model' },
      };
      await expect(example.reply(config, 'ses_missing', [], message)).rejects.toThrow(
        /^Limbic answered 404: .*NOT_FOUND/,
      );
    });
  });
});
