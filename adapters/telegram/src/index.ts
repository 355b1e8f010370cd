/**
 * A grammY plugin for Limbic: Telegram characters that feel, remember how they were treated, and write first.
 * @module
 */
export {
  classifyTelegramError,
  type LimbicFlavor,
  type LimbicMiddleware,
  limbic,
  type TelegramLimbicOptions,
  telegramPacing,
} from './plugin.js';
