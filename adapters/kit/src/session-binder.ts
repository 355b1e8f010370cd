import type {
  Binding,
  BindingStore,
  Clock,
  PersonaDefinition,
  ProactivePreferencesInput,
} from '@limbic/core';
import { isSessionGone, type LimbicBackend } from './backend.js';
import { eraseHistory } from './chat-history.js';
import type { Conversation } from './conversation.js';
import { targetFor } from './routes.js';

/** Options of {@link createSessionBinder}: the runtime's, as far as new sessions go. */
export interface SessionBinderOptions {
  backend: LimbicBackend;
  bindings: BindingStore;
  clock: Clock;
  /** The persona of new sessions, or a function choosing one per conversation. */
  persona:
    | PersonaDefinition
    | ((conversation: Conversation) => PersonaDefinition | Promise<PersonaDefinition>);
  /** Whether new sessions may write first; default: private conversations only. */
  proactive?: boolean | ((conversation: Conversation) => boolean) | undefined;
  /** Proactive preferences of new private sessions. */
  preferences?: Omit<ProactivePreferencesInput, 'enabled'> | undefined;
  /** Proactive preferences of new group sessions. */
  groupPreferences: Omit<ProactivePreferencesInput, 'enabled'>;
}

/** A conversation's binding, and whether this call created its session. */
export interface BoundSession {
  binding: Binding;
  isNew: boolean;
}

/** The result of {@link SessionBinder.use}: the binding it ended with, and what the operation resolved. */
export interface SessionUse<T> extends BoundSession {
  value: T;
}

/** Maps conversations to engine sessions; see {@link createSessionBinder}. */
export interface SessionBinder {
  /** The binding of the conversation under `key`, with a new session when it has none yet. */
  bindingOf(key: string, conversation: Conversation): Promise<BoundSession>;
  /**
   * Runs `operation` on the conversation's binding (its session, created if needed). When the engine says the
   * session is gone (deleted on its side), creates a new one, rebinds `key` to it and runs `operation` once more on
   * the new binding (`isNew`, with no previous message).
   */
  use<T>(
    key: string,
    conversation: Conversation,
    operation: (binding: Binding) => Promise<T>,
  ): Promise<SessionUse<T>>;
}

/**
 * Creates the session binder: on first contact a conversation gets a session of the configured persona (with its
 * proactive preferences) and a binding in the binding store; every later message and command finds it there. The
 * one place that recovers from a session deleted on the engine's side.
 */
export function createSessionBinder(options: SessionBinderOptions): SessionBinder {
  const { backend, bindings, clock } = options;

  function proactiveFor(conversation: Conversation): boolean {
    const { proactive } = options;
    if (proactive === undefined) return conversation.private;
    return typeof proactive === 'function' ? proactive(conversation) : proactive;
  }

  /** Creates a session for the conversation and binds `key` to it (rebinding `existing`'s key). */
  async function createBinding(
    key: string,
    conversation: Conversation,
    existing: Binding | null,
  ): Promise<Binding> {
    const persona =
      typeof options.persona === 'function' ? await options.persona(conversation) : options.persona;
    const sessionId = await backend.createSession(persona);
    if (proactiveFor(conversation)) {
      const preferences = conversation.private ? options.preferences : options.groupPreferences;
      await backend.setPreferences(sessionId, { ...preferences, enabled: true });
    }
    const now = clock.now();
    const binding: Binding = {
      key,
      owner: backend.owner,
      sessionId,
      target: targetFor(key, conversation.platform, conversation.target),
      lastMessageAt: null,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    };
    if (existing) {
      await bindings.update(binding);
      // The replaced session's conversation history goes with it.
      await eraseHistory(bindings, existing.sessionId, undefined, now);
    } else {
      const stored = await bindings.insert(binding);
      // Another process bound this conversation first: use its session.
      if (stored.sessionId !== sessionId) return stored;
    }
    backend.watch(sessionId);
    return binding;
  }

  async function bindingOf(key: string, conversation: Conversation): Promise<BoundSession> {
    const found = await bindings.get(key);
    if (found) return { binding: found, isNew: false };
    return { binding: await createBinding(key, conversation, null), isNew: true };
  }

  return {
    bindingOf,
    async use(key, conversation, operation) {
      const bound = await bindingOf(key, conversation);
      try {
        return { ...bound, value: await operation(bound.binding) };
      } catch (error) {
        if (!isSessionGone(error)) throw error;
        // The session was deleted on the engine's side: start a new one for this conversation.
        const binding = await createBinding(key, conversation, bound.binding);
        return { binding, isNew: true, value: await operation(binding) };
      }
    },
  };
}
