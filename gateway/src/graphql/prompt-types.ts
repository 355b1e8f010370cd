import {
  attachmentStyles,
  energyLevels,
  familiarityLevels,
  needLevels,
  type PromptContext,
  type PromptData,
  type PromptEmotion,
  type PromptEnergy,
  type PromptFormatted,
  type PromptIdentity,
  type PromptInstruction,
  type PromptNeed,
  type PromptNeeds,
  type PromptPerson,
  type PromptRelationship,
  type PromptStage,
  type PromptSystem,
  type PromptTrait,
  rapportLevels,
  stressLevels,
  supportedPromptLocales,
  type TraitName,
  trustLevels,
} from '@limbic/core';
import { allOf, builder } from './builder.js';
import { EmotionLabelEnum, IntensityLevelEnum, SoulStageIdEnum } from './enums.js';
import { AddresseeRef } from './group-types.js';
import { PromptMemoryRef } from './memory-types.js';

const PromptLocaleEnum = builder.enumType('PromptLocale', {
  description: 'The language of prompt_data’s descriptive text (others fall back to English).',
  values: supportedPromptLocales,
});
const EnergyLevelEnum = builder.enumType('EnergyLevel', {
  description: 'Energy band: ≥ .8 full, ≥ .6 good, ≥ .4 moderate, ≥ .2 low, else depleted.',
  values: energyLevels,
});
const StressLevelEnum = builder.enumType('StressLevel', {
  description: 'Stress band: < .2 none, < .4 low, < .6 moderate, < .8 high, else severe.',
  values: stressLevels,
});
const NeedLevelEnum = builder.enumType('NeedLevel', {
  description: 'A need against its setpoint: more than .25 below is a deficit, more than .1 below is low.',
  values: needLevels,
});
const RapportLevelEnum = builder.enumType('RapportLevel', {
  description: 'Rapport band (0.5 is neutral).',
  values: rapportLevels,
});
const TrustLevelEnum = builder.enumType('TrustLevel', {
  description: 'Trust band.',
  values: trustLevels,
});
const FamiliarityLevelEnum = builder.enumType('FamiliarityLevel', {
  description: 'Familiarity band.',
  values: familiarityLevels,
});
const AttachmentStyleEnum = builder.enumType('AttachmentStyle', {
  description: 'Attachment style from the ECR anxiety and avoidance dimensions.',
  values: attachmentStyles,
});

const PromptIdentityRef = builder.objectRef<PromptIdentity>('PromptIdentity').implement({
  description: 'Who the character is, as stated in the persona.',
  fields: (t) => ({
    name: t.exposeString('name'),
    role: t.exposeString('role', { nullable: true }),
    core_values: t.stringList({ resolve: (p) => [...p.core_values] }),
    speaking_style: t.exposeString('speaking_style', { nullable: true }),
  }),
});

const PromptTraitRef = builder.objectRef<PromptTrait>('PromptTrait').implement({
  description: 'One HEXACO trait: its value, its band in words and what it looks like in behaviour.',
  fields: (t) => ({
    value: t.exposeFloat('value'),
    level: t.exposeString('level', { description: 'Localized band: very low … very high' }),
    behavior: t.exposeString('behavior'),
  }),
});

const traitNames = allOf<TraitName>()([
  'openness',
  'conscientiousness',
  'extraversion',
  'agreeableness',
  'emotionality',
  'honesty_humility',
]);

const PromptTraitsRef = builder.objectRef<PromptSystem['traits']>('PromptTraits').implement({
  description: 'The six HEXACO traits under the names prompt_data uses.',
  fields: (t) =>
    Object.fromEntries(
      traitNames.map((name) => [name, t.field({ type: PromptTraitRef, resolve: (traits) => traits[name] })]),
    ),
});

