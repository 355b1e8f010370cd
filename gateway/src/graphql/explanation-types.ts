import {
  type Appraisal,
  appraisalDimensions,
  type Contribution,
  type ContributionKind,
  type TurnExplanation,
  type TurnResult,
} from '@limbic/core';
import { builder } from './builder.js';
import { TurnResultRef, VadRef } from './emotion-types.js';

// Typed by the union, so a kind the core adds fails to typecheck here until it is described.
const kindText: Record<ContributionKind, string> = {
  decay:
    'Time passing since the last update: the feeling relaxing toward its resting state, the body recovering',
  mood: 'The mood carried over from before, drawing the feeling toward it while time passed',
  appraisal: 'One appraisal dimension of the event (see `dimension`, `value`, `weight`)',
  surprise:
    'Surprise beyond what the appraisal said: the prediction error against what the character expected',
  personality: 'The persona’s gains (reactivity, positive and negative gain, …) against a neutral persona',
  needs: 'Needs met (pleasure) or frustrated (displeasure) by the event',
  memory: 'Recalled similar episodes: their reinstated feeling, sensitisation and expectation',
  body: 'The body budget: its offset on the felt emotion, and stress sensitising negative events',
  relationship:
    'Reserved: the relationship does not reach the felt emotion directly, so no part has this kind',
  override:
    'Operator overrides since the previous turn: the change they made to the felt emotion (docs/time-control.md)',
  other: 'The rest: the parts not listed, together',
};

const ContributionKindEnum = builder.enumType('ContributionKind', {
  description: 'What a part of a turn’s change of feeling came from.',
  values: Object.fromEntries(
    Object.entries<string>(kindText).map(([kind, description]) => [kind, { description }]),
  ) as Record<ContributionKind, { description: string }>,
});

const AppraisalDimensionEnum = builder.enumType('AppraisalDimension', {
  description: 'One of the six appraisal dimensions.',
  values: appraisalDimensions,
});

const ContributionRef = builder.objectRef<Contribution>('Contribution').implement({
  description: 'A part of a turn’s change of feeling, each number rounded to 3 decimals.',
  fields: (t) => ({
    kind: t.expose('kind', { type: ContributionKindEnum }),
    V: t.exposeFloat('V', { description: 'Its part of the change of valence' }),
    A: t.exposeFloat('A', { description: 'Its part of the change of arousal (A in [0, 1])' }),
    D: t.exposeFloat('D', { description: 'Its part of the change of dominance' }),
    text: t.exposeString('text', {
      description: 'One short English sentence saying what it was and what it did',
    }),
    dimension: t.field({
      type: AppraisalDimensionEnum,
      nullable: true,
      description: 'appraisal only: the dimension',
      resolve: (c): keyof Appraisal | null => c.dimension ?? null,
    }),
    value: t.float({
      nullable: true,
      description: 'appraisal only: the dimension’s value as felt (relevance weighted for a witnessed act)',
      resolve: (c) => c.value ?? null,
    }),
    weight: t.float({
      nullable: true,
      description: 'appraisal only: the dimension’s weight in the impulse equations',
      resolve: (c) => c.weight ?? null,
    }),
  }),
});

const TurnExplanationRef = builder.objectRef<TurnExplanation>('TurnExplanation').implement({
  description:
    'Why a turn felt as it did: the change of feeling since the previous update and its largest contributions, largest first, then `other` with the rest. They sum to the change within 0.0005 per number.',
  fields: (t) => ({
    change: t.expose('change', {
      type: VadRef,
      description: '`new_emotion` minus the felt emotion at the previous update',
    }),
    contributions: t.expose('contributions', { type: [ContributionRef] }),
  }),
});

builder.objectField(TurnResultRef, 'explanation', (t) =>
  t.field({
    type: TurnExplanationRef,
    description: 'Why the turn felt as it did (docs/emotion-model.md)',
    resolve: (r: TurnResult) => r.explanation,
  }),
);
