/**
 * The emotions a listening companion may fairly share with a writer who felt each of crowd-enVENT's emotions
 * (docs/reader.md, "Measures"): the same feeling for them, or its listener's counterpart.
 *
 * - anger, disgust: anger or disgust on their behalf (empathic anger, Batson et al. 2007; shared moral outrage);
 * - fear: fear or worry (anxiety) for them;
 * - sadness, guilt, shame: sadness for them (OCC's sorry-for), or the writer's own guilt or shame shared;
 * - joy, pride, relief, surprise, trust: happy-for feelings (joy, excitement, contentment; pride in them; relief
 *   with them; surprise; trust and gratitude, warmth toward them);
 * - boredom: numbness or calm; no emotion: calm or contentment.
 *
 * A listener's feeling is scored against the writer's own emotion; labels outside the list count as misses.
 */
import type { EmotionLabel } from '../src/labels/emotion-label.js';
import type { EventEmotion } from '../src/reader/event-categories.js';

export const fairFamilies: Readonly<Record<EventEmotion, readonly EmotionLabel[]>> = {
  anger: ['anger', 'disgust'],
  disgust: ['disgust', 'anger'],
  fear: ['fear', 'anxiety'],
  sadness: ['sadness'],
  guilt: ['sadness', 'guilt', 'shame'],
  shame: ['sadness', 'shame', 'guilt'],
  joy: ['joy', 'excitement', 'contentment', 'amusement'],
  pride: ['joy', 'excitement', 'pride', 'contentment', 'trust'],
  relief: ['relief', 'joy', 'contentment'],
  surprise: ['surprise', 'joy', 'excitement', 'amusement'],
  trust: ['trust', 'gratitude', 'love', 'joy', 'contentment'],
  boredom: ['numbness', 'calm'],
  'no-emotion': ['calm', 'contentment'],
};
