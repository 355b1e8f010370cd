/**
 * Twelve everyday messages that a companion's personality should colour (docs/emotion-model.md §11.4, the table of
 * presets): `npm run eval:presets` prints what each preset feels at each, and personality-appraisal.test.ts checks
 * the differences the docs explain.
 */
export const presetMessages: readonly string[] = [
  'I got the job!',
  'I won the chess tournament!',
  'My best friend is coming to visit tomorrow!',
  'Did you know octopuses have three hearts?',
  'My grandmother is in the hospital',
  "I'm so scared of the exam tomorrow",
  'My dog died this morning.',
  'My sister lied to me again',
  "You're an idiot.",
  'I lied to you.',
  'Thank you so much, you really helped me.',
  'I had pasta for lunch.',
];
