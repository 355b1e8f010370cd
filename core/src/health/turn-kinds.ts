import type { Appraisal } from '../appraisal/appraisal.js';
import type { Conduct } from '../appraisal/conduct.js';
import type { Perceived } from '../appraisal/perceived.js';
import type { Roles } from '../appraisal/roles.js';
import type { Addressee } from '../group/participants.js';
import type { EmotionLabel } from '../labels/emotion-label.js';
import type { ExperienceKind } from '../reader/experience.js';

/** What the activity history reads of a turn: the fields of the turn step's input it needs. */
export interface HealthTurnInput {
  appraisal: Appraisal;
  /** Whether the turn is a message from the person (text turns from `system` or `internal` sources are not). */
  interaction: boolean;
  to: Addressee | undefined;
  conduct?: Conduct | undefined;
  feeling?: EmotionLabel | undefined;
  /** Text turns: what the appraiser says about itself (roles, and the reader's reading). */
  text?: { roles: Roles | null; perceived: Perceived | null } | undefined;
}

/** How much of a text turn must be the person's own act toward the character to count as hostile (an apology is 0.5). */
export const hostileConduct = 0.75;
/** Appraisal turns: how far below zero agency, congruence and norm compatibility must all be to count as hostile. */
export const hostileAppraisal = { agency: -0.5, congruence: -0.3, norm: -0.3 } as const;

const angry: ReadonlySet<ExperienceKind> = new Set(['anger', 'disgust']);
const distressKinds: ReadonlySet<ExperienceKind> = new Set([
  'sadness',
  'fear',
  'nervousness',
  'guilt',
  'shame',
]);
/** What the character feels with a distressed speaker (an LLM appraiser gives no reading of the text itself). */
const distressFeelings: ReadonlySet<EmotionLabel> = new Set(['sadness', 'anxiety', 'fear']);

/**
 * A message hostile to the character (docs/relationship-health.md, "Hostile turn"). A text turn whose roles were read
 * is hostile when it is addressed to the character (or everyone), is mostly the person's own act toward the
 * character (conduct ≥ 0.75: an insult, contempt, "I hate you"; an apology is not), and is unpleasant for the character
 * (congruence < 0); a complaint about what the character did to them ("you hurt me") counts only when the reader
 * read it as anger or disgust ("you never listen, you're useless"). An appraisal turn not aimed at another
 * participant is hostile when the person caused it, it goes against the character's goals and it breaks a norm
 * (agency ≤ −0.5, congruence ≤ −0.3, norm compatibility ≤ −0.3). A text turn without roles (a custom appraiser)
 * never is.
 */
export function isHostileTurn(turn: HealthTurnInput): boolean {
  if (!turn.interaction || typeof turn.to === 'object') return false;
  const a = turn.appraisal;
  if (turn.text === undefined) {
    const h = hostileAppraisal;
    return a.agency <= h.agency && a.goal_congruence <= h.congruence && a.norm_compatibility <= h.norm;
  }
  const roles = turn.text.roles;
  if (roles === null || turn.conduct === undefined || roles.addressee === 'participant') return false;
  if (roles.cause === 'character' && roles.experiencer === 'speaker') {
    const kind = turn.text.perceived?.experience.kind;
    if (kind === undefined || !angry.has(kind)) return false;
  }
  return turn.conduct.toward >= hostileConduct && a.goal_congruence < 0;
}

/**
 * A message in which the person expresses their own distress (docs/relationship-health.md, "Distress turn"): a text
 * turn from the person whose experiencer is the person (their own fortune, or their close circle's), read by the
 * reader as sadness, fear, nervousness, guilt or shame with a negative valence; with an LLM appraiser (no reading),
 * one the character meets with sadness, anxiety or fear and that goes against its goals. Appraisal turns carry no
 * roles, so none is.
 */
export function isDistressTurn(turn: HealthTurnInput): boolean {
  if (!turn.interaction) return false;
  const roles = turn.text?.roles;
  if (roles?.experiencer !== 'speaker') return false;
  const perceived = turn.text?.perceived;
  if (perceived) return distressKinds.has(perceived.experience.kind) && perceived.experience.valence < 0;
  return (
    turn.feeling !== undefined && distressFeelings.has(turn.feeling) && turn.appraisal.goal_congruence < 0
  );
}
