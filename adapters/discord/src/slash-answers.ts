import type { PromptLocale } from '@limbic/core';
import { defaultSlashCommandTexts, type SlashCommandTexts } from './slash-command.js';

/** The Discord adapter's own answers to `/limbic`, the ones the bot kit does not give. */
export type SlashCommandAnswers = Pick<SlashCommandTexts, 'notListening' | 'failed'>;

/**
 * The adapter's own answers per language of the character (en, es, ja), as the bot kit's `localizedCommandTexts`:
 * Spanish with tú, Japanese polite; the English ones are those of {@link defaultSlashCommandTexts}.
 */
export const localizedSlashCommandAnswers: Record<PromptLocale, SlashCommandAnswers> = {
  en: { notListening: defaultSlashCommandTexts.notListening, failed: defaultSlashCommandTexts.failed },
  es: {
    notListening: 'No participo en este canal.',
    failed: 'Algo salió mal; inténtalo de nuevo más tarde.',
  },
  ja: {
    notListening: 'このチャンネルには参加していません。',
    failed: 'うまくいきませんでした。しばらくしてからもう一度試してください。',
  },
};
