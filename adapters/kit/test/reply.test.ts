import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSeededRandom, isLimbicError } from '@limbic/core';
import { describe, expect, it } from 'vitest';
import { llmFromEnv, replyFor } from '../src/index.js';
import type { LimbicTurn } from '../src/limbic-turn.js';

const turn = {
  isNewSession: true,
  result: { discrete_emotion: 'gratitude', intensity_level: 'mild' },
  promptData: {
    locale: 'en',
    system: {
      identity: { name: 'Mira', speaking_style: 'Bright and chatty' },
      traits: { extraversion: { value: 0.9 }, agreeableness: { value: 0.7 }, emotionality: { value: 0.3 } },
    },
    context: { emotion: { primary: 'gratitude', intensity_level: 'mild' } },
    formatted: { system_prompt: 'S', context_block: 'C', instruction_block: 'I' },
  },
} as unknown as LimbicTurn;

describe('the kit’s reply', () => {
  it('shows the feeling without a model, and says so when there is no turn', async () => {
    expect(await replyFor('thanks!', turn, undefined, createSeededRandom(1))).toMatch(
      /^Hi, I am Mira! (That is kind of you|I like talking with you)! (Tell me everything|I am all ears)!$/,
    );
    expect(await replyFor('thanks!', undefined, undefined)).toBe('I am a little lost for words right now.');
  });

  it('asks the model with prompt_data as the system prompt', async () => {
    const seen: unknown[] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        seen.push({ url: request.url, auth: request.headers.authorization, body: JSON.parse(body) });
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ choices: [{ message: { content: ' Glad it helped! ' } }] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const llm = llmFromEnv({
        LIMBIC_LLM_URL: `http://127.0.0.1:${port}/v1/`,
        LIMBIC_LLM_MODEL: 'm',
        LIMBIC_LLM_API_KEY: 'k',
      });
      expect(llm).toBeDefined();
      expect(await replyFor('thanks!', turn, llm)).toBe('Glad it helped!');
      expect(seen).toEqual([
        {
          url: '/v1/chat/completions',
          auth: 'Bearer k',
          body: {
            model: llm!.model,
            messages: [
              { role: 'system', content: 'S\n\nC\n\nI' },
              { role: 'user', content: 'thanks!' },
            ],
          },
        },
      ]);
    } finally {
      server.close();
    }
  });

  it('reads no model when none is set, and names an invalid setting', () => {
    expect(llmFromEnv({})).toBeUndefined();
    try {
      llmFromEnv({ LIMBIC_LLM_URL: 'not a url' });
      expect.unreachable();
    } catch (error) {
      expect(isLimbicError(error, 'VALIDATION_ERROR')).toBe(true);
      expect((error as Error).message).toMatch(/LIMBIC_LLM_URL/);
    }
  });
});
