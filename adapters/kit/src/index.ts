/**
 * What Limbic's Discord and Telegram adapters share: the engine in either mode, sessions per person, `/limbic`
 * commands and proactive delivery. Use it to write an adapter for another platform.
 * @module
 */
// The LLM settings openEngine({ llm }) takes, and their reader, so bots need not import @limbic/core for them.
export { type LlmSettings, llmSettingsFromEnv } from '@limbic/core';
export type { BackendSession, BackendTurn, LimbicBackend } from './backend.js';
export {
  type CommandTexts,
  defaultCommandTexts,
  type LimbicCommand,
  limbicSubcommands,
  parseLimbicCommand,
  type StatusFacts,
  toCommand,
} from './commands.js';
export {
  type ComposeContext,
  type ComposeHook,
  createDelivery,
  type Delivery,
  type DeliveryEvent,
  type DeliveryOptions,
  type Mention,
  type Outbound,
  type Pacing,
  type RetryPolicy,
  type SkipReason,
} from './delivery.js';
export { type EmbeddedBackendOptions, embeddedBackend } from './embedded.js';
export {
  type EmbeddedEngineOptions,
  type Engine,
  type EngineOptions,
  openEngine,
  type RemoteEngineOptions,
} from './engine.js';
export {
  type Identity,
  type IdentityLinks,
  identityLinks,
  type LinkCodeRequest,
  newLinkCode,
  normalizeLinkCode,
  type RedeemResult,
} from './links.js';
export { type RemoteBackendOptions, remoteBackend } from './remote.js';
export { completeChat, llmFromEnv, replyFor } from './reply.js';
export { routeOf } from './routes.js';
export {
  type BotPolicy,
  type Conversation,
  createLimbicRuntime,
  groupKeyOf,
  type IncomingMessage,
  type LimbicRuntime,
  type LimbicRuntimeOptions,
  type LimbicTurn,
  type MessageTarget,
  participantIdOf,
  type ReplyDecision,
  type ReplyDecisionReason,
} from './runtime.js';
