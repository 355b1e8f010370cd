import { describe, expect, it } from 'vitest';
import { suggestName } from './suggest.js';

describe('suggestName', () => {
  it('maps one spelling of a name to the other, either way round', () => {
    expect(suggestName('elapsed_seconds', ['sessionId', 'message', 'elapsedSeconds'])).toBe('elapsedSeconds');
    expect(suggestName('elapsedSeconds', ['message', 'elapsed_seconds'])).toBe('elapsed_seconds');
    expect(suggestName('actionId', ['action_id'])).toBe('action_id');
  });

  it('suggests the single closest name for a typo', () => {
    expect(suggestName('mesage', ['message', 'event', 'elapsedSeconds'])).toBe('message');
    expect(suggestName('apraisal', ['appraisal', 'context'])).toBe('appraisal');
    expect(suggestName('turn_apraisal', ['turn', 'turn_appraisal', 'get_state'])).toBe('turn_appraisal');
  });

  it('suggests nothing when no name is close, or two are equally close', () => {
    expect(suggestName('colour', ['message', 'event'])).toBeUndefined();
    expect(suggestName('ab', ['aa', 'bb'])).toBeUndefined();
    expect(suggestName('', ['a'])).toBeUndefined();
    expect(suggestName('x'.repeat(65), ['x'.repeat(65)])).toBeUndefined();
  });
});
