import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { printGraphQLSchema } from '../src/graphql/index.js';

describe('graphql: the printed schema', () => {
  it('matches gateway/schema.graphql (run `npm run schema -w @limbic/gateway` after a schema change)', () => {
    const checkedIn = readFileSync(fileURLToPath(new URL('../schema.graphql', import.meta.url)), 'utf8');
    expect(printGraphQLSchema()).toBe(checkedIn);
  });

  it('keeps the interface’s snake_case names for emotion data and REST’s camelCase elsewhere', () => {
    const sdl = printGraphQLSchema();
    for (const field of [
      'new_emotion: Vad!',
      'discrete_emotion: EmotionLabel!',
      'body_budget: BodyBudget!',
    ]) {
      expect(sdl).toContain(field);
    }
    for (const field of ['soul_stage: SoulStage!', 'need_state: NeedState!', 'prompt_data: PromptData!']) {
      expect(sdl).toContain(field);
    }
    expect(sdl).toContain('sessionId: ID!');
    expect(sdl).toContain('createdAt: String!');
    // Structured types all the way down: no custom (JSON-blob) scalars.
    expect(sdl).not.toMatch(/^scalar /m);
  });
});
