/**
 * `npm run eval:appraisal`: how often the engine names the emotion of a published appraisal profile, per source, on
 * a fresh neutral character (docs/emotion-model.md §7.2).
 *
 * - In sample: the shipped model, whose exemplars include every profile.
 * - Held out (the figure on data not tuned on): each source run through the engine with a model calibrated without
 *   it, exemplars and fitted weights both (and crowd-enVENT train, when the shipped model has it).
 *
 * Then the confusion table of the held-out run: the source emotion's family against the engine's label. Then, when
 * crowd-enVENT is there, the appraisal labeller alone on the dev split's own appraisals (never used in calibration),
 * before (the model of the published profiles alone: the one shipped before crowd-enVENT, recomputed) and after.
 */
import { designProfiles, profiles, sources } from '../test/appraisal-profiles.js';
import { type EngineOutcome, runProfile } from '../test/engine-fixtures.js';
import { calibrate, calibrateWithout } from './calibration.js';
import { reportCrowd } from './crowd-report.js';

function report(title: string, outcomes: readonly EngineOutcome[]) {
  console.log(`\n${title}`);
  let hits = 0;
  let total = 0;
  for (const id of [...sources.map((s) => s.id), 'limbic-design' as const]) {
    const own = outcomes.filter((o) => o.profile.source === id);
    if (own.length === 0) continue;
    const h = own.filter((o) => o.hit).length;
    if (id !== 'limbic-design') {
      hits += h;
      total += own.length;
    }
    const misses = own.filter((o) => !o.hit).map((o) => `${o.profile.emotion} → ${o.primary}`);
    console.log(
      `  ${id.padEnd(22)} ${`${h}/${own.length}`.padStart(5)} ${`${Math.round((100 * h) / own.length)}%`.padStart(5)}  ${misses.join(', ')}`,
    );
  }
  console.log(
    `  ${'published, all'.padEnd(22)} ${`${hits}/${total}`.padStart(5)} ${`${Math.round((100 * hits) / total)}%`.padStart(5)}`,
  );
}

function confusion(outcomes: readonly EngineOutcome[]) {
  const rows = new Map<string, Map<string, number>>();
  for (const o of outcomes) {
    const family = o.profile.family[0]!;
    const row = rows.get(family) ?? new Map<string, number>();
    row.set(o.primary, (row.get(o.primary) ?? 0) + 1);
    rows.set(family, row);
  }
  console.log('\nheld-out confusions (family of the source emotion → engine label: count):');
  for (const [family, row] of [...rows].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const cells = [...row].sort((a, b) => b[1] - a[1]).map(([label, n]) => `${label} ${n}`);
    console.log(`  ${family.padEnd(12)} ${cells.join(', ')}`);
  }
}

report(
  'engine, in sample (shipped model):',
  [...profiles, ...designProfiles].map((p) => runProfile(p)),
);

const heldOut: EngineOutcome[] = [];
for (const source of sources) {
  const model = calibrateWithout(source.id);
  for (const p of profiles.filter((q) => q.source === source.id)) heldOut.push(runProfile(p, model));
}
report('engine, leave one source out (model calibrated without the source):', heldOut);
confusion(heldOut);

let before = 0;
for (const source of sources) {
  const model = calibrateWithout(source.id, null);
  for (const p of profiles.filter((q) => q.source === source.id)) if (runProfile(p, model).hit) before++;
}
console.log(`\nbefore crowd-enVENT (the published profiles alone), held out: ${before}/${profiles.length}`);

reportCrowd(calibrate(null).model, calibrate().model);
