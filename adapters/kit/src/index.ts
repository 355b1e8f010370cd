/**
 * What Limbic's Discord and Telegram adapters share: the engine in either mode, sessions per person, `/limbic`
 * commands and proactive delivery. Use it to write an adapter for another platform.
 * @module
 */
// The LLM settings openEngine({ llm }) takes, and their reader, so bots need not import @limbic/core for them.
export { type LlmSettings, llmSettingsFromEnv } from '@limbic/core';
export type { BackendSession, BackendTurn, LimbicBackend } from './backend.js';
export {
  type BotSettings,
  type BotSettingsOptions,
  botSettingsFromEnv,
  botSettingsOrExit,
  demoClock,
  stopOnSignals,
} from './bot-main.js';
export { type ChatExchange, eraseHistory, historyKeyOf, readHistory } from './chat-history.js';
export {
  type ChatMessage,
  type ChatReplies,
  type ChatRepliesOptions,
  createChatReplies,
  defaultHistoryLength,
  historyLengthFromEnv,
  requestChat,
} from './chat-reply.js';
export { localizedCommandTexts, personaLocale } from './command-texts.js';
export { spanishCommandTexts } from './command-texts-es.js';
export { japaneseCommandTexts } from './command-texts-ja.js';
export {
  type CommandTexts,
  defaultCommandTexts,
  type ForgetFacts,
  type LimbicCommand,
  limbicSubcommands,
  parseLimbicCommand,
  type StatusFacts,
  toCommand,
} from './commands.js';
export {
  type Conversation,
  groupKeyOf,
  type IncomingMessage,
  type MessageTarget,
  participantIdOf,
} from './conversation.js';
export {
  type ComposeContext,
  type ComposeHook,
  createDelivery,
  type Delivery,
  type DeliveryEvent,
  type DeliveryOptions,
  type Mention,
  type Outbound,
  type SkipReason,
} from './delivery.js';
export type { Pacing, RetryPolicy } from './delivery-timing.js';
export { type EmbeddedBackendOptions, embeddedBackend } from './embedded.js';
export {
  type EmbeddedEngineOptions,
  type Engine,
  type EngineOptions,
  openEngine,
  type RemoteEngineOptions,
} from './engine.js';
export type { LimbicTurn, ReplyDecision, ReplyDecisionReason } from './limbic-turn.js';
export {
  type Identity,
  type IdentityLinks,
  identityLinks,
  type LinkCodeRequest,
  newLinkCode,
  normalizeLinkCode,
  type RedeemResult,
} from './links.js';
export type { FeelingFamily, IntensityBand, Voice } from './offline-phrases.js';
export { offlineReply, voiceOf } from './offline-reply.js';
export { type OutreachPhrases, outreachPhrases } from './outreach-phrases.js';
export {
  formatDuration,
  formatDurationIn,
  fromOutreachView,
  type OutreachFacts,
  outreachSentence,
  toOutreachFacts,
} from './outreach-status.js';
export { type RemoteBackendOptions, remoteBackend } from './remote.js';
export { completeChat, llmFromEnv, replyFor } from './reply.js';
export type { BotPolicy } from './reply-policy.js';
export { routeOf } from './routes.js';
export { createLimbicRuntime, type LimbicRuntime, type LimbicRuntimeOptions } from './runtime.js';
export { type StatusPhrases, statusPhrases, statusText } from './status-phrases.js';
