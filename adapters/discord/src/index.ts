/**
 * Limbic for discord.js: Discord characters that feel, remember how each person treated them, take part in guild
 * channels as one being, and write first.
 * @module
 */
export {
  attachLimbic,
  type DiscordLimbicOptions,
  type LimbicDiscord,
  type OnTurnOptions,
  type TurnHandler,
} from './integration.js';
export { classifyDiscordError } from './outbound.js';
export { localizedSlashCommandAnswers, type SlashCommandAnswers } from './slash-answers.js';
export { defaultSlashCommandTexts, limbicCommandData, type SlashCommandTexts } from './slash-command.js';
