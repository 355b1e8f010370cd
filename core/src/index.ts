/**
 * @limbic/core: Limbic's emotion engine. Pure TypeScript with no I/O: time and randomness come in through the
 * Clock and Random ports, so every run is reproducible.
 * @module
 */

export {
  type Appraisal,
  appraisalDimensions,
  appraisalRanges,
  appraisalSchema,
  clampAppraisal,
  neutralAppraisal,
  parseAppraisal,
} from './appraisal/appraisal.js';
export type {
  AppraisalContext,
  AppraisalOutcome,
  Appraiser,
  EventSource,
  TextEvent,
} from './appraisal/appraiser.js';
export { eventSources } from './appraisal/appraiser.js';
export type { Conduct } from './appraisal/conduct.js';
export { type HeardEvent, type Listener, listenerOf, type SpeechAct } from './appraisal/heard-event.js';
export {
  appraiseText,
  createLexiconAppraiser,
  type LexiconAppraiserOptions,
} from './appraisal/lexicon-appraiser.js';
export { appraiseHeard, type HeardAppraisal, hearing } from './appraisal/listener.js';
export { hearAnswer, type LlmAnswer, llmAnswerSchema, parseLlmAnswer } from './appraisal/llm-answer.js';
export {
  appraisalRubric,
  createOpenAIAppraiser,
  type OpenAIAppraiserOptions,
} from './appraisal/openai-appraiser.js';
export type { Perceived, PerceivedExperience } from './appraisal/perceived.js';
export { appraiseWithReader, createReaderAppraiser, toPerceived } from './appraisal/reader-appraiser.js';
export { hearReading, speechActOf, strengthOf, strengthWeights } from './appraisal/reading-appraisal.js';
export { readingPrototypes } from './appraisal/reading-prototypes.js';
export { type Party, type Roles, toRoles } from './appraisal/roles.js';
export { type RoleReading, readRoles } from './appraisal/text-roles.js';
export { envyOf, liking } from './appraisal/trait-levels.js';
export {
  type StageTransition,
  type StageTransitionReason,
  stageTransitionReasons,
} from './body/soul-stage.js';
export { type SoulStageGroup, type SoulStageId, soulStages } from './body/soul-stages.js';
export { type Clock, createManualClock, createSystemClock, type ManualClock } from './clock.js';
export { advanceState, advanceTo } from './engine/advance.js';
export {
  applyAppraisal,
  type MemoryInfluence,
  type TurnOptions,
  type TurnOutcome,
} from './engine/apply-turn.js';
export { type ContributionKind, contributionKinds, type TurnAttribution } from './engine/attribute-turn.js';
export {
  createInitialState,
  type EngineState,
  type Episode,
  type FloorState,
  type StageState,
} from './engine/engine-state.js';
export { type Observation, observe } from './engine/observe.js';
export {
  isLimbicError,
  LimbicError,
  type LimbicErrorCode,
  limbicErrorCodes,
  limbicErrorMessages,
  sessionLimitError,
  toValidationError,
  type ValidationIssue,
} from './errors.js';
export { names, presenceWindowMs, type ResolvedAddress, resolveAddress } from './group/address.js';
export { applyTurn, type GroupTurnOptions, type GroupTurnOutcome } from './group/group-turn.js';
export type { ParticipantState } from './group/participant-state.js';
export {
  type Addressee,
  attachmentView,
  closestParticipant,
  currentSpeaker,
  findParticipant,
  impactHalfLife,
  maxParticipantIdLength,
  maxParticipantNameLength,
  maxParticipants,
  type ParticipantRef,
  participantsOf,
  relationshipAt,
  relationshipWith,
  salientParticipants,
  witnessWeight,
} from './group/participants.js';
export {
  adviseReply,
  interjectThreshold,
  openFloorThreshold,
  type ReplyAdvice,
  type ReplyInput,
  type ReplyReason,
  replyReasons,
} from './group/reply.js';
export { type ActivityState, type SignalId, signalIds } from './health/activity.js';
export { healthTimeZone } from './health/health-time-zone.js';
export type * from './health/relationship-health.js';
export { signalDefinitions } from './health/signals.js';
export {
  type AppraisalReading,
  appraisalDistances,
  classifyAppraisal,
  type LabelContext,
  readAppraisal,
} from './labels/appraisal-classifier.js';
export { appraisalLabelModel } from './labels/appraisal-model.js';
export {
  type EmotionLabel,
  emotionLabels,
  type IntensityLevel,
  intensityLevels,
  toIntensityLevel,
} from './labels/emotion-label.js';
export { type AppraisalLabelModel, type LabelFeature, labelFeatures } from './labels/label-model.js';
export {
  createJsonChat,
  extractJsonObject,
  type JsonAnswer,
  type JsonChat,
  type JsonQuestion,
  parseRetryAfter,
} from './llm/json-chat.js';
export {
  type JsonChatOptions,
  type LlmResponseFormat,
  type LlmSettings,
  llmResponseFormats,
  llmSettingsFromEnv,
  llmSettingsIssues,
} from './llm/llm-settings.js';
export { type LlmHooks, llmServiceOptions } from './llm/with-llm.js';
export * from './memory/public.js';
export { deriveEngineParams, type EngineParams, type Vec3 } from './persona/engine-params.js';
export { type Domain, domains, type Facet, facets, facetsByDomain } from './persona/hexaco.js';
export type {
  EmotionConfig,
  EmotionConfigInput,
  Identity,
  PersonaDefinition,
  PersonalityInput,
  ResolvedPersona,
  Vad,
} from './persona/persona.js';
export { personaDefinitionSchema } from './persona/persona-schema.js';
export {
  createPersonaWriter,
  type PersonaWriter,
  personaRubric,
  readPersonaAnswer,
} from './persona/persona-writer.js';
export { getPreset, type PresetDefinition, type PresetId, presetIds, presets } from './persona/presets.js';
export { resolvePersona, validatePersona } from './persona/resolve-persona.js';
export { type SpeakingVoice, speakingVoice } from './persona/speaking-voice.js';
export * from './proactive/public.js';
export { buildPromptData } from './prompt/build-prompt-data.js';
export { emotionWord } from './prompt/emotion-words.js';
export { resolveLocale, supportedPromptLocales } from './prompt/language.js';
export {
  attachmentStyles,
  energyLevels,
  familiarityLevels,
  needLevels,
  rapportLevels,
  stressLevels,
  trustLevels,
} from './prompt/levels.js';
export type {
  EnergyLevel,
  FamiliarityLevel,
  LengthHint,
  NeedLevel,
  PromptAddressee,
  PromptContext,
  PromptData,
  PromptEmotion,
  PromptEnergy,
  PromptFormatted,
  PromptIdentity,
  PromptInstruction,
  PromptLocale,
  PromptMemory,
  PromptNeed,
  PromptNeeds,
  PromptPerson,
  PromptRelationship,
  PromptStage,
  PromptSystem,
  PromptTrait,
  RapportLevel,
  StressLevel,
  TraitName,
  TrustLevel,
} from './prompt/prompt-data.js';
export type {
  AttachmentStyle,
  NeedState,
  PromptGroupInput,
  PromptInput,
  PromptPersonInput,
} from './prompt/prompt-input.js';
export { createCryptoRandom, createIdGenerator, createSeededRandom, type Random } from './random.js';
export {
  groupOfCategory,
  type ReaderCategory,
  type ReaderGroup,
  readerCategories,
  readerGroups,
} from './reader/categories.js';
export {
  type AffectDimension,
  affectDimensions,
  type EventDimension,
  type EventEmotion,
  eventDimensions,
  eventEmotions,
} from './reader/event-categories.js';
export {
  type ExperienceKind,
  experienceKinds,
  groupOfKind,
  kindOfCategory,
  kindOfEvent,
} from './reader/experience.js';
export type { EventModel, ReaderHeadSettings, ReaderModel } from './reader/model-format.js';
export { createReader, loadReader } from './reader/reader.js';
export type { EventReading, Experience, Reader, Reading } from './reader/reading.js';
export { type EventOutputs, narrativeOf, stackFeatures } from './reader/stack-features.js';
export * from './session/public.js';
export * from './snapshot/public.js';
export type { Binding, BindingRecord, BindingStore } from './store/binding-store.js';
export { createMemoryBindingStore } from './store/memory-binding-store.js';
export { createMemoryStore } from './store/memory-store.js';
export type {
  CreateOptions,
  DueSession,
  ListOptions,
  SessionOrder,
  SessionRecord,
  SessionStore,
  StoreChange,
} from './store/session-store.js';
export * from './store/webhook-public.js';
export { createManualTime, type ManualTime, systemTimers, type TimerHandle, type Timers } from './timers.js';
export { parseWith } from './util/validation.js';
