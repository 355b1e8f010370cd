/**
 * Benchmark: appraisal turns per second through the session service (in-memory store, prompt_data included),
 * against a baseline measured in the same run: a bare loop that only clones the state object and builds a result of
 * the same shape and size. Rounds alternate between the two so that machine noise hits both alike; the figure that
 * matters is the median ratio. Run with `npm run bench`.
 *
 * Second section: the offline reader (docs/reader.md) on typical chat messages, µs per message: the whole reader
 * appraiser (both readers, the fusion, the lexicon pass, the roles and the mapping to the character's appraisal)
 * against the first reader (the expression reader alone, `reader.read`, as it shipped before the event reader) in
 * alternating rounds of the same run; then text turns per second through the session service with the reader
 * appraiser.
 */
import { appraiseWithReader, createReaderAppraiser } from '../src/appraisal/reader-appraiser.js';
import {
  type Appraisal,
  createManualClock,
  createMemoryStore,
  createReader,
  createSeededRandom,
  createSessionService,
  type EngineState,
  loadReader,
  type TurnResult,
} from '../src/index.js';
import { alternate, asyncRateOf, median, rateOf } from './timing.js';

const appraisals: Appraisal[] = [
  [0.9, -0.8, 0.3, 0.7, -0.9, -0.7],
  [0.9, 0.8, 0.5, 0.8, 0.9, 0.5],
  [0.8, 0.7, 0.4, 0.3, -0.9, 0.6],
  [0.9, -0.8, 0.7, 0.05, -0.5, 0],
  [0.6, -0.5, 0.5, 0.3, -0.5, 0],
  [1, 0.9, 0.5, 0.5, -1, 0.8],
  [0.3, 0.1, 0.9, 0.5, 0, 0.1],
].map(([R, g, x, c, a, n]) => ({
  goal_relevance: R!,
  goal_congruence: g!,
  expectedness: x!,
  controllability: c!,
  agency: a!,
  norm_compatibility: n!,
}));

function cloneState(s: EngineState): EngineState {
  return {
    ...s,
    emotion: { ...s.emotion },
    mood: { ...s.mood },
    expectation: { ...s.expectation },
    episode: { ...s.episode },
    needs: { ...s.needs },
    stage: { ...s.stage },
  };
}

const halvesOf = new Map<string, [string, string]>();

/** Rebuilds a result with the same shape and size as `r`: fresh objects, fresh numbers, strings re-concatenated. */
function sameSizeResult(r: TurnResult, i: number): unknown {
  const v = (x: number) => x + i * 1e-9;
  const vad = (o: { V: number; A: number; D: number }) => ({ V: v(o.V), A: v(o.A), D: v(o.D) });
  const s = (x: string) => {
    // Halves are precomputed once per string, so each call only joins two strings (the cheapest way to build one).
    let halves = halvesOf.get(x);
    if (!halves) {
      halves = [x.slice(0, x.length >> 1), x.slice(x.length >> 1)];
      halvesOf.set(x, halves);
    }
    return halves[0] + halves[1];
  };
  const p = r.prompt_data;
  const c = p.context;
  return {
    appraisal: { ...r.appraisal },
    prediction_error: v(r.prediction_error),
    prediction_errors: { ...r.prediction_errors },
    emotion_delta: vad(r.emotion_delta),
    new_emotion: vad(r.new_emotion),
    emotion_intensity: v(r.emotion_intensity),
    intensity_level: r.intensity_level,
    discrete_emotion: r.discrete_emotion,
    secondary_emotion: r.secondary_emotion,
    mood: vad(r.mood),
    soul_stage: { ...r.soul_stage, progress: v(r.soul_stage.progress) },
    body_budget: { energy: v(r.body_budget.energy), stress: v(r.body_budget.stress) },
    stage_transition: r.stage_transition,
    need_state: { ...r.need_state },
    interpersonal: { ...r.interpersonal },
    prompt_data: {
      language: p.language,
      locale: p.locale,
      system: p.system,
      context: {
        event: c.event === null ? null : s(c.event),
        emotion: { ...c.emotion, valence_description: s(c.emotion.valence_description) },
        energy: { ...c.energy, description: s(c.energy.description) },
        stage: { ...c.stage, description: s(c.stage.description) },
        needs: { ...c.needs },
        relationship: { ...c.relationship, description: s(c.relationship.description) },
      },
      instruction: { ...p.instruction, expression_guide: s(p.instruction.expression_guide) },
      formatted: {
        system_prompt: p.formatted.system_prompt,
        context_block: s(p.formatted.context_block),
        instruction_block: s(p.formatted.instruction_block),
      },
    },
  };
}

