import { type Appraisal, clampAppraisal, neutralAppraisal } from './appraisal.js';
import type { AppraisalContext, EventSource, TextEvent } from './appraiser.js';
import { type EnglishReading, endsAsking, plainReading } from './english-reading.js';
import { aimsAtAddressee } from './text-address.js';
import { defaultAgency } from './text-agency.js';
import { contextTerms, isNameWord, matchesKeyword } from './text-context.js';
import { ADDRESSEE, lookupWord, plainEntry } from './text-lexicon.js';
import { isPhatic } from './text-phatic.js';
import { BREAK, CAPS, scanText } from './text-scan.js';
import { closeClause, createTally, matchPhrase, type Tally } from './text-tally.js';

// Tokens after a negator or a booster that it still reaches (VADER looks three tokens back).
const WINDOW = 3;
// Negated negatives are weakly positive ("not bad"): negation shifts rather than flips (Taboada et al. 2011).
const NEGATED_NEGATIVE = 2 / 3;
// "not fair" is unfair; "didn't lie" is only weakly virtuous.
const NEGATED_VIRTUE = -1.2;
const NEGATED_BREACH = -0.3;
// Negated control and expectation cues ("not surprised", "not under control").
const NEGATED_CUE = -0.75;
// VADER (Hutto & Gilbert 2014): ALL-CAPS adds 0.733 to a 1-4 score (about ×1.3); each "!" up to four adds 0.292
// to the sum; "but" halves what precedes it and weights what follows by 1.5; sum/√(sum² + 15) normalises.
const CAPS_BOOST = 1.3;
const EXCLAMATION_GAIN = 0.08;
const BUT_BEFORE = 0.5;
const BUT_AFTER = 1.5;
const VALENCE_ALPHA = 15;
// tanh(0.9) ≈ 0.72: one cue moves expectedness or controllability from 0.5 to about 0.14 or 0.86.
const CUE_SLOPE = 0.9;
// Relevance: small talk stays near 0.1-0.2, as in the reference rubric ("casual greetings: 0~0.2").
const RELEVANCE = {
  base: 0.12,
  affect: 0.5,
  affectHalf: 4,
  personal: 0.08,
  name: 0.1,
  keyword: 0.15,
  keywordMax: 0.3,
  intensity: 0.03,
  intensityMax: 0.09,
  cue: 0.05,
  cueMax: 0.15,
  foreign: 0.1,
};
// Below this share of known words a Latin-script text is taken for another language.
const ENGLISH_SHARE = 0.3;

function foreign(source: EventSource): Appraisal {
  return { ...neutralAppraisal, goal_relevance: RELEVANCE.foreign, agency: defaultAgency[source] };
}

/**
 * Appraises an English text with the lexicon appraiser's rules; `custom` overrides single-word valences. One pass
 * over the tokens; each clause's agency is read when the clause closes.
 */
export function appraiseEnglish(
  event: TextEvent,
  context: AppraisalContext,
  custom?: ReadonlyMap<string, number>,
): Appraisal {
  return readEnglish(event, context, custom).appraisal;
}

