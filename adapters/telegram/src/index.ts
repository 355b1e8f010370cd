/**
 * A grammY plugin for Limbic: Telegram characters that feel, remember how each person treated them, take part in
 * group chats as one being, and write first.
 * @module
 */
export {
  type CommandMenuDescriptions,
  defaultCommandMenuDescriptions,
  type RegisterCommandsOptions,
  registerLimbicCommands,
} from './command-menu.js';
export { displayName, messageTarget, telegramConversation } from './conversation.js';
export { classifyTelegramError, telegramOutbound, telegramPacing, withMention } from './outbound.js';
export {
  type LimbicFlavor,
  type LimbicMiddleware,
  limbic,
  type ReplyMode,
  type TelegramLimbicOptions,
} from './plugin.js';
