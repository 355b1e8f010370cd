import type { PromptLocale } from './prompt-data.js';

/** The languages prompt_data's descriptive text is written in. */
export const supportedPromptLocales = ['en', 'es', 'ja'] as const satisfies readonly PromptLocale[];

function primarySubtag(language: string): string {
  const cut = language.search(/[-_]/);
  return (cut === -1 ? language : language.slice(0, cut)).trim().toLowerCase();
}

function isPromptLocale(subtag: string): subtag is PromptLocale {
  return (supportedPromptLocales as readonly string[]).includes(subtag);
}

/**
 * The locale of prompt_data's text for a BCP 47 language tag: its primary language when supported, else `en`.
 *
 * @example
 * resolveLocale('es-MX'); // 'es'
 * resolveLocale('pt-BR'); // 'en'
 */
export function resolveLocale(language: string): PromptLocale {
  const subtag = primarySubtag(language);
  return isPromptLocale(subtag) ? subtag : 'en';
}

let englishNames: Intl.DisplayNames | null | undefined;
const nameCache = new Map<string, string>();

/** The English name of a language tag (`pt-BR` → `Brazilian Portuguese`), or the tag itself when Intl cannot tell. */
export function englishLanguageName(language: string): string {
  const cached = nameCache.get(language);
  if (cached !== undefined) return cached;
  let name = language;
  try {
    englishNames ??= new Intl.DisplayNames(['en'], { type: 'language' });
    name = englishNames.of(language.replaceAll('_', '-')) ?? language;
  } catch {
    // Invalid tag, or a runtime without Intl.DisplayNames: keep the tag.
  }
  // Tags come from client personas: bound the cache.
  if (nameCache.size >= 1024) nameCache.clear();
  nameCache.set(language, name);
  return name;
}

/**
 * The sentence that tells the model which language to answer in. For a supported language it is written in that
 * language; for any other it is English and names the language, since the rest of prompt_data is English then.
 */
export function toLanguageDirective(language: string, ownLanguageDirective: string): string {
  const subtag = primarySubtag(language);
  if (subtag === '' || isPromptLocale(subtag)) return ownLanguageDirective;
  const name = englishLanguageName(language.trim());
  const label = name === language.trim() ? name : `${name} (${language.trim()})`;
  return `Respond in ${label}, even though these notes are in English.`;
}
