import type { ParticipantPolicy } from '@limbic/core';
import type { BackendSession, LimbicBackend } from './backend.js';
import type { CommandTexts, LimbicCommand } from './commands.js';

/** The `/limbic` commands of a person's outreach policy: `mute`, `unmute`, `quiet`. */
export type PolicyCommand = Extract<LimbicCommand, { action: 'mute' | 'unmute' | 'quiet' | 'quiet_invalid' }>;

/** True for the commands {@link runPolicyCommand} answers. */
export function isPolicyCommand(command: LimbicCommand): command is PolicyCommand {
  return (
    command.action === 'mute' ||
    command.action === 'unmute' ||
    command.action === 'quiet' ||
    command.action === 'quiet_invalid'
  );
}

/** A participant's own policy as the session holds it (none set: no zone or quiet hours of their own, not muted). */
async function participantPolicy(
  backend: LimbicBackend,
  sessionId: string,
  participantId: string,
): Promise<ParticipantPolicy> {
  for (let cursor: string | null = null; ; ) {
    const page = await backend.listParticipants(sessionId, { cursor, limit: 100 });
    const me = page.participants.find((p) => p.id === participantId);
    if (me) return me.policy ?? { time_zone: null, quiet_hours: null, muted: false };
    cursor = page.cursor;
    if (cursor === null) return { time_zone: null, quiet_hours: null, muted: false };
  }
}

/**
 * Runs `quiet` in a private chat: the session's quiet hours (and time zone when given), every other preference kept
 * (setting preferences replaces them as a whole). `mute` and `unmute` are `off` and `on` there (the caller's).
 */
export async function runPrivateQuiet(
  backend: LimbicBackend,
  texts: CommandTexts,
  session: BackendSession,
  command: Extract<PolicyCommand, { action: 'quiet' }>,
): Promise<string> {
  const prefs = session.preferences;
  const timeZone = command.timeZone ?? prefs.time_zone;
  await backend.setPreferences(session.sessionId, {
    ...prefs,
    quiet_hours: command.quiet,
    time_zone: timeZone,
  });
  return command.quiet ? texts.quietSet(command.quiet, timeZone, false) : texts.quietOff(false);
}

/**
 * Runs `mute`, `unmute` and `quiet` in a group: the asking participant's own policy (their other fields kept).
 * Muting withdraws what was already raised for them; the character keeps writing first to the others.
 */
export async function runGroupPolicy(
  backend: LimbicBackend,
  texts: CommandTexts,
  session: BackendSession,
  participantId: string,
  command: PolicyCommand,
): Promise<string> {
  if (command.action === 'quiet_invalid') return texts.quietInvalid(command.text);
  const { sessionId } = session;
  const own = await participantPolicy(backend, sessionId, participantId);
  if (command.action !== 'quiet') {
    const muted = command.action === 'mute';
    await backend.setParticipantPolicy(sessionId, participantId, { ...own, muted });
    return muted ? texts.groupMuted : texts.groupUnmuted;
  }
  const timeZone = command.timeZone ?? own.time_zone;
  await backend.setParticipantPolicy(sessionId, participantId, {
    ...own,
    quiet_hours: command.quiet,
    time_zone: timeZone,
  });
  return command.quiet
    ? texts.quietSet(command.quiet, timeZone ?? session.preferences.time_zone, true)
    : texts.quietOff(true);
}
