import { type SoulStageId, soulStages } from '../body/soul-stages.js';
import { type EmotionLabel, emotionLabels } from '../labels/emotion-label.js';
import {
  attachmentStyles,
  energyLevels,
  familiarityLevels,
  intensityLevels,
  needLevels,
  needNames,
  rapportLevels,
  stressLevels,
  trustLevels,
} from './levels.js';
import type { LocaleTable } from './locale-table.js';
import { en } from './locales/en.js';
import { es } from './locales/es.js';
import { ja } from './locales/ja.js';
import type { PromptLocale } from './prompt-data.js';

/**
 * A locale's tables with every per-turn sentence built ahead of time, so a turn only looks strings up. Arrays are
 * indexed by band numbers (see levels.ts); the comment on each field gives the index.
 */
export interface CompiledLocale {
  table: LocaleTable;
  /** `[intensity band]`: "strong anger". */
  emotionPhrase: Record<EmotionLabel, readonly string[]>;
  /** The secondary-emotion clause of the context block. */
  secondaryClause: Record<EmotionLabel, string>;
  /** `[intensity band * 2 + (tired ? 1 : 0)]`: the expression guide. */
  expression: Record<EmotionLabel, readonly string[]>;
  /** The secondary-emotion sentence appended to the expression guide. */
  undertone: Record<EmotionLabel, string>;
  /** `[valence * 25 + arousal * 5 + dominance]`: the VAD clause of the emotion line. */
  vad: readonly string[];
  /** `[energy * 5 + stress]`. */
  energy: readonly string[];
  stageLine: Record<SoulStageId, string>;
  /** `[belonging * 9 + competence * 3 + autonomy]` over need bands. */
  needsLine: readonly string[];
  /** `[deficit bit mask]`, null at 0. */
  deficitSummary: readonly (string | null)[];
  /** `[deficit bit mask]`, null at 0. */
  needDirection: readonly (string | null)[];
  /** `[((familiarity * 5 + rapport) * 5 + trust) * 4 + attachment]`. */
  relationship: readonly string[];
  /** A participant without their name: `[(familiarity * 5 + rapport) * 5 + trust]`. */
  person: readonly string[];
}

function mapLabels<T>(build: (label: EmotionLabel) => T): Record<EmotionLabel, T> {
  return Object.fromEntries(emotionLabels.map((label) => [label, build(label)])) as Record<EmotionLabel, T>;
}

function compile(t: LocaleTable): CompiledLocale {
  const g = t.grammar;
  const expression = (label: EmotionLabel): string[] => {
    const style = t.expressions[label];
    const name = t.emotions[label];
    return intensityLevels.flatMap((level, band) => {
      const intensity = t.intensities[level];
      const rested = band < 2 ? style.low : band === 2 ? style.mid : style.high;
      const tired = band < 2 ? g.tiredLow(style.low) : style.tired;
      return [g.expression(name, intensity, rested), g.expression(name, intensity, tired)];
    });
  };
  const vad: string[] = [];
  for (const v of t.valence) for (const a of t.arousal) for (const d of t.dominance) vad.push(g.vad(v, a, d));
  const needsLine: string[] = [];
  for (const b of needLevels) {
    for (const c of needLevels) {
      for (const a of needLevels) {
        const lines = [b, c, a].flatMap((level, i) => {
          const need = t.needs[needNames[i]!];
          return level === 'satisfied' ? [] : [g.needLine(need.name, need.levels[level])];
        });
        needsLine.push(lines.length === 0 ? t.needsMet : g.needsLine(lines));
      }
    }
  }
  const inMask = (mask: number) => needNames.filter((_, i) => mask & (1 << i)).map((n) => t.needs[n]);
  const masks = [0, 1, 2, 3, 4, 5, 6, 7];
  const relationship: string[] = [];
  for (const f of familiarityLevels) {
    for (const r of rapportLevels) {
      for (const tr of trustLevels) {
        for (const a of attachmentStyles) {
          relationship.push(g.relationship(t.familiarity[f], t.rapport[r], t.trust[tr], t.attachment[a]));
        }
      }
    }
  }
  const person: string[] = [];
  for (const f of familiarityLevels) {
    for (const r of rapportLevels) {
      for (const tr of trustLevels)
        person.push(t.group.description(t.familiarity[f], t.rapport[r], t.trust[tr]));
    }
  }
  return {
    table: t,
    person,
    emotionPhrase: mapLabels((label) =>
      intensityLevels.map((l) => g.emotion(t.emotions[label], t.intensities[l])),
    ),
    secondaryClause: mapLabels((label) => g.secondary(t.emotions[label])),
    expression: mapLabels(expression),
    undertone: mapLabels((label) => g.undertone(t.emotions[label])),
    vad,
    energy: energyLevels.flatMap((e) => stressLevels.map((s) => g.energy(t.energy[e], t.stress[s]))),
    stageLine: Object.fromEntries(soulStages.map((s) => [s.id, g.stageLine(t.stages[s.id])])) as Record<
      SoulStageId,
      string
    >,
    needsLine,
    deficitSummary: masks.map((m) => (m === 0 ? null : g.deficitSummary(inMask(m).map((n) => n.name)))),
    needDirection: masks.map((m) => (m === 0 ? null : g.needDirection(inMask(m).map((n) => n.direction)))),
    relationship,
  };
}

/** Every supported locale, compiled once at module load. */
export const compiledLocales: Record<PromptLocale, CompiledLocale> = {
  en: compile(en),
  es: compile(es),
  ja: compile(ja),
};
