import type { BindingStore, Clock, ProactivePreferencesInput } from '@limbic/core';
import { type BackendSession, isSessionGone, type LimbicBackend } from './backend.js';
import { eraseHistory } from './chat-history.js';
import type { CommandTexts, LimbicCommand } from './commands.js';
import { type Conversation, identityOf } from './conversation.js';
import type { GroupSettings } from './group-settings.js';
import { type IdentityLinks, platformsOf } from './links.js';
import { type OutreachFacts, toOutreachFacts } from './outreach-status.js';
import { isPolicyCommand, runGroupPolicy, runPrivateQuiet } from './policy-commands.js';
import { personKeyPrefix, targetFor } from './routes.js';
import type { SessionBinder } from './session-binder.js';

/** What {@link createCommandHandler} works with: parts of the runtime and its settings. */
export interface CommandHandlerParts {
  backend: LimbicBackend;
  bindings: BindingStore;
  clock: Clock;
  binder: SessionBinder;
  links: IdentityLinks;
  groupSettings: GroupSettings;
  /** The answers for the conversation under a key, in the character's language (`createCommandTextsResolver`). */
  textsFor: (key: string, conversation: Conversation) => Promise<CommandTexts>;
  /** A group's proactive preferences when its admins turn them on. */
  groupPreferences: Omit<ProactivePreferencesInput, 'enabled'> & { cooldown_hours: number };
  /** How long a link code stays valid, ms (for the answer to `/limbic link`). */
  linkCodeTtlMs: number;
}

/** Runs a `/limbic` command in the conversation under `key` and resolves the reply to send. */
export type CommandHandler = (
  key: string,
  conversation: Conversation,
  command: LimbicCommand,
) => Promise<string>;

/** What `/limbic status` says about writing first, when the backend can explain it. */
async function outreachOf(backend: LimbicBackend, sessionId: string): Promise<OutreachFacts | null> {
  if (!backend.outreachOutlook) return null;
  return toOutreachFacts(await backend.outreachOutlook(sessionId), backend.timeScale ?? 1);
}

/** The part of `/limbic status` that reads the session: whether it writes first, and how the character feels. */
function feelingsOf({ state, preferences, locale }: BackendSession) {
  return {
    ...(locale === undefined ? {} : { locale }),
    proactive: preferences.enabled,
    emotion: state.discrete_emotion,
    intensity: state.emotion_intensity,
    energy: state.body_budget.energy,
    stress: state.body_budget.stress,
  };
}

/**
 * Creates the handler of `/limbic` commands. In a private chat: proactive messages on or off (`mute`, `unmute`),
 * quiet hours, status, identity links, forgetting. In a group: status, one's own opt-out and quiet hours, and
 * forgetting oneself for anyone; the character's presence and proactive messages for admins only.
 */
