import { describe, expect, it } from 'vitest';
import { demoChatReply, demoLlmAnswer } from './demo-answer.js';
import { fakeAppraisal, fakePersona, type LlmCall } from './fake-llm.js';

const system = `You are Mira.
Role: Friendly companion

Emotion: moderate pride, with an undertone of joy (feels very good; keyed up; feels fairly in control)
Energy: 98%. Full of energy; no stress.`;

describe('demoChatReply', () => {
  it('names the feeling of the system message and quotes the message it answers', () => {
    expect(
      demoChatReply([
        { role: 'system', content: system },
        { role: 'user', content: 'You did it!' },
      ]),
    ).toBe('I feel moderate pride, hearing you say “You did it!”.');
  });

  it('quotes the previous message of the person when the history has one', () => {
    const reply = demoChatReply([
      { role: 'system', content: system },
      { role: 'user', content: 'I got the job.' },
      { role: 'assistant', content: 'Wonderful!' },
      { role: 'user', content: 'Ada: It starts on   Monday.' },
    ]);
    expect(reply).toBe(
      'I feel moderate pride. Earlier you said “I got the job.”, and now “Ada: It starts on Monday.”: I remember.',
    );
  });

  it('reads the Spanish and Japanese emotion lines and cuts long quotes', () => {
    const long = 'a'.repeat(200);
    expect(
      demoChatReply([
        { role: 'system', content: 'Eres Mira.\nEmoción: alegría de intensidad moderada (se siente bien)' },
        { role: 'user', content: long },
      ]),
    ).toBe(`I feel alegría de intensidad moderada, hearing you say “${'a'.repeat(79)}…”.`);
    expect(demoChatReply([{ role: 'system', content: '感情：中程度の喜び（とても良い）' }])).toMatch(
      /^I feel 中程度の喜び,/,
    );
  });

  it('writes first with the name, the feeling and the reason of the proactive prompt', () => {
    expect(
      demoChatReply([
        {
          role: 'system',
          content: 'You are Mira. You feel joy. Write one short message to start a conversation.',
        },
        { role: 'user', content: 'Reason you are writing first: I missed you.' },
      ]),
    ).toBe("Hey, it's Mira. I feel joy and I was thinking of you. I missed you.");
  });
});

describe('demoLlmAnswer', () => {
  it('answers appraisals and personas with the fake defaults', () => {
    const call = { messages: [] } as unknown as LlmCall;
    expect(demoLlmAnswer('appraisal', call)).toBe(fakeAppraisal);
    expect(demoLlmAnswer('persona', call)).toBe(fakePersona);
  });
});
