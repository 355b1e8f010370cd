/**
 * A tour of the Limbic engine, in-process: a character lives through a short story, then a day and a half of
 * silence on a fast clock, and reaches out. Run it with `npm start` from the repository root.
 */
import { createManualClock, createSessionService, type TurnResult } from '@limbic/core';

const hour = 3_600_000;
const clock = createManualClock(Date.UTC(2026, 10, 21, 9));
const service = createSessionService({ clock });
const owner = 'local';

function show(label: string, r: TurnResult): void {
  const e = r.new_emotion;
  const transition = r.stage_transition
    ? `  stage ${r.stage_transition.from} → ${r.stage_transition.to} (${r.stage_transition.reason})`
    : '';
  console.log(
    `${label.padEnd(44)} ${r.discrete_emotion.padEnd(11)} intensity ${r.emotion_intensity.toFixed(2)}  ` +
      `V ${e.V.toFixed(2).padStart(5)} A ${e.A.toFixed(2)} D ${e.D.toFixed(2).padStart(5)}  ` +
      `energy ${r.body_budget.energy.toFixed(2)} stress ${r.body_budget.stress.toFixed(2)}  ` +
      `trust ${r.interpersonal.trust.toFixed(2)}${transition}`,
  );
}

const { sessionId, persona } = await service.createSession(owner, { preset: 'cheerful_companion' });
console.log(`Session ${sessionId}: ${persona.identity.name}, ${persona.description}\n`);

const story: { say: string; minutes: number }[] = [
  { say: 'Hi Sunny! I finally finished my project today.', minutes: 1 },
  { say: 'Thank you so much for helping me with it, you were amazing!', minutes: 2 },
  { say: 'Honestly, I lied to you yesterday. I never read your notes.', minutes: 3 },
  { say: "You're useless anyway. I hate talking to you.", minutes: 1 },
  { say: "I'm sorry. That was unfair of me, I was stressed.", minutes: 20 },
  { say: 'Suddenly my boss called: they are cancelling the whole project!', minutes: 30 },
  { say: 'We fixed it together, as usual. Thank you, really.', minutes: 90 },
];

for (const line of story) {
  clock.advance(line.minutes * 60_000);
  show(
    `“${line.say.slice(0, 40)}${line.say.length > 40 ? '…' : ''}”`,
    await service.textTurn(owner, { sessionId, message: line.say }),
  );
}

const last = await service.appraisalTurn(owner, {
  sessionId,
  appraisal: {
    goal_relevance: 0.8,
    goal_congruence: 0.7,
    expectedness: 0.4,
    controllability: 0.6,
    agency: -0.8,
    norm_compatibility: 0.6,
  },
  context: 'The user brought coffee.',
});
show('(appraisal) the user brought coffee', last);

console.log('\nprompt_data.formatted.context_block:\n');
console.log(last.prompt_data.formatted.context_block);
console.log('\nprompt_data.formatted.instruction_block:\n');
console.log(last.prompt_data.formatted.instruction_block);

await service.setPreferences(owner, sessionId, { enabled: true });
service.on('proactive', ({ action }) => {
  console.log(
    `\n[${new Date(clock.now()).toISOString()}] ${persona.identity.name} reaches out (${action.type}, ${action.priority}):`,
  );
  console.log(`  “${action.message}”`);
  console.log(`  because: ${JSON.stringify(action.metadata)}`);
});
console.log('\n… the user goes quiet. Three days pass on the engine clock …');
for (let h = 1; h <= 72; h++) {
  clock.advance(hour);
  await service.runDueChecks();
}
const state = await service.getState(owner, sessionId);
console.log(
  `\nAfter the silence: ${state.discrete_emotion}, energy ${state.body_budget.energy}, belonging ${state.need_state.belonging}, stage ${state.soul_stage.stage}`,
);