export function createCommandHandler(parts: CommandHandlerParts): CommandHandler {
  const { backend, bindings, clock, binder, links, groupSettings, groupPreferences } = parts;

  /** The session of a conversation, created if needed (or again, when deleted on the engine's side). */
  async function sessionFor(key: string, conversation: Conversation) {
    const { binding, value: session } = await binder.use(key, conversation, (bound) =>
      backend.getSession(bound.sessionId),
    );
    return { binding, session };
  }

  /** The platforms of the identities linked with this one (itself excluded), sorted. */
  async function linkedPlatforms(conversation: Conversation): Promise<string[]> {
    const identity = identityOf(conversation);
    const person = await links.personOf(identity);
    if (person === null) return [];
    const others = (await links.identitiesOf(person)).filter((i) => i !== identity);
    return platformsOf(others);
  }

  /** Switches a session's proactive messages, keeping its triggers and cooldown (a group's: `groupPreferences`). */
  async function setProactive(session: BackendSession, enabled: boolean, group: boolean): Promise<void> {
    const { sessionId } = session;
    const base = group ? { ...session.preferences, ...groupPreferences } : session.preferences;
    // Setting preferences replaces them: the time zone, quiet hours and daily maximum are carried over.
    await backend.setPreferences(sessionId, { ...base, enabled });
    if (!enabled) {
      // Nothing already raised goes out after an opt-out.
      for (const action of await backend.pendingActions(sessionId)) {
        await backend.acknowledge(sessionId, action.id);
      }
    }
  }

  async function link(
    conversation: Conversation,
    key: string,
    code: string | null,
    texts: CommandTexts,
  ): Promise<string> {
    if (!conversation.private) return texts.linkPrivateOnly;
    const identity = identityOf(conversation);
    if (code === null) {
      // The session this conversation stands for, so the link can carry it over.
      const { binding } = await binder.bindingOf(key, conversation);
      const issued = await links.issue({
        identity,
        platform: conversation.platform,
        conversationKey: binding.key,
        target: conversation.target,
      });
      return texts.linkCode(issued, Math.round(parts.linkCodeTtlMs / 60_000));
    }
    const result = await links.redeem(code, identity);
    if (!result.linked) return result.reason === 'self' ? texts.linkSelf : texts.linkInvalid;
    // The linked person's private conversation: the one the code was asked for in carries on, on every platform.
    const personKey = `${personKeyPrefix}${result.person}`;
    if (!(await bindings.get(personKey))) {
      const issuerBinding = await bindings.get(result.issuer.conversationKey);
      if (issuerBinding) {
        await bindings.delete(issuerBinding.key);
        await bindings.insert({
          ...issuerBinding,
          key: personKey,
          target: targetFor(personKey, result.issuer.platform, result.issuer.target),
          updatedAt: clock.now(),
        });
      }
    }
    return texts.linked(platformsOf(result.identities));
  }

  async function groupStatus(conversation: Conversation, key: string, texts: CommandTexts): Promise<string> {
    const { binding, session } = await sessionFor(key, conversation);
    const me = identityOf(conversation);
    let you: { rapport: number; trust: number; familiarity: number } | null = null;
    let participants = 0;
    for (let cursor: string | null = null; ; ) {
      const page = await backend.listParticipants(binding.sessionId, { cursor, limit: 100 });
      participants += page.participants.length;
      you ??= page.participants.find((p) => p.id === me)?.interpersonal ?? null;
      cursor = page.cursor;
      if (cursor === null) break;
    }
    return texts.status({
      ...feelingsOf(session),
      group: true,
      active: await groupSettings.isActive(key),
      you,
      participants,
      linkedWith: [],
      outreach: await outreachOf(backend, binding.sessionId),
    });
  }

  /** How many memories of the session involve the participant (all of them without one). */
  async function countMemories(sessionId: string, participant?: string): Promise<number> {
    let count = 0;
    for (let cursor: string | null = null; ; ) {
      const page = await backend.listMemories(sessionId, {
        cursor,
        limit: 100,
        ...(participant === undefined ? {} : { participant }),
      });
      count += page.memories.length;
      cursor = page.cursor;
      if (cursor === null) return count;
    }
  }

  /**
   * `/limbic forget`: erases what the character holds about the one asking. A private session is theirs alone (its
   * turns carry no `from`), so every memory of it goes; in a group, their participant goes, and with it the
   * relationship and every memory they appear in. No session is created for it: without one nothing is held.
   */
  async function forget(key: string, conversation: Conversation, texts: CommandTexts): Promise<string> {
    const group = !conversation.private;
    const nothing = texts.forgotten({ group, count: 0, known: false });
    const binding = await bindings.get(key);
    if (!binding) return nothing;
    const { sessionId } = binding;
    // The conversation history a bot's replies keep (createChatReplies) goes with the rest.
    const exchanges = await eraseHistory(
      bindings,
      sessionId,
      group ? identityOf(conversation) : undefined,
      clock.now(),
    );
    try {
      if (!group) {
        const count = await backend.forgetAllMemories(sessionId);
        return texts.forgotten({ group, count, known: count > 0 || exchanges > 0 });
      }
      const me = identityOf(conversation);
      const count = await countMemories(sessionId, me);
      await backend.forgetParticipant(sessionId, me);
      return texts.forgotten({ group, count, known: true });
    } catch (error) {
      // NOT_FOUND: the session never knew them, or is gone; either way it holds nothing about them.
      if (!isSessionGone(error)) throw error;
      return nothing;
    }
  }

  async function groupCommand(
    key: string,
    conversation: Conversation,
    command: LimbicCommand,
    texts: CommandTexts,
  ) {
    switch (command.action) {
      case 'help':
        return texts.groupHelp;
      case 'status':
        return groupStatus(conversation, key, texts);
      case 'forget':
        return forget(key, conversation, texts);
      case 'link':
      case 'unlink':
        return texts.linkPrivateOnly;
      default:
        break;
    }
    if (isPolicyCommand(command)) {
      // Anyone, for themselves: their own opt-out and quiet hours in this chat.
      const { session } = await sessionFor(key, conversation);
      return runGroupPolicy(backend, texts, session, identityOf(conversation), command);
    }
    if (command.action === 'proactive' && command.enabled === null)
      return groupStatus(conversation, key, texts);
    if (!(await conversation.isAdmin?.())) return texts.adminOnly;
    if (command.action === 'on' || command.action === 'off') {
      const active = command.action === 'on';
      await groupSettings.setActive(key, active);
      return active ? texts.groupOn : texts.groupOff;
    }
    const enabled = command.action === 'proactive' && command.enabled === true;
    const { session } = await sessionFor(key, conversation);
    await setProactive(session, enabled, true);
    return texts.groupProactive(enabled, groupPreferences.cooldown_hours);
  }

  async function privateCommand(
    key: string,
    conversation: Conversation,
    command: LimbicCommand,
    texts: CommandTexts,
  ) {
    switch (command.action) {
      case 'help':
        return texts.help;
      case 'link':
        return link(conversation, key, command.code, texts);
      case 'unlink':
        return (await links.unlink(identityOf(conversation))) ? texts.unlinked : texts.notLinked;
      case 'forget':
        return forget(key, conversation, texts);
      default:
        break;
    }
    if (command.action === 'quiet_invalid') return texts.quietInvalid(command.text);
    const { session } = await sessionFor(key, conversation);
    if (command.action === 'quiet') return runPrivateQuiet(backend, texts, session, command);
    if (command.action === 'status' || (command.action === 'proactive' && command.enabled === null)) {
      return texts.status({
        ...feelingsOf(session),
        group: false,
        active: true,
        you: session.state.interpersonal,
        participants: 0,
        linkedWith: await linkedPlatforms(conversation),
        outreach: await outreachOf(backend, session.sessionId),
      });
    }
    // In a private chat `mute` and `unmute` are the person's `off` and `on`.
    const enabled =
      command.action === 'on' ||
      command.action === 'unmute' ||
      (command.action === 'proactive' && command.enabled === true);
    await setProactive(session, enabled, false);
    return enabled ? texts.on : texts.off;
  }

  return async (key, conversation, command) => {
    const texts = await parts.textsFor(key, conversation);
    return conversation.private
      ? privateCommand(key, conversation, command, texts)
      : groupCommand(key, conversation, command, texts);
  };
}
