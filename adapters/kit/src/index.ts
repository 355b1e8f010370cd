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
  parseLimbicCommand,
} from './commands.js';
export {
  type ComposeContext,
  type ComposeHook,
  createDelivery,
  type Delivery,
  type DeliveryEvent,
  type DeliveryOptions,
  type Outbound,
  type Pacing,
  type RetryPolicy,
} from './delivery.js';
export { type EmbeddedBackendOptions, embeddedBackend } from './embedded.js';
export {
  type EmbeddedEngineOptions,
  type Engine,
  type EngineOptions,
  openEngine,
  type RemoteEngineOptions,
} from './engine.js';
export { type RemoteBackendOptions, remoteBackend } from './remote.js';
export {
  type Conversation,
  createLimbicRuntime,
  type LimbicRuntime,
  type LimbicRuntimeOptions,
  type LimbicTurn,
} from './runtime.js';