const PromptSystemRef = builder.objectRef<PromptSystem>('PromptSystem').implement({
  description: 'The stable part of prompt_data: it depends only on the persona.',
  fields: (t) => ({
    identity: t.expose('identity', { type: PromptIdentityRef }),
    traits: t.expose('traits', { type: PromptTraitsRef }),
    goals: t.stringList({ resolve: (p) => [...p.goals] }),
  }),
});

const PromptEmotionRef = builder.objectRef<PromptEmotion>('PromptEmotion').implement({
  description:
    'The current emotion in words, with the numbers they describe; `primary` and `secondary` are stable label ids.',
  fields: (t) => ({
    primary: t.expose('primary', { type: EmotionLabelEnum }),
    secondary: t.expose('secondary', { type: EmotionLabelEnum, nullable: true }),
    intensity: t.exposeFloat('intensity'),
    intensity_level: t.expose('intensity_level', { type: IntensityLevelEnum }),
    V: t.exposeFloat('V', { description: 'Valence in [-1, 1], two decimals' }),
    A: t.exposeFloat('A', { description: 'Arousal in [0, 1], two decimals' }),
    D: t.exposeFloat('D', { description: 'Dominance in [-1, 1], two decimals' }),
    valence_description: t.exposeString('valence_description'),
    arousal_description: t.exposeString('arousal_description'),
    dominance_description: t.exposeString('dominance_description'),
  }),
});

const PromptEnergyRef = builder.objectRef<PromptEnergy>('PromptEnergy').implement({
  description: 'The body budget in words.',
  fields: (t) => ({
    level: t.expose('level', { type: EnergyLevelEnum }),
    budget_percentage: t.exposeInt('budget_percentage', { description: 'Energy as a percentage, 0-100' }),
    stress_level: t.expose('stress_level', { type: StressLevelEnum }),
    description: t.exposeString('description'),
  }),
});

const PromptStageRef = builder.objectRef<PromptStage>('PromptStage').implement({
  description: 'The current soul stage: stable id and level, localized name and text.',
  fields: (t) => ({
    id: t.expose('id', { type: SoulStageIdEnum }),
    level: t.exposeInt('level'),
    name: t.exposeString('name'),
    description: t.exposeString('description'),
    behavioral_tendency: t.exposeString('behavioral_tendency'),
  }),
});

const PromptNeedRef = builder.objectRef<PromptNeed>('PromptNeed').implement({
  description: 'One basic need: its value, its standing against the setpoint, and what that feels like.',
  fields: (t) => ({
    value: t.exposeFloat('value'),
    level: t.expose('level', { type: NeedLevelEnum }),
    description: t.exposeString('description'),
  }),
});

const PromptNeedsRef = builder.objectRef<PromptNeeds>('PromptNeeds').implement({
  description: 'The three needs, and a summary of those in deficit (null when none is).',
  fields: (t) => ({
    belonging: t.expose('belonging', { type: PromptNeedRef }),
    competence: t.expose('competence', { type: PromptNeedRef }),
    autonomy: t.expose('autonomy', { type: PromptNeedRef }),
    deficit_summary: t.exposeString('deficit_summary', { nullable: true }),
  }),
});

const PromptRelationshipRef = builder.objectRef<PromptRelationship>('PromptRelationship').implement({
  description: 'The relationship with the other person in words.',
  fields: (t) => ({
    rapport_level: t.expose('rapport_level', { type: RapportLevelEnum }),
    trust_level: t.expose('trust_level', { type: TrustLevelEnum }),
    trust_percentage: t.exposeInt('trust_percentage', { description: 'Trust as a percentage, 0-100' }),
    familiarity_level: t.expose('familiarity_level', { type: FamiliarityLevelEnum }),
    attachment_style: t.expose('attachment_style', { type: AttachmentStyleEnum }),
    description: t.exposeString('description'),
  }),
});

