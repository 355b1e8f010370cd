/**
 * `npm run eval:outreach`: how readily each preset reaches out (docs/proactive.md, "How readily each preset reaches
 * out"), computed from the presets' derived parameters. core/src/proactive/outreach-table.test.ts keeps the doc's
 * copy equal to this output.
 */
import { outreachTable } from '../src/proactive/outreach-table.js';

console.log(outreachTable());
