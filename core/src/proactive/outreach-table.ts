import { belongingFloor, deficitThreshold, secondsUntilBelongingDeficit } from '../body/needs.js';
import { deriveEngineParams } from '../persona/engine-params.js';
import { presetIds } from '../persona/presets.js';
import { resolvePersona } from '../persona/resolve-persona.js';
import { attachmentOnsetSeconds, attachmentThreshold } from './triggers.js';

/** How readily one preset reaches out, from its derived parameters (docs/proactive.md, "How readily each preset reaches out"). */
export interface PresetOutreach {
  preset: string;
  attachmentStyle: string;
  anxiety: number;
  avoidance: number;
  /** Hours of absence before the attachment urge starts to build. */
  onsetHours: number;
  belongingSetpoint: number;
  /** need_deficit fires when belonging falls to this (setpoint − 0.25). */
  belongingTrigger: number;
  /** Hours of silence from belonging at its setpoint until need_deficit fires, or null: the floor stays above it. */
  needHours: number | null;
}

/** The outreach parameters of every preset, in the presets' order. */
export function presetOutreach(): PresetOutreach[] {
  return presetIds.map((preset) => {
    const params = deriveEngineParams(resolvePersona({ preset }));
    const setpoint = params.needSetpoints.belonging;
    const wait = secondsUntilBelongingDeficit(setpoint, setpoint);
    return {
      preset,
      attachmentStyle: params.attachment.style,
      anxiety: params.attachment.anxiety,
      avoidance: params.attachment.avoidance,
      onsetHours: attachmentOnsetSeconds(params) / 3600,
      belongingSetpoint: setpoint,
      belongingTrigger: setpoint - deficitThreshold,
      needHours: wait === null ? null : wait / 3600,
    };
  });
}

const f2 = (x: number) => x.toFixed(2);
const f1 = (x: number) => x.toFixed(1);

/**
 * The Markdown table of docs/proactive.md: per preset, the attachment style and urge onset, the belonging setpoint
 * and the level at which need_deficit fires, and how soon a character at its setpoint reaches out (or never, when
 * belonging's floor of 0.2 lies above that level). `npm run eval:outreach` prints it; a test keeps the doc equal.
 */
export function outreachTable(rows: readonly PresetOutreach[] = presetOutreach()): string {
  const lines = [
    '| preset | attachment style (anxiety, avoidance) | attachment urge builds after | belonging setpoint | need_deficit when belonging ≤ | need_deficit after silence |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of rows) {
    const need =
      r.needHours === null
        ? `never (floor ${f2(belongingFloor)} > ${f2(r.belongingTrigger)})`
        : `${f1(r.needHours)} h`;
    lines.push(
      `| ${r.preset} | ${r.attachmentStyle} (${f2(r.anxiety)}, ${f2(r.avoidance)}) | ${f1(r.onsetHours)} h | ${f2(r.belongingSetpoint)} | ${f2(r.belongingTrigger)} | ${need} |`,
    );
  }
  lines.push(
    '',
    `attachment_seeking also needs a bond √(trust·familiarity) of at least ${attachmentThreshold}: the urge can never exceed the bond.`,
  );
  return lines.join('\n');
}
