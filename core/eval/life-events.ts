import type { EmotionLabel } from '../src/labels/emotion-label.js';

/**
 * Life events told plainly, as a person tells a companion: a new job, a death, a wedding, a breakup, an exam passed
 * or failed (issue 21: they should reach at least a moderate feeling, intensity ≥ 0.4, in a fresh character), each
 * with the feelings a kind listener may fairly have. Written for Limbic's evaluation, not drawn from any corpus.
 */
export interface LifeEvent {
  message: string;
  /** Feelings that fit: joy with them, sorrow or worry for them, relief with them. */
  fair: readonly EmotionLabel[];
}

const glad: EmotionLabel[] = ['joy', 'excitement', 'pride', 'contentment', 'relief'];
const sorry: EmotionLabel[] = ['sadness', 'anxiety', 'fear'];
const sorryOrOutraged: EmotionLabel[] = ['sadness', 'anxiety', 'fear', 'anger'];

export const lifeEvents: readonly LifeEvent[] = [
  { message: 'I got the job!', fair: glad },
  { message: 'I got promoted today.', fair: glad },
  { message: "We're getting married!", fair: glad },
  { message: "I'm engaged!", fair: glad },
  { message: 'I passed my driving test!', fair: glad },
  { message: 'I passed my exam!', fair: glad },
  { message: 'I graduated today!', fair: glad },
  { message: 'I got accepted into medical school!', fair: glad },
  { message: 'We just bought our first house!', fair: glad },
  { message: 'My sister had a baby girl last night.', fair: glad },
  { message: 'I finished my first marathon!', fair: glad },
  { message: 'My paper got accepted!', fair: glad },
  { message: 'The biopsy came back benign.', fair: glad },
  { message: 'My son took his first steps today!', fair: glad },
  { message: 'My dog died this morning.', fair: sorry },
  { message: 'My grandmother passed away last night.', fair: sorry },
  { message: 'My best friend died in a car accident.', fair: sorry },
  { message: 'My dad has cancer.', fair: sorry },
  { message: "My mom was diagnosed with Alzheimer's.", fair: sorry },
  { message: 'My grandmother is in the hospital.', fair: sorry },
  { message: 'We lost the baby.', fair: sorry },
  { message: 'My girlfriend broke up with me.', fair: sorry },
  { message: 'My husband left me.', fair: sorry },
  { message: 'My parents are getting divorced.', fair: sorry },
  { message: 'I got fired today.', fair: sorryOrOutraged },
  { message: 'I lost my job.', fair: sorry },
  { message: 'I got laid off today.', fair: sorryOrOutraged },
  { message: 'I failed my exam.', fair: sorry },
  { message: "I didn't get into any of the colleges I applied to.", fair: sorry },
  { message: 'Our house burned down last night.', fair: sorry },
];
