import {
  type BindingStore,
  type PersonaDefinition,
  type PromptLocale,
  resolveLocale,
  resolvePersona,
} from '@limbic/core';
import { isSessionGone, type LimbicBackend } from './backend.js';
import { spanishCommandTexts } from './command-texts-es.js';
import { japaneseCommandTexts } from './command-texts-ja.js';
import { type CommandTexts, defaultCommandTexts } from './commands.js';
import type { Conversation } from './conversation.js';

/**
 * The default answers to `/limbic` commands per language of the character (en, es, ja). A bot answers in the
 * language its character's replies use; `en` is {@link defaultCommandTexts}.
 */
export const localizedCommandTexts: Record<PromptLocale, CommandTexts> = {
  en: defaultCommandTexts,
  es: spanishCommandTexts,
  ja: japaneseCommandTexts,
};

/**
 * The language a persona's replies use: its `identity.language` (or its preset's), resolved as prompt_data resolves
 * it (`es-MX` → `es`, unsupported → `en`). A persona that does not resolve here (invalid, or a preset this process
 * does not know) still names its `identity.language` when it has one; otherwise English.
 */
export function personaLocale(persona: PersonaDefinition): PromptLocale {
  try {
    return resolveLocale(resolvePersona(persona).identity.language);
  } catch {
    const language = persona.identity?.language;
    return typeof language === 'string' ? resolveLocale(language) : 'en';
  }
}

/** What {@link createCommandTextsResolver} reads: the runtime's backend, bindings, persona and replaced texts. */
export interface CommandTextsResolverOptions {
  backend: LimbicBackend;
  bindings: BindingStore;
  persona:
    | PersonaDefinition
    | ((conversation: Conversation) => PersonaDefinition | Promise<PersonaDefinition>);
  /** Texts the bot replaced: they stand in every language. */
  texts?: Partial<CommandTexts> | undefined;
}

/**
 * Resolves the answers for the conversation under a key in its character's language: its session's
 * (`BackendSession.locale`, the persona's language as its replies use it; absent: English) or, before it has one
 * (or once the engine deleted it), the language of the persona its session would get. Reads the session without
 * creating one.
 */
export function createCommandTextsResolver(
  options: CommandTextsResolverOptions,
): (key: string, conversation: Conversation) => Promise<CommandTexts> {
  const { backend, bindings } = options;
  const replaced = options.texts ?? {};
  const texts: Record<PromptLocale, CommandTexts> = {
    en: { ...localizedCommandTexts.en, ...replaced },
    es: { ...localizedCommandTexts.es, ...replaced },
    ja: { ...localizedCommandTexts.ja, ...replaced },
  };
  async function newSessionLocale(conversation: Conversation): Promise<PromptLocale> {
    const { persona } = options;
    return personaLocale(typeof persona === 'function' ? await persona(conversation) : persona);
  }
  return async (key, conversation) => {
    const binding = await bindings.get(key);
    const session = binding
      ? await backend.getSession(binding.sessionId).catch((error: unknown) => {
          if (isSessionGone(error)) return null;
          throw error;
        })
      : null;
    return texts[session ? (session.locale ?? 'en') : await newSessionLocale(conversation)];
  };
}
