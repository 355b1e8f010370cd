/**
 * The 15 soul stages, grouped: baseline (1-3), rising (4-6), crisis (7-9), recovery (10-12) and growth (13-15).
 * Names 1-9 and 15 follow the reference engine (molroo); 10-14 are Limbic's own. The rules that move between them
 * are in soul-stage.ts and docs/emotion-model.md.
 */
export const soulStages = [
  { id: 'calm', level: 1, group: 'baseline' },
  { id: 'alert', level: 2, group: 'baseline' },
  { id: 'attentive', level: 3, group: 'baseline' },
  { id: 'engaged', level: 4, group: 'rising' },
  { id: 'activated', level: 5, group: 'rising' },
  { id: 'stressed', level: 6, group: 'rising' },
  { id: 'overwhelmed', level: 7, group: 'crisis' },
  { id: 'breaking_point', level: 8, group: 'crisis' },
  { id: 'collapse', level: 9, group: 'crisis' },
  { id: 'rebuilding', level: 10, group: 'recovery' },
  { id: 'healing', level: 11, group: 'recovery' },
  { id: 'resilient', level: 12, group: 'recovery' },
  { id: 'grounded', level: 13, group: 'growth' },
  { id: 'flourishing', level: 14, group: 'growth' },
  { id: 'transcendent', level: 15, group: 'growth' },
] as const;

/** A soul stage identifier, e.g. `attentive` or `breaking_point`. */
export type SoulStageId = (typeof soulStages)[number]['id'];

/** The group a soul stage belongs to. */
export type SoulStageGroup = (typeof soulStages)[number]['group'];

/** Returns the stage at `level` (1-15). */
export function stageAt(level: number): (typeof soulStages)[number] {
  return soulStages[Math.min(15, Math.max(1, Math.round(level))) - 1]!;
}