const PromptPersonRef = builder.objectRef<PromptPerson>('PromptPerson').implement({
  description: 'A participant of a group conversation in words: who they are to the character.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name', {
      description: 'The display name, one line of at most 64 characters (the id when no name was given)',
    }),
    rapport_level: t.expose('rapport_level', { type: RapportLevelEnum }),
    trust_level: t.expose('trust_level', { type: TrustLevelEnum }),
    trust_percentage: t.exposeInt('trust_percentage', { description: 'Trust as a percentage, 0-100' }),
    familiarity_level: t.expose('familiarity_level', { type: FamiliarityLevelEnum }),
    description: t.exposeString('description'),
  }),
});

const PromptContextRef = builder.objectRef<PromptContext>('PromptContext').implement({
  description: 'The per-turn part of prompt_data: what the character feels and what just happened.',
  fields: (t) => ({
    event: t.exposeString('event', {
      nullable: true,
      description: 'The event text, sanitized to one line of at most 500 characters',
    }),
    emotion: t.expose('emotion', { type: PromptEmotionRef }),
    energy: t.expose('energy', { type: PromptEnergyRef }),
    stage: t.expose('stage', { type: PromptStageRef }),
    needs: t.expose('needs', { type: PromptNeedsRef }),
    relationship: t.expose('relationship', {
      type: PromptRelationshipRef,
      description: 'The relationship with the one who spoke (in a group: this turn’s speaker)',
    }),
    speaker: t.expose('speaker', {
      type: PromptPersonRef,
      nullable: true,
      description: 'Group turns: who is speaking; null for turns without `from`',
    }),
    addressed_to: t.expose('addressed_to', { type: AddresseeRef, description: 'Whom the turn was aimed at' }),
    others: t.expose('others', {
      type: [PromptPersonRef],
      description: 'Group turns: the few other participants who matter now (at most 3)',
    }),
    memories: t.expose('memories', {
      type: [PromptMemoryRef],
      description: 'Episodes this turn brought back to mind, most relevant first, at most 3 (docs/memory.md)',
    }),
  }),
});

const PromptInstructionRef = builder.objectRef<PromptInstruction>('PromptInstruction').implement({
  description: 'How the model should voice the character this turn.',
  fields: (t) => ({
    language_directive: t.exposeString('language_directive'),
    stage_instruction: t.exposeString('stage_instruction'),
    expression_guide: t.exposeString('expression_guide'),
    response_length_hint: t.exposeString('response_length_hint'),
    need_direction: t.exposeString('need_direction', { nullable: true }),
    group_instruction: t.exposeString('group_instruction', {
      nullable: true,
      description:
        'Group turns: how to speak in the room (whom to answer, that others read along); null otherwise',
    }),
    support_directive: t.exposeString('support_directive', {
      nullable: true,
      description:
        'While the speaker repeatedly expresses distress: encourage real-world support, never claim to be a professional; null otherwise',
    }),
  }),
});

const PromptFormattedRef = builder.objectRef<PromptFormatted>('PromptFormatted').implement({
  description: 'The three ready-to-paste text blocks.',
  fields: (t) => ({
    system_prompt: t.exposeString('system_prompt', { description: 'The same for every turn of a persona' }),
    context_block: t.exposeString('context_block'),
    instruction_block: t.exposeString('instruction_block'),
  }),
});

/** prompt_data: pre-built context for the client's own language-model prompt. */
export const PromptDataRef = builder.objectRef<PromptData>('PromptData').implement({
  description:
    'Pre-built context for your own LLM prompt: structured parts with stable ids, and three formatted text blocks.',
  fields: (t) => ({
    language: t.exposeString('language', { description: 'The persona’s identity.language, as given' }),
    locale: t.expose('locale', { type: PromptLocaleEnum }),
    system: t.expose('system', { type: PromptSystemRef }),
    context: t.expose('context', { type: PromptContextRef }),
    instruction: t.expose('instruction', { type: PromptInstructionRef }),
    formatted: t.expose('formatted', { type: PromptFormattedRef }),
  }),
});
