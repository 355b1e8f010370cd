import type { EmotionLabel } from '../labels/emotion-label.js';
import { en } from './locales/en.js';
import { es } from './locales/es.js';
import { ja } from './locales/ja.js';
import type { PromptLocale } from './prompt-data.js';

const tables = { en, es, ja } as const;

/**
 * An emotion label in a prompt locale's words, as prompt_data writes it, for texts shown beside it (a bot's
 * `/limbic status`).
 * @example
 * emotionWord('anger', 'es'); // 'ira'
 */
export function emotionWord(label: EmotionLabel, locale: PromptLocale): string {
  return tables[locale].emotions[label];
}
