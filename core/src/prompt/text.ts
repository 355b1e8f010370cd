const doubleQuotes = /"/g;

/** The longest event text prompt_data carries, in UTF-16 code units. */
export const maxEventLength = 500;

// Whitespace runs, C0/C1 controls, and invisible format characters that can hide or reorder text (zero-width
// space, bidi marks and overrides, BOM). ZWJ/ZWNJ stay: scripts and emoji sequences need them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const unsafeRun = /[\s\u0000-\u001f\u007f-\u009f\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]+/g;

/** Uppercases the first character of `text` (for sentence starts in languages with case). */
export function capitalize(text: string): string {
  return text.length === 0 ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

/** Collapses every whitespace run and control or invisible format character of `text` into one space, trimmed. */
export function toSingleLine(text: string): string {
  return text.replace(unsafeRun, ' ').trim();
}

// Anything toSingleLine or the quote swap would change: fast rejection for the common clean event.
const needsCleaning =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  /[\u0000-\u001f\u007f-\u00a0\u1680\u2000-\u200b\u200e\u200f\u2028-\u202f\u205f\u2066-\u2069\u3000\ufeff]| {2}|^ | $/;

/**
 * Client event text made safe to quote inside a prompt: one line, double quotes turned into single ones so the
 * text cannot close its own quotation, at most {@link maxEventLength} characters (ending in `…` when cut). Returns
 * null when nothing is left. Only the first `2 × maxEventLength` characters are read, which bounds the cost.
 */
export function sanitizeEvent(text: string | null): string | null {
  if (text === null) return null;
  let line = text.length > 2 * maxEventLength ? text.slice(0, 2 * maxEventLength) : text;
  if (needsCleaning.test(line)) line = toSingleLine(line);
  if (line.includes('"')) line = line.replace(doubleQuotes, "'");
  if (line.length === 0) return null;
  if (line.length <= maxEventLength) return line;
  let end = maxEventLength - 1;
  // Do not split a surrogate pair.
  const last = line.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${line.slice(0, end)}…`;
}

/** The longest participant name prompt_data carries, in UTF-16 code units. */
export const maxPromptNameLength = 64;

/**
 * A participant's name made safe to put in a prompt: one line, no double quotes, at most
 * {@link maxPromptNameLength} characters (ending in `…` when cut); `fallback` (the id) when nothing is left.
 */
export function sanitizeName(name: string | null, fallback: string): string {
  const line = name === null ? null : sanitizeEvent(name.slice(0, 4 * maxPromptNameLength));
  const text = line ?? sanitizeEvent(fallback.slice(0, 4 * maxPromptNameLength)) ?? '?';
  if (text.length <= maxPromptNameLength) return text;
  let end = maxPromptNameLength - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}
