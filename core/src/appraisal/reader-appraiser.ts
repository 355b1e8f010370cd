import { loadReader } from '../reader/reader.js';
import type { Reader, Reading } from '../reader/reading.js';
import { categoryRecord } from '../reader/records.js';
import { round } from '../util/math.js';
import type { AppraisalContext, AppraisalOutcome, Appraiser, EventSource, TextEvent } from './appraiser.js';
import { listenerOf } from './heard-event.js';
import { appraiseHeard } from './listener.js';
import type { Perceived } from './perceived.js';
import { hearReading } from './reading-appraisal.js';
import { toRoles } from './roles.js';
import { readEnglish } from './text-appraise.js';
import { contextTerms } from './text-context.js';
import { readRoles } from './text-roles.js';

// Perceived moved to perceived.ts; re-exported here for the session types, which import it from here.
export type { Perceived } from './perceived.js';

/** The rounded, client-facing form of a reading (with the strength the appraiser gave it). */
export function toPerceived(reading: Reading, strength = 0): Perceived {
  const scores = categoryRecord(Object.values(reading.scores), round);
  return {
    emotion: reading.emotion,
    group: reading.group,
    confidence: round(reading.confidence),
    scores,
    experience: {
      kind: reading.experience.kind,
      valence: round(reading.experience.valence),
      activation: round(reading.experience.activation),
      narrative: round(reading.event?.narrative ?? 0),
      strength: round(strength),
    },
  };
}

/** The share of words with a vector from which a text reads as English whatever the lexicon's common words say. */
const englishCoverage = 0.6;

/**
 * Appraises a text with the reader and the lexicon pass (docs/reader.md): the reader says what the experiencer feels
 * and how pleasant the event is for them, the lexicon pass who is spoken to and which cues are explicit, the roles
 * who did what to whom, and {@link appraiseHeard} turns them into the character's appraisal and the conduct that
 * moves the relationship.
 */
export function appraiseWithReader(
  reader: Reader,
  event: TextEvent,
  context: AppraisalContext,
): AppraisalOutcome {
  const text = typeof event.description === 'string' ? event.description : '';
  const source: EventSource =
    event.source === 'system' || event.source === 'internal' ? event.source : 'user';
  const english = readEnglish(event, context);
  const reading = reader.read(text, {
    congruence: english.appraisal.goal_congruence,
    norm: english.appraisal.norm_compatibility,
  });
  const addressee = context.addressee ?? 'character';
  // English by the lexicon's common words, or by the reader's 40,000-word vocabulary ("Alice hands Mika a flower"
  // has one common word, but every word has a vector).
  if (!english.english && !(reading.coverage >= englishCoverage && english.tokens.length > 0))
    return { appraisal: english.appraisal, appraiser: 'reader', perceived: toPerceived(reading) };
  const roles = readRoles(english.tokens, source, contextTerms(context).names, english.aimed);
  const heard = hearReading(reading, english, roles, source);
  // Said to another participant of a group, "you" is that participant: the character witnesses the act, which the
  // group turn weighs at half (docs/groups.md), and the roles name that participant a third party.
  const { appraisal, conduct, label } = appraiseHeard(heard, listenerOf(context));
  return {
    appraisal,
    appraiser: 'reader',
    perceived: toPerceived(reading, heard.strength),
    roles: toRoles(roles, addressee),
    conduct,
    feeling: label,
  };
}

/**
 * Creates the offline appraiser named `reader`: the trained reader (loaded lazily on first use) and the lexicon
 * pass's grammar. English only; other languages get the lexicon appraiser's low-relevance neutral appraisal.
 */
export function createReaderAppraiser(options: { reader?: Reader } = {}): Appraiser {
  let reader: Reader | Promise<Reader> | undefined = options.reader;
  return {
    name: 'reader',
    local: true,
    async appraise(event, context, signal) {
      signal?.throwIfAborted();
      reader ??= loadReader();
      const loaded = await reader;
      reader = loaded;
      signal?.throwIfAborted();
      return appraiseWithReader(loaded, event, context);
    },
  };
}
