import { describe, expect, it } from 'vitest';
import { isLimbicError } from '../errors.js';
import { appraisalDimensions, neutralAppraisal, parseAppraisal } from './appraisal.js';
import type { AppraisalContext, EventSource } from './appraiser.js';
import { appraiseText, createLexiconAppraiser } from './lexicon-appraiser.js';

function read(description: string, source: EventSource = 'user', context: AppraisalContext = {}) {
  return appraiseText({ description, source }, context);
}

describe('lexicon appraiser', () => {
  it('reads an insult as incongruent, the user’s doing and a breach of norms', () => {
    const a = read("You're pathetic and I hate you");
    expect(a.goal_congruence).toBeLessThan(-0.3);
    expect(a.agency).toBeLessThan(0);
    expect(a.norm_compatibility).toBeLessThan(0);
  });

  it('reads "you lied to me" as a norm violation the user reports', () => {
    const a = read("You lied to me. That's so unfair.");
    expect(a.norm_compatibility).toBeLessThanOrEqual(-0.5);
    expect(a.agency).toBeLessThan(0);
    expect(a.goal_congruence).toBeLessThan(0);
  });

  it('reads gratitude as congruent, the user’s doing and norm-compatible', () => {
    const a = read('Thank you so much for helping me!');
    expect(a.goal_congruence).toBeGreaterThan(0.3);
    expect(a.agency).toBeLessThan(0);
    expect(a.norm_compatibility).toBeGreaterThan(0);
  });

  it('reads "not happy" as incongruent', () => {
    expect(read('I am not happy').goal_congruence).toBeLessThan(0);
    expect(read('I am happy').goal_congruence).toBeGreaterThan(0);
    expect(read("I don't like it").goal_congruence).toBeLessThan(0);
    expect(read('I am not very happy').goal_congruence).toBeLessThan(0);
  });

  it('reads a negated negative as weakly positive', () => {
    const notBad = read('not bad').goal_congruence;
    expect(notBad).toBeGreaterThan(0);
    expect(notBad).toBeLessThan(read('good').goal_congruence);
  });

  it('ends the negation window at punctuation and after three tokens', () => {
    expect(read('Not now. I am happy').goal_congruence).toBeGreaterThan(0.3);
    expect(read('never mind the weather, we are so happy').goal_congruence).toBeGreaterThan(0.3);
  });

  it('reads "hardly" as a weaker negation than "not"', () => {
    const hardly = read('I am hardly happy').goal_congruence;
    expect(hardly).toBeLessThan(0);
    expect(hardly).toBeGreaterThan(read('I am not happy').goal_congruence);
  });

  it('boosts with intensifiers and damps with downtoners', () => {
    const good = read('good').goal_congruence;
    expect(read('very good').goal_congruence).toBeGreaterThan(good);
    expect(read('extremely good').goal_congruence).toBeGreaterThan(read('very good').goal_congruence);
    expect(read('slightly good').goal_congruence).toBeLessThan(good);
    expect(read('kind of good').goal_congruence).toBeLessThan(good);
    expect(read('a bit sad').goal_congruence).toBeGreaterThan(read('sad').goal_congruence);
  });

  it('reads capitals and exclamation marks as intensity', () => {
    const plain = read('This is amazing');
    expect(read('This is AMAZING').goal_congruence).toBeGreaterThan(plain.goal_congruence);
    const shouted = read('This is amazing!!!');
    expect(shouted.goal_congruence).toBeGreaterThan(plain.goal_congruence);
    expect(shouted.goal_relevance).toBeGreaterThan(plain.goal_relevance);
  });

  it('handles AFINN’s multi-word entries', () => {
    expect(read('this is no fun').goal_congruence).toBeLessThan(-0.3);
    expect(read("I can't stand it").goal_congruence).toBeLessThan(-0.3);
    expect(read('some kind of thing').goal_congruence).toBe(0);
  });

  it('weights what follows "but"', () => {
    expect(read("I'm tired but happy").goal_congruence).toBeGreaterThan(0.3);
    expect(read("I'm happy but tired").goal_congruence).toBeLessThan(0);
  });

  it('reads sudden events as unexpected', () => {
    expect(read('Suddenly the lights went out', 'system').expectedness).toBeLessThanOrEqual(0.2);
    expect(read('It came out of nowhere').expectedness).toBeLessThanOrEqual(0.2);
    expect(read('What?! You did that?').expectedness).toBeLessThanOrEqual(0.2);
  });

  it('reads routine events as expected', () => {
    expect(read('As usual, you were late').expectedness).toBeGreaterThanOrEqual(0.8);
    expect(read('You forgot again').expectedness).toBeGreaterThanOrEqual(0.8);
    expect(read('Not surprised at all').expectedness).toBeGreaterThan(0.6);
    expect(read('The meeting is at noon').expectedness).toBe(0.5);
  });

  it('reads helplessness as low control and mastery as high control', () => {
    expect(read("I can't do anything, I'm helpless", 'internal').controllability).toBeLessThanOrEqual(0.25);
    expect(read("There's nothing I can do, it's out of my hands").controllability).toBeLessThanOrEqual(0.25);
    expect(read("Don't worry, I can handle it").controllability).toBeGreaterThanOrEqual(0.7);
    expect(read('It is under control, we can fix it').controllability).toBeGreaterThanOrEqual(0.7);
    expect(read('It is not under control').controllability).toBeLessThan(0.5);
    expect(read('The meeting is at noon').controllability).toBe(0.5);
  });

  it('gives the character agency for what "you" did', () => {
    const a = read('You did it, you won the game!');
    expect(a.agency).toBeGreaterThan(0);
    expect(a.goal_congruence).toBeGreaterThan(0);
    for (const text of ['you failed', 'you broke it', 'you forgot']) {
      const agency = read(text).agency;
      expect(agency, text).toBeGreaterThanOrEqual(0.6);
      expect(agency, text).toBeLessThanOrEqual(0.8);
    }
  });

  it('reads the user’s own acts and judgements as external', () => {
    for (const text of ['I got you a gift', 'I lied to you']) {
      const agency = read(text).agency;
      expect(agency, text).toBeGreaterThanOrEqual(-0.9);
      expect(agency, text).toBeLessThanOrEqual(-0.7);
    }
    expect(read('I lied to you').norm_compatibility).toBeLessThanOrEqual(-0.5);
    expect(read('you are amazing').agency).toBeLessThan(0);
    expect(read("you're useless").agency).toBeLessThan(0);
    expect(read("you're useless").norm_compatibility).toBeLessThan(0);
    expect(read('The meeting is at noon').agency).toBeCloseTo(-0.6);
    expect(read('hmm').agency).toBe(-0.5);
  });

  it('reads third parties as external and chance as fate', () => {
    expect(read('My boss yelled at me').agency).toBeCloseTo(-0.8);
    expect(read('She betrayed me', 'internal').agency).toBeCloseTo(-0.8);
    expect(read('It was an accident').agency).toBe(-1);
    expect(read('A storm flooded the village', 'system').agency).toBe(-1);
    expect(read('It was no accident').agency).toBeGreaterThan(-1);
  });

  it('reads the first person of a thought as the character', () => {
    const a = read('I failed the exam', 'internal');
    expect(a.agency).toBeGreaterThan(0);
    expect(a.goal_congruence).toBeLessThan(0);
    expect(read('I was dumped by my girlfriend', 'internal').agency).toBeLessThan(0);
  });

  it('reads "you" in narration as the character', () => {
    expect(read('You find a wallet on the street', 'system').agency).toBeGreaterThan(0.5);
    expect(read('Luna won the contest', 'system', { name: 'Luna' }).agency).toBeGreaterThan(0.5);
    expect(read('The train is late', 'system').agency).toBeCloseTo(-0.6);
  });

  it('reads breaches and virtues as norm cues', () => {
    for (const text of [
      'He cheated on the test',
      'They betrayed us',
      'You broke your promise',
      'That was cruel',
    ]) {
      expect(read(text).norm_compatibility, text).toBeLessThanOrEqual(-0.5);
    }
    for (const text of ['She was honest with me', 'Sorry, I apologize', 'You kept your promise', 'Thanks!']) {
      expect(read(text).norm_compatibility, text).toBeGreaterThan(0.3);
    }
    expect(read('That is not fair').norm_compatibility).toBeLessThanOrEqual(-0.5);
    expect(read('The meeting is at noon').norm_compatibility).toBe(0);
  });

  it('keeps a greeting low in relevance', () => {
    const hi = read('hi');
    expect(hi.goal_relevance).toBeGreaterThanOrEqual(0.05);
    expect(hi.goal_relevance).toBeLessThanOrEqual(0.25);
    expect(hi.goal_congruence).toBe(0);
    expect(read('I am so angry at you!!').goal_relevance).toBeGreaterThan(0.5);
  });

  it('raises relevance for the character’s name, values and goals', () => {
    const context = { name: 'Luna', coreValues: ['honesty'], goals: ['Become a great chef'] };
    const text = 'The chef spoke about honesty';
    expect(read(text, 'user', context).goal_relevance).toBeGreaterThan(read(text).goal_relevance + 0.2);
    expect(read('hey Luna', 'user', context).goal_relevance).toBeGreaterThan(read('hey').goal_relevance);
    expect(
      read('make the user smile', 'user', { goals: ['Make the user smile'] }).goal_relevance,
    ).toBeGreaterThan(read('make the user smile').goal_relevance);
  });

  it('gives text in another language a low-relevance, neutral appraisal', () => {
    for (const text of ['Estoy muy feliz hoy con mis amigos', '私はとても嬉しいです', 'Я тебя ненавижу']) {
      const a = read(text);
      expect(a.goal_relevance, text).toBeLessThanOrEqual(0.15);
      expect(a.goal_congruence, text).toBe(0);
      expect(a.norm_compatibility, text).toBe(0);
    }
  });

  it('returns the neutral appraisal for empty or blank text', () => {
    expect(read('')).toEqual(neutralAppraisal);
    expect(read('   \n\t ')).toEqual(neutralAppraisal);
  });

  it('keeps every dimension in range for odd input', () => {
    const words = ['happy', 'NOT', 'you', 'lied', 'storm', 'suddenly', 'stuck', 'thanks!!!', '😡', 'can’t'];
    const long = Array.from({ length: 5000 }, (_, i) => words[(i * 7) % words.length]).join(' ');
    const odd = [
      '😀😀😀🎉',
      '💔😭',
      '?!?!?!',
      '....,,,;;;',
      long,
      'Ça va? Très bien, merci!',
      'مرحبا كيف حالك',
      'a'.repeat(10_000),
      "'''---''' - ' -",
      '\u0000\uD800\uDFFF\uFFFF',
      'I I I I you you you not not not',
      'NO NO NO NO NO!!!!!',
    ];
    for (const text of odd) {
      for (const source of ['user', 'system', 'internal'] as const) {
        const a = read(text, source, { name: 'Luna', coreValues: ['honesty'], goals: ['be happy'] });
        expect(parseAppraisal(a)).toEqual(a);
        for (const key of appraisalDimensions)
          expect(Number.isFinite(a[key]), `${key} of ${text.slice(0, 20)}`).toBe(true);
      }
    }
    expect(read('😀😀😀🎉').goal_congruence).toBeGreaterThan(0.5);
    expect(read('💔😭').goal_congruence).toBeLessThan(-0.5);
  });

  it('resolves through the Appraiser interface as "lexicon"', async () => {
    const appraiser = createLexiconAppraiser();
    expect(appraiser.name).toBe('lexicon');
    const event = { description: 'You did it!' };
    const outcome = await appraiser.appraise(event, {});
    expect(outcome).toEqual({ appraisal: appraiseText(event), appraiser: 'lexicon' });
  });

  it('uses custom word valences', async () => {
    const appraiser = createLexiconAppraiser({ words: { sus: -3, Happy: -2 } });
    const sus = await appraiser.appraise({ description: 'that is sus' }, {});
    expect(sus.appraisal.goal_congruence).toBeLessThan(-0.3);
    const happy = await appraiser.appraise({ description: 'happy' }, {});
    expect(happy.appraisal.goal_congruence).toBeLessThan(0);
    expect(read('that is sus').goal_congruence).toBe(0);
  });

  it('rejects invalid custom words', () => {
    const create = () => createLexiconAppraiser({ words: { 'two words': 1, bad: 9 } });
    expect(create).toThrow(
      /words\.two words: must be a single word; words\.bad: must be a number in \[-5, 5\]/,
    );
    try {
      create();
    } catch (error) {
      expect(isLimbicError(error, 'VALIDATION_ERROR')).toBe(true);
    }
  });

  it('rejects with the abort reason when the signal is already aborted', async () => {
    const reason = new Error('gone');
    await expect(
      createLexiconAppraiser().appraise({ description: 'hi' }, {}, AbortSignal.abort(reason)),
    ).rejects.toBe(reason);
  });
});

describe('lexicon appraiser: affection', () => {
  it('reads "I missed you!" as warm contact from the speaker, not as a loss', () => {
    const a = appraiseText({ description: 'I missed you!', source: 'user' });
    expect(a.goal_congruence).toBeGreaterThan(0.2);
    expect(a.agency).toBeLessThan(0);
  });
});
