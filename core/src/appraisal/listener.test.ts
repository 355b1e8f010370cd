import { describe, expect, it } from 'vitest';
import type { HeardEvent, Listener } from './heard-event.js';
import { appraiseHeard } from './listener.js';
import { envyOf } from './trait-levels.js';

const neutral: Listener = { personality: { O: 0.5, C: 0.5, E: 0.5, A: 0.5, N: 0.5, H: 0.5 }, rapport: 0.5 };
const as = (traits: Partial<Listener['personality']>): Listener => ({
  ...neutral,
  personality: { ...neutral.personality, ...traits },
});

function heard(overrides: Partial<HeardEvent>): HeardEvent {
  return {
    source: 'user',
    kind: 'neutral',
    valence: 0,
    strength: 0.5,
    activation: 0,
    threat: 0,
    experiencer: 'speaker',
    cause: 'nobody',
    act: 'none',
    apology: false,
    breach: 0,
    wronged: false,
    characterActed: false,
    expectedness: null,
    controllability: null,
    ...overrides,
  };
}

/** The valence impulse before gains (docs §3.1): R·(0.7·g + 0.3·n)·(1 + 0.5·(1 − x)). */
function valenceImpulse(h: HeardEvent, l = neutral): number {
  const a = appraiseHeard(h, l).appraisal;
  return (
    a.goal_relevance *
    (0.7 * a.goal_congruence + 0.3 * a.norm_compatibility) *
    (1 + 0.5 * (1 - a.expectedness))
  );
}

