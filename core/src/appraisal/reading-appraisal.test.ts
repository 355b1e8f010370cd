import { describe, expect, it } from 'vitest';
import { designProfiles, neutralFill } from '../../test/appraisal-profiles.js';
import { applyAppraisal } from '../engine/apply-turn.js';
import { createInitialState } from '../engine/engine-state.js';
import { classifyAppraisal } from '../labels/appraisal-classifier.js';
import { type EmotionLabel, emotionLabels } from '../labels/emotion-label.js';
import { deriveEngineParams } from '../persona/engine-params.js';
import { resolvePersona } from '../persona/resolve-persona.js';
import { loadReader } from '../reader/reader.js';
import type { Reading } from '../reader/reading.js';
import type { EnglishReading } from './english-reading.js';
import { appraiseWithReader } from './reader-appraiser.js';
import { emotionGroupOf, liking, readingPrototypes, strengthOf } from './reading-appraisal.js';

const fresh = { expectedCongruence: 0, trust: 0.5, familiarity: 0 };

describe('reading prototypes', () => {
  it('are the design profiles, and the labeller names each as its label', () => {
    for (const label of emotionLabels) {
      const design = designProfiles.find(
        (p) => p.term === label || (label === 'anger' && p.emotion === 'anger'),
      );
      if (design && !design.priors && !design.relationship)
        expect(readingPrototypes[label], label).toEqual(neutralFill(design.given));
      if (label === 'love' || label === 'trust' || label === 'relief') continue; // need a bond or a prior threat
      expect(classifyAppraisal(readingPrototypes[label], fresh), label).toBe(label);
    }
  });

  it('fold every label into one of the seven groups', () => {
    expect(new Set(Object.values(emotionGroupOf))).toEqual(
      new Set(['joy', 'anger', 'disgust', 'fear', 'sadness', 'surprise', 'neutral']),
    );
  });
});

describe('liking of the writer (OCC: fortunes of others)', () => {
  it('is positive for a neutral character and grows with rapport and agreeableness', () => {
    expect(liking(0.5, 0.5)).toBeCloseTo(0.5);
    expect(liking(0.8, 0.9)).toBeGreaterThan(0.9);
    expect(liking(0.1, 0.1)).toBeLessThan(0);
  });
});

describe('messages through the reader appraiser and the engine', async () => {
  const reader = await loadReader();
  const params = deriveEngineParams(
    resolvePersona({ personality: { O: 0.5, C: 0.5, E: 0.5, A: 0.5, N: 0.5, H: 0.5 } }),
  );
  const feel = (text: string, context = {}): EmotionLabel => {
    const out = appraiseWithReader(reader, { description: text, source: 'user' }, context);
    return applyAppraisal(createInitialState(params, 0), params, out.appraisal, {
      elapsedSeconds: 30,
      now: 30_000,
      ...(out.conduct ? { conduct: out.conduct } : {}),
      ...(out.feeling ? { feeling: out.feeling } : {}),
    }).after.primary;
  };

  it('feels what a person would for the four messages of issue 12', () => {
    expect(feel('My dog died this morning.')).toBe('sadness');
    expect(['fear', 'anxiety']).toContain(feel('I am so scared of the exam tomorrow'));
    expect(emotionGroupOf[feel('I got the job!')]).toBe('joy');
    expect(['calm', 'sadness', 'numbness']).toContain(feel("I'm bored"));
  });

  it('keeps insults and praise about the character', () => {
    expect(feel('You are useless and I hate you.')).toBe('anger');
    expect(feel('You did it, you won the game!')).toBe('pride');
    expect(emotionGroupOf[feel('Thank you so much, you are the best!')]).toBe('joy');
  });

  it('reports who did what to whom, and what the message means for trust', () => {
    const lied = appraiseWithReader(reader, { description: 'I lied to you.' }, {});
    expect(lied.roles).toEqual({ experiencer: 'character', cause: 'speaker', addressee: 'character' });
    expect(lied.conduct?.toward).toBe(1);
    const confided = appraiseWithReader(reader, { description: 'My sister lied to me again' }, {});
    expect(confided.roles).toEqual({ experiencer: 'speaker', cause: 'third_party', addressee: 'character' });
    expect(confided.conduct?.toward).toBe(0);
    expect(confided.conduct?.disclosure).toBeGreaterThan(0);
  });

  it('gloats over a disliked writer’s misfortune instead of grieving with them', () => {
    expect(feel('My dog died this morning.', { rapport: 0.05, agreeableness: 0.1 })).not.toBe('sadness');
  });

  it('weighs phatic talk and curious questions as weak evidence, and news as strong', () => {
    const strength = (text: string) =>
      appraiseWithReader(reader, { description: text }, {}).perceived?.experience?.strength ?? Number.NaN;
    expect(strength('thanks, talk soon!')).toBeLessThanOrEqual(0.1);
    expect(strength('good morning!')).toBeLessThanOrEqual(0.1);
    expect(strength("What's your favourite colour?")).toBeLessThan(0.4);
    expect(strength('I got the job!')).toBeGreaterThan(0.7);
  });

  it('counts a clear valence as evidence where the kinds read neutral', () => {
    const reading = (neutral: number, valence: number) =>
      ({
        experience: { kind: 'neutral', kinds: { neutral }, valence },
        event: { appraisal: { intensity: 0.5, relevance: 0.5 } },
      }) as unknown as Reading;
    const english = { emphasis: 0, phatic: false, asks: false } as unknown as EnglishReading;
    // 1.3 × evidence × importance 0.5: evidence is 1 − P(neutral) = 0.1 or |valence| = 0.8, whichever is larger.
    expect(strengthOf(reading(0.9, 0.8), english)).toBeCloseTo(0.52, 6);
    expect(strengthOf(reading(0.9, -0.8), english)).toBeCloseTo(0.52, 6);
    expect(strengthOf(reading(0.9, 0.05), english)).toBeCloseTo(0.065, 6);
    expect(strengthOf(reading(0.2, 0.1), english)).toBeCloseTo(0.52, 6);
    expect(strengthOf(reading(0.9, 0.8), { ...english, phatic: true })).toBeLessThanOrEqual(0.1);
  });

  it('reports what it read', () => {
    const out = appraiseWithReader(reader, { description: 'I am so scared of the exam tomorrow' }, {});
    expect(out.appraiser).toBe('reader');
    expect(out.perceived?.group).toBe('fear');
    expect(out.perceived?.confidence).toBeGreaterThan(0.5);
  });
});