async function main(): Promise<void> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
  const ms = Number(process.env.BENCH_MS ?? 1000);
  const clock = createManualClock();
  const service = createSessionService({ clock, random: createSeededRandom(1) });
  const { sessionId } = await service.createSession('bench', { preset: 'cheerful_companion' });
  const sample = await service.appraisalTurn('bench', {
    sessionId,
    appraisal: appraisals[0]!,
    context: 'The user said hello.',
  });
  const record = (await service.store.get(sessionId))!;
  let sink = 0;

  const serviceRound = () =>
    asyncRateOf(ms, 256, async (n) => {
      clock.advance(5000);
      const r = await service.appraisalTurn('bench', {
        sessionId,
        appraisal: appraisals[n % appraisals.length]!,
        context: 'The user said hello.',
      });
      sink += r.emotion_intensity;
    });

  let state = record.state;
  const baselineRound = () =>
    rateOf(ms, 256, (n) => {
      state = cloneState(state);
      const r = sameSizeResult(sample, n) as TurnResult;
      sink += r.emotion_intensity;
    });

  const { a: service_, b: base } = await alternate(rounds, serviceRound, baselineRound);
  const ratios = service_.map((x, i) => x / base[i]!);
  const turnsPerSecond = median(service_);
  const ratio = median(ratios);
  const lines = [
    'Limbic core: appraisal turns through the session service (in-memory store, prompt_data included)',
    `rounds: ${rounds} × ${ms} ms, alternating service and baseline; node ${process.version}`,
    `service turns/s (median):  ${Math.round(turnsPerSecond).toLocaleString('en')}   rounds: ${service_.map((x) => Math.round(x)).join(' ')}`,
    `baseline ops/s (median):   ${Math.round(median(base)).toLocaleString('en')}   (clone state + build a same-size result)`,
    `ratio service/baseline:    ${(ratio * 100).toFixed(1)} %   rounds: ${ratios.map((x) => (x * 100).toFixed(1)).join(' ')}`,
    `targets: ≥ 100,000 turns/s: ${turnsPerSecond >= 100_000 ? 'met' : 'NOT met'}; ≥ 25 % of baseline: ${ratio >= 0.25 ? 'met' : 'NOT met'}`,
  ];
  console.log(lines.join('\n'));
  if (sink === Number.POSITIVE_INFINITY) console.log(sink);
}

/** Typical chat messages: short, informal, every group of emotions and small talk. */
const chatMessages = [
  "hey, how's it going?",
  'I got the job!!',
  'My dog died this morning.',
  'lol that is so funny',
  'I am so scared of the exam tomorrow',
  "You're an idiot",
  'thanks, that really helped me a lot',
  'ugh, my boss yelled at me again today and I feel like crap',
  'what do you think about the new movie?',
  "Wow, I didn't expect that at all!",
  'I miss her so much',
  'ok',
  'good morning :)',
  "I can't believe I forgot my mom's birthday, I feel awful",
  'Ugh, someone spat on the bus seat',
  "I'm bored",
  'You lied to me',
  'can you help me with my homework?',
  "I'm so proud of you, you did amazing today",
  'omg that is disgusting 🤢',
];

async function readerSection(): Promise<void> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
  const ms = Number(process.env.BENCH_MS ?? 1000);
  const reader = await loadReader();
  const first = createReader((await import('../src/reader/reader-model.js')).readerModel);
  const context = { name: 'Luna', personality: { O: 0.6, C: 0.5, E: 0.8, A: 0.7, N: 0.3, H: 0.65 } };
  let sink = 0;

  /** µs per message of the whole reader appraiser over the list, repeated for `ms`. */
  const readerRound = () =>
    1e6 /
    rateOf(ms, 200, (n) => {
      const out = appraiseWithReader(
        reader,
        { description: chatMessages[n % chatMessages.length]! },
        context,
      );
      sink += out.appraisal.goal_relevance;
    });

  /** µs per message of the first reader: the expression reader's `read` alone. */
  const firstRound = () =>
    1e6 /
    rateOf(ms, 200, (n) => {
      sink += first.read(chatMessages[n % chatMessages.length]!).confidence;
    });

  const { a: readerMicros, b: firstMicros } = await alternate(rounds, readerRound, firstRound);
  const ratios = readerMicros.map((x, i) => x / firstMicros[i]!);

  const clock = createManualClock();
  const service = createSessionService({
    appraiser: createReaderAppraiser({ reader }),
    store: createMemoryStore(),
    clock,
    random: createSeededRandom(1),
  });
  const { sessionId } = await service.createSession('bench', { preset: 'cheerful_companion' });
  const turnRound = () =>
    asyncRateOf(ms, 256, async (n) => {
      clock.advance(5000);
      const r = await service.textTurn('bench', {
        sessionId,
        message: chatMessages[n % chatMessages.length]!,
      });
      sink += r.emotion_intensity;
    });
  await turnRound();
  const turns: number[] = [];
  for (let i = 0; i < rounds; i++) turns.push(await turnRound());

  const readerMedian = median(readerMicros);
  const turnsPerSecond = median(turns);
  const lines = [
    '',
    `Limbic core: the offline reader on ${chatMessages.length} typical chat messages`,
    `rounds: ${rounds} × ${ms} ms, alternating the whole reader and the first reader`,
    `whole reader µs/message (median):       ${readerMedian.toFixed(2)}   rounds: ${readerMicros.map((x) => x.toFixed(2)).join(' ')}`,
    `first reader µs/message (median):       ${median(firstMicros).toFixed(2)}   rounds: ${firstMicros.map((x) => x.toFixed(2)).join(' ')}`,
    `ratio whole/first (median):             ${median(ratios).toFixed(2)}`,
    `text turns/s, reader appraiser (median): ${Math.round(turnsPerSecond).toLocaleString('en')}   rounds: ${turns.map((x) => Math.round(x)).join(' ')}`,
    `targets: reading ≤ 50 µs/message: ${readerMedian <= 50 ? 'met' : 'NOT met'}; ≥ 20,000 text turns/s: ${turnsPerSecond >= 20_000 ? 'met' : 'NOT met'}`,
  ];
  console.log(lines.join('\n'));
  if (sink === Number.POSITIVE_INFINITY) console.log(sink);
}

await main();
await readerSection();