describe('from what was heard to what is felt (listener)', () => {
  it('feels with the speaker: sorrow at a loss, gladness at good news, worry at a threat', () => {
    expect(appraiseHeard(heard({ kind: 'sadness', valence: -0.8 }), neutral).label).toBe('sadness');
    expect(appraiseHeard(heard({ kind: 'pride', valence: 0.8, cause: 'speaker' }), neutral).label).toBe(
      'joy',
    );
    expect(appraiseHeard(heard({ kind: 'fear', valence: -0.6 }), neutral).label).toBe('fear');
    expect(appraiseHeard(heard({ kind: 'nervousness', valence: -0.4 }), neutral).label).toBe('anxiety');
  });

  it('sizes the valence impulse by how pleasant the event is, saturating: an uncertain reading moves it little', () => {
    const faint = valenceImpulse(heard({ kind: 'sadness', valence: -0.1, strength: 0.9 }));
    const clear = valenceImpulse(heard({ kind: 'sadness', valence: -0.6, strength: 0.9 }));
    const extreme = valenceImpulse(heard({ kind: 'sadness', valence: -1.2, strength: 0.9 }));
    expect(faint).toBeLessThan(0);
    expect(clear).toBeLessThan(3 * faint);
    expect(extreme - clear).toBeGreaterThan(-0.25);
    expect(extreme).toBeLessThanOrEqual(clear);
  });

  it('gives an event that matters more relevance than a weakly read one', () => {
    const weak = appraiseHeard(heard({ kind: 'joy', valence: 0.5, strength: 0.1 }), neutral).appraisal;
    const strong = appraiseHeard(heard({ kind: 'joy', valence: 0.5, strength: 1 }), neutral).appraisal;
    expect(strong.goal_relevance).toBeGreaterThan(weak.goal_relevance + 0.5);
    expect(strong.goal_relevance).toBeGreaterThan(0.8);
  });

  it('keeps small talk small and its valence nudge gentle', () => {
    const small = appraiseHeard(heard({ kind: 'neutral', valence: 0.2, strength: 0.9 }), neutral);
    expect(small.label).toBe('calm');
    expect(small.appraisal.goal_relevance).toBeLessThanOrEqual(0.4);
    expect(small.conduct).toEqual({ toward: 0, disclosure: 0 });
  });

  it('never gives a feeling a congruence of the wrong sign', () => {
    const a = appraiseHeard(heard({ kind: 'joy', valence: -0.5 }), neutral).appraisal;
    expect(a.goal_congruence).toBeGreaterThanOrEqual(0);
    const b = appraiseHeard(heard({ kind: 'sadness', valence: 0.5 }), neutral).appraisal;
    expect(b.goal_congruence).toBeLessThanOrEqual(0);
  });

  describe('who did what to whom', () => {
    it('takes criticism aimed at the character as the speaker’s act toward it', () => {
      const out = appraiseHeard(heard({ kind: 'anger', valence: -0.6, act: 'criticism' }), neutral);
      expect(out.label).toBe('anger');
      expect(out.conduct.toward).toBe(1);
    });

    it('is hurt by the speaker’s own wrong toward it, less after an apology', () => {
      const lie = heard({ kind: 'guilt', valence: -0.6, experiencer: 'character', cause: 'speaker' });
      expect(appraiseHeard(lie, neutral)).toMatchObject({ label: 'anger', conduct: { toward: 1 } });
      expect(appraiseHeard({ ...lie, apology: true }, neutral)).toMatchObject({
        label: 'sadness',
        conduct: { toward: 0.5 },
      });
    });

    it('is grateful for the speaker’s kindness toward it', () => {
      const missed = heard({ kind: 'warmth', valence: 0.6, experiencer: 'character', cause: 'speaker' });
      expect(appraiseHeard(missed, neutral)).toMatchObject({ label: 'gratitude', conduct: { toward: 1 } });
    });

    it('is angry on the speaker’s behalf at a third party’s wrong, and confiding it builds closeness', () => {
      const out = appraiseHeard(
        heard({
          kind: 'sadness',
          valence: -0.6,
          cause: 'third_party',
          breach: 0.7,
          wronged: true,
          strength: 0.8,
        }),
        neutral,
      );
      expect(out.label).toBe('anger');
      expect(out.conduct.toward).toBe(0);
      expect(out.conduct.disclosure).toBeCloseTo(0.8);
    });

    it('does not blame the speaker for a loss they confide', () => {
      const out = appraiseHeard(heard({ kind: 'sadness', valence: -0.9, strength: 0.9 }), neutral);
      expect(out.conduct.toward).toBe(0);
      expect(out.appraisal.norm_compatibility).toBe(0);
    });

    it('feels its own fortunes in narration', () => {
      expect(appraiseHeard(heard({ source: 'system', kind: 'fear', valence: -0.7 }), neutral).label).toBe(
        'fear',
      );
      expect(appraiseHeard(heard({ source: 'internal', kind: 'guilt', valence: -0.5 }), neutral).label).toBe(
        'guilt',
      );
    });
  });

  describe('personality in appraisal (docs §11.5)', () => {
    it('is hurt rather than angry when highly agreeable (Kuppens & Van Mechelen 2007)', () => {
      const insult = heard({ kind: 'anger', valence: -0.6, act: 'criticism' });
      expect(appraiseHeard(insult, as({ A: 0.9 })).label).toBe('sadness');
      expect(appraiseHeard(insult, as({ A: 0.2 })).label).toBe('anger');
    });

    it('worries at an uncertain misfortune when neurotic (Tong 2010), grieves when not', () => {
      const hospital = heard({ kind: 'sadness', valence: -0.5, threat: 0.2 });
      expect(appraiseHeard(hospital, as({ N: 0.8 })).label).toBe('anxiety');
      expect(appraiseHeard(hospital, as({ N: 0.2 })).label).toBe('sadness');
      expect(appraiseHeard({ ...hospital, threat: 0 }, as({ N: 0.8 })).label).toBe('sadness');
    });

    it('envies the speaker’s success when low in honesty-humility and agreeableness (Ashton & Lee)', () => {
      const job = heard({ kind: 'pride', valence: 0.8, cause: 'speaker' });
      expect(envyOf(as({ H: 0.25, A: 0.2 }).personality)).toBeGreaterThan(0.4);
      expect(appraiseHeard(job, as({ H: 0.25, A: 0.2 })).label).toBe('anger');
      expect(appraiseHeard(job, as({ H: 0.55, A: 0.2 })).label).toBe('trust');
      expect(appraiseHeard(job, neutral).label).toBe('joy');
    });

    it('is excited by good news when extraverted (Larsen & Ketelaar 1991)', () => {
      expect(appraiseHeard(heard({ kind: 'joy', valence: 0.7 }), as({ E: 0.8 })).label).toBe('excitement');
      expect(appraiseHeard(heard({ kind: 'joy', valence: 0.7 }), as({ E: 0.3 })).label).toBe('joy');
    });

    it('is surprised by novelty when open, unmoved when closed', () => {
      const news = heard({ kind: 'surprise', valence: 0.1 });
      expect(appraiseHeard(news, as({ O: 0.9 })).label).toBe('surprise');
      expect(appraiseHeard(news, as({ O: 0.25 })).label).toBe('calm');
    });

    it('gloats over a disliked speaker’s misfortune and resents their luck (OCC)', () => {
      const hostile: Listener = { personality: { ...neutral.personality, A: 0.1 }, rapport: 0.05 };
      expect(appraiseHeard(heard({ kind: 'sadness', valence: -0.8 }), hostile).label).toBe('joy');
      expect(appraiseHeard(heard({ kind: 'joy', valence: 0.8 }), hostile).label).toBe('anger');
    });
  });
});
