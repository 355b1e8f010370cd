export { type FakeDiscord, startFakeDiscord } from './discord/fake-discord.js';
export type {
  DiscordCall,
  DiscordChannel,
  DiscordDirectMessageInput,
  DiscordDmChannel,
  DiscordGuildChannel,
  DiscordMessage,
  DiscordMessageInput,
  DiscordSentMessage,
  DiscordUser,
  FakeDiscordGuild,
  FakeDiscordOptions,
} from './discord/types.js';
export type { FakeFailure } from './failures.js';
export {
  type FakeLlm,
  type FakeLlmMode,
  type FakeLlmOptions,
  fakeAppraisal,
  fakePersona,
  type LlmCall,
  startFakeLlm,
} from './openai/fake-llm.js';
export { type FakeTelegram, type FakeTelegramOptions, startFakeTelegram } from './telegram/fake-telegram.js';
export type {
  TelegramBotUser,
  TelegramCall,
  TelegramChat,
  TelegramCommandEntity,
  TelegramGroupChat,
  TelegramPrivateChat,
  TelegramSentMessage,
  TelegramTextInput,
  TelegramTextMessage,
  TelegramUpdate,
  TelegramUser,
} from './telegram/types.js';