/** {@link appraiseEnglish}, with what the pass found about address and cues (for the reader appraiser). */
export function readEnglish(
  event: TextEvent,
  context: AppraisalContext,
  custom?: ReadonlyMap<string, number>,
): EnglishReading {
  const text = typeof event.description === 'string' ? event.description : '';
  const source: EventSource =
    event.source === 'system' || event.source === 'internal' ? event.source : 'user';
  const scan = scanText(text);
  const { tokens, flags } = scan;
  const n = tokens.length;
  if (scan.otherLetters > scan.latinLetters) return plainReading(foreign(source), false, tokens);
  const terms = contextTerms(context);
  const tally: Tally = createTally(scan.surprises);
  let negation = 0;
  let negationLeft = 0;
  let modifier = 1;
  let modifierLeft = 0;
  let last = 0;
  let butGain = 1;
  let words = 0;
  let known = 0;
  let keywordHits = 0;
  let named = false;
  let boosts = 0;
  for (let i = 0; i < n; ) {
    const token = tokens[i]!;
    if (flags[i]! & BREAK) {
      closeClause(tally, tokens, i, source, terms);
      negationLeft = 0;
      modifier = 1;
      modifierLeft = 0;
      i++;
      continue;
    }
    const phrase = matchPhrase(tokens, i);
    const span = phrase?.span ?? 1;
    const override = span === 1 ? custom?.get(token) : undefined;
    const entry = phrase?.entry ?? lookupWord(token) ?? (override === undefined ? undefined : plainEntry);
    words += span;
    if (!named) named = isNameWord(token, terms.names);
    if (matchesKeyword(token, terms)) keywordHits++;
    if (entry === undefined) {
      negationLeft--;
      if (modifierLeft > 0 && --modifierLeft === 0) modifier = 1;
      i++;
      continue;
    }
    known += span;
    tally.refs |= entry.refs;
    tally.clauseRefs |= entry.refs;
    if (entry.conjunction) {
      closeClause(tally, tokens, i, source, terms);
      if (token === 'but') {
        tally.valence *= BUT_BEFORE;
        butGain = BUT_AFTER;
        negationLeft = 0;
      }
    }
    // A lone "no" ("No." / "no!") is a refusal, not a negator.
    const loneNo = token === 'no' && (i + 1 === n || (flags[i + 1]! & BREAK) !== 0);
    if (entry.negator !== 0 && span === 1 && !loneNo) {
      negation = entry.negator;
      negationLeft = WINDOW;
      i++;
      continue;
    }
    if (entry.modifier !== 1) {
      if (entry.modifier > 1) boosts++;
      modifier *= entry.modifier;
      modifierLeft = WINDOW;
      negationLeft -= span;
      i += span;
      continue;
    }
    const negated = negationLeft > 0;
    if (entry.postModifier !== 1) {
      const extra = last * (entry.postModifier - 1);
      tally.valence += extra;
      tally.affect += Math.abs(extra);
      tally.clauseAffect += Math.abs(extra);
      last += extra;
    }
    const valence = override ?? entry.valence;
    if (valence !== 0 || entry.norm !== 0) {
      let gain = modifier * butGain;
      if (span === 1 && flags[i]! & CAPS && !scan.allCaps) gain *= CAPS_BOOST;
      if (valence !== 0) {
        const flip = negated ? (valence > 0 ? negation : negation * NEGATED_NEGATIVE) : 1;
        const v = valence * gain * flip;
        tally.valence += v;
        tally.affect += Math.abs(v);
        tally.clauseAffect += Math.abs(v);
        last = v;
      }
      if (entry.norm !== 0) {
        tally.norm +=
          entry.norm * modifier * (negated ? (entry.norm > 0 ? NEGATED_VIRTUE : NEGATED_BREACH) : 1);
        tally.cues++;
      }
      modifier = 1;
      modifierLeft = 0;
    } else if (modifierLeft > 0 && --modifierLeft === 0) {
      modifier = 1;
    }
    if (entry.control !== 0) {
      tally.control += entry.control * (negated ? NEGATED_CUE : 1);
      tally.cues++;
    }
    if (entry.expect !== 0) {
      tally.expect += entry.expect * (negated ? NEGATED_CUE : 1);
      tally.cues++;
    }
    if (entry.fate && !negated) {
      tally.clauseFate = true;
      tally.cues++;
    }
    if (entry.insult && !negated) tally.clauseInsult = true;
    negationLeft -= span;
    i += span;
  }
  closeClause(tally, tokens, n, source, terms);
  if (words === 0 && tally.cues === 0) return plainReading({ ...neutralAppraisal }, false, tokens);
  if (words >= 3 && known < words * ENGLISH_SHARE) return plainReading(foreign(source), false, tokens);

  const valence = tally.valence * (1 + EXCLAMATION_GAIN * Math.min(scan.exclamations, 4));
  const intensity = Math.min(scan.exclamations, 3) + Math.min(scan.allCaps ? 2 : scan.capsWords, 2);
  const r = RELEVANCE;
  const relevance =
    (words > 0 ? r.base : 0) +
    (r.affect * tally.affect) / (tally.affect + r.affectHalf) +
    (tally.refs !== 0 ? r.personal : 0) +
    (named ? r.name : 0) +
    Math.min(r.keywordMax, r.keyword * keywordHits) +
    Math.min(r.intensityMax, r.intensity * intensity) +
    Math.min(r.cueMax, r.cue * tally.cues);
  const appraisal = clampAppraisal({
    goal_relevance: relevance,
    goal_congruence: valence / Math.sqrt(valence * valence + VALENCE_ALPHA),
    expectedness: 0.5 + 0.5 * Math.tanh(CUE_SLOPE * (tally.expect - scan.surprises)),
    controllability: 0.5 + 0.5 * Math.tanh(CUE_SLOPE * tally.control),
    agency: tally.agencyWeight > 0 ? tally.agencySum / tally.agencyWeight : defaultAgency[source],
    norm_compatibility: Math.tanh(tally.norm),
  });
  return {
    appraisal,
    english: true,
    addressed: (tally.refs & ADDRESSEE) !== 0 || named,
    aimed: named || ((tally.refs & ADDRESSEE) !== 0 && aimsAtAddressee(tokens)),
    expectationCues: tally.expect !== 0 || scan.surprises > 0,
    controlCues: tally.control !== 0,
    emphasis: Math.min(1, (intensity + boosts) / 4),
    asks: endsAsking(text),
    phatic: isPhatic(tokens, terms.names),
    tokens,
  };
}
