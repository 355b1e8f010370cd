import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakesConsole, startFakesConsole } from '../src/console/fakes-console.js';

const running: FakesConsole[] = [];

afterEach(async () => {
  for (const fakes of running.splice(0)) await fakes.close();
});

/** The console on free ports, with the fake LLM, and what it printed. */
async function startConsole() {
  const input = new PassThrough();
  const output = new PassThrough();
  let printed = '';
  output.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
  });
  const fakes = await startFakesConsole({ input, output, telegramPort: 0, discordPort: 0, llmPort: 0 });
  running.push(fakes);
  return { fakes, printed: () => printed };
}

async function chat(baseURL: string, messages: { role: string; content: string }[]) {
  const response = await fetch(`${baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'limbic-fake', messages }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { choices: { message: { content: string } }[] };
  return body.choices[0]?.message.content;
}

describe('the fakes console with the fake LLM', () => {
  it('answers a chat request in the feeling of its system message, quoting the previous user message', async () => {
    const { fakes, printed } = await startConsole();
    const baseURL = fakes.llm?.baseURL ?? '';
    expect(baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(printed()).toContain(`Fake LLM               ${baseURL}   model limbic-fake`);

    const system = 'You are Mira.\n\nEmotion: strong gratitude, with an undertone of joy (feels very good)';
    const reply = await chat(baseURL, [
      { role: 'system', content: system },
      { role: 'user', content: 'Thank you for yesterday.' },
      { role: 'assistant', content: 'Any time!' },
      { role: 'user', content: 'Shall we go again?' },
    ]);
    expect(reply).toBe(
      'I feel strong gratitude. Earlier you said “Thank you for yesterday.”, and now “Shall we go again?”: I remember.',
    );
    expect(printed()).toContain('[llm] chat request with 2 earlier messages\n');

    // The first message of a conversation has nothing earlier to quote.
    expect(
      await chat(baseURL, [
        { role: 'system', content: system },
        { role: 'user', content: 'Hi' },
      ]),
    ).toBe('I feel strong gratitude, hearing you say “Hi”.');
    expect(printed()).toContain('[llm] chat request with 0 earlier messages\n');
    expect(fakes.llm?.calls).toHaveLength(2);
  });

  it('answers appraisals with the fake reading and does not print them', async () => {
    const { fakes, printed } = await startConsole();
    const reading = await chat(fakes.llm?.baseURL ?? '', [
      { role: 'system', content: 'You read messages for an emotion engine. …' },
      { role: 'user', content: 'Thanks!' },
    ]);
    expect(JSON.parse(reading ?? '')).toMatchObject({ emotion: 'warmth', act: 'praise' });
    expect(printed()).not.toContain('[llm]');
  });

  it('starts no LLM without llmPort, and closes the LLM with the platforms', async () => {
    const input = new PassThrough();
    const plain = await startFakesConsole({
      input,
      output: new PassThrough(),
      telegramPort: 0,
      discordPort: 0,
    });
    expect(plain.llm).toBeUndefined();
    await plain.close();

    const { fakes } = await startConsole();
    const baseURL = fakes.llm?.baseURL ?? '';
    await fakes.close();
    await expect(chat(baseURL, [{ role: 'user', content: 'hi' }])).rejects.toThrow(/fetch failed/);
  });
});
