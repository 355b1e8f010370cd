import type { SoulStageId } from '../body/soul-stages.js';
import { type EmotionLabel, type IntensityLevel, toIntensityLevel } from '../labels/emotion-label.js';
import type { CompiledLocale } from './compiled-locale.js';
import {
  attachmentIndex,
  energyLevels,
  familiarityLevels,
  needLevels,
  rapportLevels,
  round2,
  stressLevels,
  toBand,
  toFamiliarityBand,
  toNeedBand,
  toSignedBand,
  trustLevels,
} from './levels.js';
import { memoryText } from './memory-text.js';
import { toPersonaPrompt } from './persona-prompt.js';
import type {
  LengthHint,
  PromptAddressee,
  PromptData,
  PromptLocale,
  PromptMemory,
  PromptPerson,
} from './prompt-data.js';
import type { PromptGroupInput, PromptInput, PromptPersonInput } from './prompt-input.js';
import { sanitizeEvent, sanitizeName } from './text.js';

const intensityBand: Record<IntensityLevel, number> = {
  faint: 0,
  mild: 1,
  moderate: 2,
  strong: 3,
  intense: 4,
};

function toLengthHint(stage: SoulStageId, energy: number, arousal: number): LengthHint {
  if (energy < 0.2 || stage === 'collapse' || stage === 'breaking_point') return 'minimal';
  if (energy < 0.4 || stage === 'overwhelmed') return 'short';
  if (arousal >= 0.7 && energy >= 0.6) return 'expansive';
  if (arousal < 0.25) return 'unhurried';
  return 'normal';
}

function toPerson(text: CompiledLocale, p: PromptPersonInput): PromptPerson {
  const r = p.relationship;
  const fb = toFamiliarityBand(r.familiarity);
  const rb = toBand(r.rapport);
  const tb = toBand(r.trust);
  return {
    id: p.id,
    name: sanitizeName(p.name, p.id),
    rapport_level: rapportLevels[rb],
    trust_level: trustLevels[tb],
    trust_percentage: Math.min(100, Math.max(0, Math.round(r.trust * 100))),
    familiarity_level: familiarityLevels[fb],
    description: text.person[(fb * 5 + rb) * 5 + tb]!,
  };
}

/** The group part of prompt_data: the people, the two context lines and the instruction line. */
function groupPart(
  text: CompiledLocale,
  group: PromptGroupInput,
): {
  speaker: PromptPerson;
  to: PromptAddressee;
  others: PromptPerson[];
  context: string;
  instruction: string;
} {
  const g = text.table.group;
  const speaker = toPerson(text, group.speaker);
  const others = group.others.map((p) => toPerson(text, p));
  const to: PromptAddressee =
    typeof group.to === 'string'
      ? group.to
      : { id: group.to.id, name: sanitizeName(group.to.name, group.to.id) };
  const kind = typeof to === 'string' ? to : 'participant';
  const target = typeof to === 'string' ? null : to.name;
  let context = `${g.speakerLabel}${g.speaker(g.person(speaker.name, speaker.description), kind, target)}`;
  if (others.length > 0) {
    context += `\n${g.othersLabel}${others.map((p) => g.person(p.name, p.description)).join(g.separator)}`;
  }
  return {
    speaker,
    to,
    others,
    context,
    instruction: g.instruction(speaker.name, kind, target),
  };
}

const noMemories: { list: PromptMemory[]; line: string } = { list: [], line: '' };

/** The memory part of prompt_data: the structured memories and the block's lines (empty without any). */
function memoryPart(
  locale: PromptLocale,
  emotions: Readonly<Record<EmotionLabel, string>>,
  input: NonNullable<PromptInput['memories']>,
): { list: PromptMemory[]; line: string } {
  if (input.recalled.length === 0) return noMemories;
  const words = memoryText[locale];
  const list = input.recalled.map((m): PromptMemory => {
    const summary = sanitizeEvent(m.text);
    const who =
      m.speaker === null ? null : { id: m.speaker.id, name: sanitizeName(m.speaker.name, m.speaker.id) };
    const when = words.when(m.at, input.now);
    return {
      id: m.id,
      at: new Date(m.at).toISOString(),
      when,
      summary,
      feeling: m.feeling,
      with: who,
      sentence: words.sentence(when, who?.name ?? null, summary, emotions[m.feeling]),
    };
  });
  return { list, line: `\n${words.label}${list.map((m) => m.sentence).join(' ')}` };
}

/**
 * Builds the prompt_data of a turn: the persona part (memoized per persona object, so personas must not be mutated
 * after resolution), the current state in words, advice on how to voice it, and three ready-to-paste text blocks.
 * Descriptive text is in the persona's language when supported (en, es, ja), else English with a directive naming
 * the language. A turn only looks up sentences precompiled per locale, so a warm persona costs about a microsecond.
 *
 * @example
 * const { formatted } = buildPromptData(input);
 * const prompt = [formatted.system_prompt, formatted.context_block, formatted.instruction_block].join('\n\n');
 */
