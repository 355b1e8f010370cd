/**
 * `npm run calibrate:labels`: calibrates the appraisal labeller on the appraisal profiles and, when it is there, on
 * crowd-enVENT train (LIMBIC_CROWD_ENVENT names the folder; `off` leaves it out), writes
 * core/src/labels/appraisal-model.ts, then prints the fitted weights, the cross-validated accuracy on crowd-enVENT
 * train and the appraisal-only hit rates in sample. `npm run eval:appraisal` gives the engine's figures, in sample
 * and held out, and the labeller's on crowd-enVENT dev.
 * With --check it compares the committed file with a fresh calibration instead of writing it (exit 1 if they differ).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { labelFeatures } from '../src/labels/label-model.js';
import { designProfiles, profiles, sources } from '../test/appraisal-profiles.js';
import { calibrate } from './calibration.js';
import { crossValidated, defaultCrowd } from './crowd-exemplars.js';
import { classifyProfiles, hitRates } from './exemplars.js';
import { renderModelFile } from './model-file.js';

const crowd = defaultCrowd();
const { attention, breadth, model } = calibrate(crowd);
const target = fileURLToPath(new URL('../src/labels/appraisal-model.ts', import.meta.url));
const text = renderModelFile(model);
console.log(
  crowd
    ? `calibrated on the published profiles and crowd-enVENT train (${crowd.folds.reduce((n, f) => n + f.cases.length, 0)} events)`
    : 'calibrated on the published profiles alone (crowd-enVENT absent or LIMBIC_CROWD_ENVENT=off)',
);
if (process.argv.includes('--check')) {
  if (readFileSync(target, 'utf8') !== text) {
    console.error(`${target} is out of date: run npm run calibrate:labels`);
    process.exit(1);
  }
  console.log(`${target} is up to date`);
} else {
  writeFileSync(target, text);
  console.log(`wrote ${target}`);
}

console.log(
  `\nattention weights:\n${labelFeatures.map((f, i) => `  ${f.padEnd(20)} ${attention[i]!.toFixed(3)}`).join('\n')}`,
);
if (crowd) {
  const cv = crossValidated(attention, breadth, { published: profiles, design: designProfiles }, crowd);
  console.log(`crowd-enVENT exemplars' breadth: ${breadth.toFixed(3)}`);
  console.log(
    `crowd-enVENT train, accuracy by ${crowd.folds.length}-fold cross-validation: ${cv.toFixed(3)}`,
  );
}
const outcomes = classifyProfiles(model, [...profiles, ...designProfiles]);
const rates = hitRates(outcomes);
console.log('\nappraisal labeller alone, in sample:');
for (const id of [...sources.map((s) => s.id), 'limbic-design' as const]) {
  const r = rates.get(id)!;
  const misses = outcomes.filter((o) => o.profile.source === id && !o.hit);
  console.log(
    `  ${id.padEnd(22)} ${`${r.hits}/${r.total}`.padStart(5)}  ${misses.map((o) => `${o.profile.emotion} → ${o.label}`).join(', ')}`,
  );
}
