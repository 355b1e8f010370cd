import { describeError } from './api.js';

/** An error as an alert, so screen readers announce it; nothing when there is none. */
export function ErrorMessage({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  return (
    <p class="error" role="alert">
      {describeError(error)}
    </p>
  );
}
