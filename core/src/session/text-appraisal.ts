import { type Appraisal, clampAppraisal, parseAppraisal } from '../appraisal/appraisal.js';
import type { AppraisalContext, AppraisalOutcome, Appraiser } from '../appraisal/appraiser.js';
import { isLimbicError, LimbicError } from '../errors.js';
import { type ResolvedAddress, resolveAddress } from '../group/address.js';
import { relationshipWith } from '../group/participants.js';
import type { LoadedSession } from './loaded-session.js';
import type { SessionChange } from './session-change.js';
import type { TurnResult } from './session-types.js';
import type { SessionWriter } from './session-writer.js';
import type { ParsedTextTurn } from './turn-input.js';
import type { TurnStepInput } from './turn-step.js';

/** A text turn as its appraiser heard it on one read of the session. */
export interface HeardText {
  /** Whom the text addresses, resolved on that read (the turn step reuses it). */
  address: ResolvedAddress;
  /** What the appraiser was told about the character; its state-derived fields decide whether a retry reuses it. */
  context: AppraisalContext;
  /** The appraiser's answer, validated and clamped. */
  appraisal: Appraisal;
  outcome: AppraisalOutcome;
}

/** The appraisal context of a text turn on one read: the persona, and what the session's state says now. */
function contextOf(session: LoadedSession, turn: ParsedTextTurn, address: ResolvedAddress): AppraisalContext {
  const { persona, record } = session;
  return {
    name: persona.identity.name,
    ...(persona.identity.role ? { role: persona.identity.role } : {}),
    coreValues: persona.identity.core_values,
    goals: persona.goals,
    language: persona.identity.language,
    rapport: relationshipWith(record.state, turn.from?.id ?? null).rapport,
    agreeableness: persona.personality.A,
    personality: persona.personality,
    addressee: typeof address.to === 'object' ? 'participant' : address.to,
  };
}

/**
 * True when two contexts of one session tell the appraiser the same. Only `rapport` and `addressee` come from the
 * session's state; the other fields come from the persona, which never changes after a session is created.
 */
function sameContext(a: AppraisalContext, b: AppraisalContext): boolean {
  return a.rapport === b.rapport && a.addressee === b.addressee;
}

/**
 * Appraises a text turn on one read of its session. Whom the message is for decides who "you" is (the character,
 * or another participant of a group), so the address is resolved first and handed on to the turn step.
 *
 * `earlier` is what the appraiser said on an earlier read of the same turn (a compare-and-set retry): the appraiser
 * reads the session's state through its context (the rapport with the speaker and whom the text addresses), so its
 * answer is reused only when the fresh read gives the same context; otherwise the text is appraised again, since
 * the stale answer could differ from what the appraiser says now.
 * @throws LimbicError APPRAISER_FAILED (the appraiser's own LimbicErrors pass through, VALIDATION_ERROR excepted).
 */
export async function hearText(
  appraiser: Appraiser,
  turn: ParsedTextTurn,
  session: LoadedSession,
  signal: AbortSignal | undefined,
  earlier?: HeardText,
): Promise<HeardText> {
  const address = resolveAddress(
    session.record.state,
    { from: turn.from, to: turn.to, text: turn.description },
    session.persona.identity.name,
    session.now,
  );
  const context = contextOf(session, turn, address);
  if (earlier && sameContext(earlier.context, context)) return { ...earlier, address };
  let outcome: AppraisalOutcome;
  let appraisal: Appraisal;
  try {
    outcome = await appraiser.appraise(
      { description: turn.description, source: turn.source },
      context,
      signal,
    );
    appraisal = clampAppraisal(parseAppraisal(outcome.appraisal));
  } catch (error) {
    if (isLimbicError(error) && error.code !== 'VALIDATION_ERROR') throw error;
    throw new LimbicError('APPRAISER_FAILED', `The ${appraiser.name} appraiser failed`, { cause: error });
  }
  return { address, context, appraisal, outcome };
}

/** The turn step's input of a heard text turn: system and internal events do not count as contact. */
export function toTurnStepInput(turn: ParsedTextTurn, heard: HeardText): TurnStepInput {
  const { outcome } = heard;
  return {
    appraisal: heard.appraisal,
    context: turn.description,
    elapsedSeconds: turn.elapsedSeconds,
    interaction: turn.source === 'user',
    from: turn.from,
    to: turn.to,
    conduct: outcome.conduct,
    feeling: outcome.feeling,
    text: {
      appraiser: outcome.appraiser,
      fallback_reason: outcome.fallbackReason ?? null,
      perceived: outcome.perceived ?? null,
      roles: outcome.roles ?? null,
    },
    summary: turn.summary,
  };
}

/** Plans a text turn's change on one read of its session, given what the appraiser heard on that read. */
export type TextTurnPlan = (
  session: LoadedSession,
  step: TurnStepInput,
  address: ResolvedAddress,
) => SessionChange<TurnResult>;

/**
 * Appraises and commits a text turn through the writer. A local appraiser (no I/O: the reader, the lexicon) hears
 * the text inside the session's lock, on the record the turn is applied to: one appraisal per turn however many
 * arrive at once. A remote one (an LLM) hears it on a read made before the lock, so a slow answer holds up no other
 * turn; the write is compare-and-set against that read, and a re-read hears the text again only when the fresh
 * record changed what the appraiser is told. Either way a compare-and-set retry reuses the answer when it can.
 */
export async function commitTextTurn(
  writer: SessionWriter,
  appraiser: Appraiser,
  owner: string,
  turn: ParsedTextTurn,
  signal: AbortSignal | undefined,
  plan: TextTurnPlan,
): Promise<TurnResult> {
  if (appraiser.local) {
    let known: HeardText | undefined;
    return writer.commit(owner, turn.sessionId, async (session) => {
      known = await hearText(appraiser, turn, session, signal, known);
      return plan(session, toTurnStepInput(turn, known), known.address);
    });
  }
  const first = await writer.load(owner, turn.sessionId);
  let heard = await hearText(appraiser, turn, first, signal);
  return writer.commit(
    owner,
    turn.sessionId,
    async (session) => {
      if (session !== first) heard = await hearText(appraiser, turn, session, signal, heard);
      return plan(session, toTurnStepInput(turn, heard), heard.address);
    },
    first,
  );
}
