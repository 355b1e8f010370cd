import { describe, expect, it } from 'vitest';
import { translatedPresetIdentity } from './preset-translations.js';
import { presetIds, presets } from './presets.js';
import { speakingVoice } from './speaking-voice.js';

// Traits that decide nothing, so only the speaking style can name the voice.
const neutral = { extraversion: 0.5, agreeableness: 0.5, emotionality: 0.5 };

describe('a preset’s voice in Spanish and Japanese', () => {
  it.each(presetIds.flatMap((id) => [[id, 'es'] as const, [id, 'ja'] as const]))(
    '%s in %s reads as the same voice as in English',
    (id, language) => {
      const english = speakingVoice(presets[id].identity.speaking_style, neutral);
      const translated = translatedPresetIdentity({ id }, language);
      expect(speakingVoice(translated?.speaking_style, neutral)).toBe(english);
    },
  );
});