export function buildPromptData(input: PromptInput): PromptData {
  const persona = toPersonaPrompt(input.persona);
  const text = persona.text;
  const t = text.table;
  const labels = t.labels;
  const { emotion, needs, needSetpoints, relationship } = input;

  const intensityLevel = toIntensityLevel(input.intensity);
  const intensity = intensityBand[intensityLevel];
  const vb = toSignedBand(emotion.V);
  const ab = toBand(emotion.A);
  const db = toSignedBand(emotion.D);
  const eb = toBand(input.energy);
  const sb = toBand(input.stress);
  const tired = input.energy < 0.4 ? 1 : 0;
  const secondary = input.secondary;
  // A secondary equal to the primary adds nothing to say.
  const undertone = secondary === null || secondary === input.primary ? null : secondary;

  const bb = toNeedBand(needs.belonging, needSetpoints.belonging);
  const cb = toNeedBand(needs.competence, needSetpoints.competence);
  const aub = toNeedBand(needs.autonomy, needSetpoints.autonomy);
  const mask = (bb === 0 ? 1 : 0) | (cb === 0 ? 2 : 0) | (aub === 0 ? 4 : 0);
  const deficitSummary = text.deficitSummary[mask] ?? null;
  const needDirection = text.needDirection[mask] ?? null;

  const fb = toFamiliarityBand(relationship.familiarity);
  const rb = toBand(relationship.rapport);
  const tb = toBand(relationship.trust);
  const relationshipDescription =
    text.relationship[((fb * 5 + rb) * 5 + tb) * 4 + attachmentIndex[relationship.attachment_style]]!;

  const stageText = t.stages[input.stage.id];
  const energyDescription = text.energy[eb * 5 + sb]!;
  const budget = Math.min(100, Math.max(0, Math.round(input.energy * 100)));
  const expressionGuide =
    undertone === null
      ? text.expression[input.primary][intensity * 2 + tired]!
      : `${text.expression[input.primary][intensity * 2 + tired]}${text.undertone[undertone]}`;
  const lengthHint = t.lengths[toLengthHint(input.stage.id, input.energy, emotion.A)];
  const event = sanitizeEvent(input.eventContext);
  const group = input.group ? groupPart(text, input.group) : null;
  const memories = input.memories ? memoryPart(persona.locale, t.emotions, input.memories) : noMemories;
  const support = input.support ? t.support.directive : null;

  const emotionLine = `${labels.emotion}${text.emotionPhrase[input.primary][intensity]}${
    undertone === null ? '' : text.secondaryClause[undertone]
  }${text.vad[vb * 25 + ab * 5 + db]}`;
  const contextBlock = `${emotionLine}
${labels.energy}${budget}%${labels.stop}${energyDescription}
${labels.stage}${text.stageLine[input.stage.id]}
${labels.needs}${text.needsLine[bb * 9 + cb * 3 + aub]}
${labels.relationship}${relationshipDescription}${group === null ? '' : `\n${group.context}`}${memories.line}${
  event === null ? '' : `\n${labels.event}"${event}"`
}`;
  const instructionBlock = `${persona.instructionHead}${stageText.instruction}
${labels.expression}${expressionGuide}
${labels.length}${lengthHint}${needDirection === null ? '' : `\n${labels.need}${needDirection}`}${
  group === null ? '' : `\n${t.group.instructionLabel}${group.instruction}`
}${support === null ? '' : `\n${t.support.label}${support}`}`;

  return {
    language: input.persona.identity.language,
    locale: persona.locale,
    system: persona.system,
    context: {
      event,
      emotion: {
        primary: input.primary,
        secondary,
        intensity: round2(input.intensity),
        intensity_level: intensityLevel,
        V: round2(emotion.V),
        A: round2(emotion.A),
        D: round2(emotion.D),
        valence_description: t.valence[vb],
        arousal_description: t.arousal[ab],
        dominance_description: t.dominance[db],
      },
      energy: {
        level: energyLevels[eb],
        budget_percentage: budget,
        stress_level: stressLevels[sb],
        description: energyDescription,
      },
      stage: {
        id: input.stage.id,
        level: input.stage.level,
        name: stageText.name,
        description: stageText.description,
        behavioral_tendency: stageText.tendency,
      },
      needs: {
        belonging: {
          value: round2(needs.belonging),
          level: needLevels[bb],
          description: t.needs.belonging.levels[needLevels[bb]],
        },
        competence: {
          value: round2(needs.competence),
          level: needLevels[cb],
          description: t.needs.competence.levels[needLevels[cb]],
        },
        autonomy: {
          value: round2(needs.autonomy),
          level: needLevels[aub],
          description: t.needs.autonomy.levels[needLevels[aub]],
        },
        deficit_summary: deficitSummary,
      },
      relationship: {
        rapport_level: rapportLevels[rb],
        trust_level: trustLevels[tb],
        trust_percentage: Math.min(100, Math.max(0, Math.round(relationship.trust * 100))),
        familiarity_level: familiarityLevels[fb],
        attachment_style: relationship.attachment_style,
        description: relationshipDescription,
      },
      speaker: group?.speaker ?? null,
      addressed_to: group?.to ?? 'character',
      others: group?.others ?? [],
      memories: memories.list,
    },
    instruction: {
      language_directive: persona.languageDirective,
      stage_instruction: stageText.instruction,
      expression_guide: expressionGuide,
      response_length_hint: lengthHint,
      need_direction: needDirection,
      group_instruction: group?.instruction ?? null,
      support_directive: support,
    },
    formatted: {
      system_prompt: persona.systemPrompt,
      context_block: contextBlock,
      instruction_block: instructionBlock,
    },
  };
}
