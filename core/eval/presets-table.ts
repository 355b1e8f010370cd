/**
 * `npm run eval:presets`: what each of the ten presets feels at each of twelve everyday messages (a fresh character,
 * one text turn through the reader appraiser), as the Markdown table of docs/emotion-model.md §11.4: label and
 * intensity level per cell, and which messages give different labels across presets.
 */
import {
  createManualClock,
  createMemoryStore,
  createReaderAppraiser,
  createSessionService,
} from '../src/index.js';
import { presetIds } from '../src/persona/presets.js';
import { presetMessages } from '../test/preset-messages.js';

const service = createSessionService({
  appraiser: createReaderAppraiser(),
  store: createMemoryStore(),
  clock: createManualClock(),
});
const rows: string[][] = [];
let differing = 0;
for (const message of presetMessages) {
  const cells: string[] = [];
  const labels = new Set<string>();
  for (const preset of presetIds) {
    const { sessionId } = await service.createSession('eval', { preset });
    const r = await service.textTurn('eval', { sessionId, message });
    labels.add(r.discrete_emotion);
    cells.push(`${r.discrete_emotion} (${r.intensity_level})`);
  }
  if (labels.size > 1) differing++;
  rows.push([`“${message}”`, ...cells]);
}
console.log(`| message | ${presetIds.join(' | ')} |`);
console.log(`| --- | ${presetIds.map(() => '---').join(' | ')} |`);
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
console.log(`\n${differing} of ${presetMessages.length} messages give different labels across presets.`);
