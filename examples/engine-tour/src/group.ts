/**
 * A group scene, in-process: one character in a room with three people. Bob insults it, Alice thanks it, Carol and
 * Bob chat between themselves, Bob is cruel to Alice, someone names the character. After each line: what the
 * character feels, its trust in the speaker, whom the line was aimed at, and whether it should speak (`reply`). Then
 * everyone it knows, and the prompt_data blocks for its answer. Run it with `npm run tour:group` from the repository
 * root (docs/groups.md explains the model).
 */
import { createManualClock, createSessionService, type TurnResult } from '@limbic/core';

const clock = createManualClock(Date.UTC(2026, 10, 25, 19));
const service = createSessionService({ clock });
const owner = 'local';

const bob = { id: 'u-bob', name: 'Bob' };
const alice = { id: 'u-alice', name: 'Alice' };
const carol = { id: 'u-carol', name: 'Carol' };

function show(who: string, text: string, r: TurnResult): void {
  const to = typeof r.to === 'string' ? r.to : (r.to.name ?? r.to.id);
  const line = `${who}: “${text.slice(0, 38)}${text.length > 38 ? '…' : ''}”`;
  console.log(
    `${line.padEnd(50)} → ${to.padEnd(9)} ${r.discrete_emotion.padEnd(11)} V ${r.new_emotion.V.toFixed(2).padStart(5)}  ` +
      `trust ${r.interpersonal.trust.toFixed(2)}  reply ${r.reply.should ? 'yes' : 'no '} (${r.reply.reason})`,
  );
}

const { sessionId, persona } = await service.createSession(owner, { preset: 'cheerful_companion' });
const name = persona.identity.name;
console.log(`Session ${sessionId}: ${name} in a room with Bob, Alice and Carol\n`);

const scene: { from: typeof bob; say: string; to?: 'character' | 'everyone' | typeof bob }[] = [
  { from: bob, say: 'You are a useless bot and I hate you.', to: 'character' },
  { from: alice, say: 'Thank you so much for helping me yesterday!', to: 'character' },
  { from: carol, say: 'anyone watching the game tonight?', to: 'everyone' },
  { from: bob, say: 'yeah, starts at eight', to: carol },
  { from: bob, say: 'Alice, you are so stupid, nobody likes you.' },
  { from: carol, say: `${name}, what do you think about all this?` },
];

let last: TurnResult | undefined;
for (const line of scene) {
  clock.advance(60_000);
  last = await service.textTurn(owner, {
    sessionId,
    message: line.say,
    from: line.from,
    ...(line.to === undefined ? {} : { to: line.to }),
  });
  show(line.from.name, line.say, last);
}

console.log('\nEveryone the character knows (GET /v1/persona/:id/participants does the same over HTTP):');
for (const p of (await service.listParticipants(owner, sessionId)).participants) {
  const { rapport, trust, familiarity } = p.interpersonal;
  console.log(
    `  ${(p.name ?? p.id).padEnd(6)} rapport ${rapport.toFixed(2)}  trust ${trust.toFixed(2)}  ` +
      `familiarity ${familiarity.toFixed(2)}  turns ${p.turns}`,
  );
}

if (last) {
  console.log('\nprompt_data.formatted.context_block (for the answer to Carol):\n');
  console.log(last.prompt_data.formatted.context_block);
  console.log('\nprompt_data.formatted.instruction_block:\n');
  console.log(last.prompt_data.formatted.instruction_block);
}
