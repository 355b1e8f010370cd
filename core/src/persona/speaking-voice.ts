/**
 * A way of speaking, for text the engine or a bot writes without a language model (proactive suggestions, offline
 * replies): read from the persona's speaking style, or its traits when the style names none.
 */
export type SpeakingVoice = 'bright' | 'curt' | 'cocky' | 'gentle' | 'playful' | 'hesitant' | 'measured';

/** Words of a speaking style that name a voice (English, with a few Spanish and Japanese ones). */
const voiceWords: Record<SpeakingVoice, RegExp> = {
  bright: /bright|cheer|chatty|upbeat|exclamation|bubbly|alegre|明る/i,
  curt: /curt|gruff|terse|sardonic|brusque|grumbl|seco|ぶっきらぼう/i,
  cocky: /cocky|challeng|barb|compet|boast|arrogan|chul|desaf|生意気|自信満々|挑発/i,
  gentle: /gentle|soft|patient|tender|kind|suave|amable|優し|穏やか|柔らか/i,
  playful: /witt|teas|pun|playful|jok|mischiev|bromista|juguet|burl|冗談|からか/i,
  hesitant: /apologetic|hedg|self-doubt|shy|timid|tímid|disculp|控えめ|謝/i,
  measured: /measured|thoughtful|precise|calm|reflect|pausad|落ち着/i,
};

/**
 * The voice a speaking style names: of the words in the table above, the one that comes first in the style wins
 * ("Bright and chatty, … playful warmth" is bright). Without one, the traits decide (HEXACO values in [0, 1]):
 * disagreeable (A < .35) curt, very extraverted (X ≥ .7) bright, emotional and introverted (E ≥ .7, X < .4)
 * hesitant, agreeable (A ≥ .7) gentle, else measured.
 */
export function speakingVoice(
  style: string | null | undefined,
  traits: { extraversion: number; agreeableness: number; emotionality: number },
): SpeakingVoice {
  let best: { voice: SpeakingVoice; at: number } | undefined;
  for (const [voice, words] of Object.entries(voiceWords) as [SpeakingVoice, RegExp][]) {
    const at = (style ?? '').search(words);
    if (at >= 0 && (best === undefined || at < best.at)) best = { voice, at };
  }
  if (best) return best.voice;
  if (traits.agreeableness < 0.35) return 'curt';
  if (traits.extraversion >= 0.7) return 'bright';
  if (traits.emotionality >= 0.7 && traits.extraversion < 0.4) return 'hesitant';
  if (traits.agreeableness >= 0.7) return 'gentle';
  return 'measured';
}
