/**
 * Limbic for discord.js: Discord characters that feel, remember how they were treated, and write first.
 * @module
 */
export {
  attachLimbic,
  classifyDiscordError,
  type DiscordLimbicOptions,
  type LimbicDiscord,
  type TurnHandler,
} from './integration.js';
