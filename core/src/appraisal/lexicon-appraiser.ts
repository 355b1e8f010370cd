import { toValidationError, type ValidationIssue } from '../errors.js';
import type { Appraisal } from './appraisal.js';
import type { AppraisalContext, Appraiser, TextEvent } from './appraiser.js';
import { appraiseEnglish } from './text-appraise.js';

/** Options of {@link createLexiconAppraiser}. */
export interface LexiconAppraiserOptions {
  /** Extra or corrected valences of single words on AFINN's -5..5 scale, e.g. `{ sus: -2, based: 2 }`. */
  words?: Readonly<Record<string, number>>;
}

/**
 * Appraises an English text offline and synchronously with the lexicon appraiser's rules: AFINN-165 valence with
 * negation, boosters and emphasis; cue words for norms, control, expectation and chance; and a perspective-aware
 * reading of who caused the event. Non-English text gets a low-relevance, neutral appraisal.
 * @example
 * appraiseText({ description: 'You lied to me. That is so unfair.' });
 * // goal_congruence ≈ -0.8, agency < 0, norm_compatibility ≈ -0.9
 */
export function appraiseText(event: TextEvent, context: AppraisalContext = {}): Appraisal {
  return appraiseEnglish(event, context);
}

function compileWords(words: Readonly<Record<string, number>>): Map<string, number> {
  const issues: ValidationIssue[] = [];
  const compiled = new Map<string, number>();
  for (const [word, valence] of Object.entries(words)) {
    const key = word.trim().toLowerCase();
    if (!/^[\p{L}\p{N}'-]+$/u.test(key)) {
      issues.push({ path: `words.${word}`, message: 'must be a single word' });
    } else if (typeof valence !== 'number' || !Number.isFinite(valence) || valence < -5 || valence > 5) {
      issues.push({ path: `words.${word}`, message: `must be a number in [-5, 5] (got ${String(valence)})` });
    } else {
      compiled.set(key, valence);
    }
  }
  if (issues.length > 0) throw toValidationError('lexicon appraiser options', issues);
  return compiled;
}

/**
 * Creates the offline English appraiser, named `lexicon`: {@link appraiseText} behind the {@link Appraiser}
 * interface. It needs no network and no model, and is the default fallback of the LLM appraiser.
 * @throws LimbicError VALIDATION_ERROR when a custom word is not a single word or its valence is outside [-5, 5].
 * @example
 * const appraiser = createLexiconAppraiser({ words: { sus: -2 } });
 * const { appraisal } = await appraiser.appraise({ description: 'You did it!' }, { name: 'Luna' });
 */
export function createLexiconAppraiser(options: LexiconAppraiserOptions = {}): Appraiser {
  const custom = options.words === undefined ? undefined : compileWords(options.words);
  return {
    name: 'lexicon',
    local: true,
    async appraise(event, context, signal) {
      signal?.throwIfAborted();
      return { appraisal: appraiseEnglish(event, context, custom), appraiser: 'lexicon' };
    },
  };
}
