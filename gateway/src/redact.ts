const mayHoldSecret = /token=|svc_|limbic_admin_|[?&](?:q|query|variables)=/i;

/**
 * Replaces API keys in a URL's query (`?token=…`) and API keys and operator tokens anywhere in a string, so no log
 * line carries a secret; and the free text a URL's query may carry, so no log line carries what a character
 * remembers: a memory search (`?q=…`) and a GraphQL GET's document and variables (`?query=…&variables=…`).
 */
export function redact(text: string): string {
  // Most URLs hold no secret: one scan instead of four replacements.
  if (!mayHoldSecret.test(text)) return text;
  return text
    .replace(/([?&](?:token|q|query|variables)=)[^&#]*/gi, '$1[REDACTED]')
    .replace(/svc_(live|test)_[A-Za-z0-9_-]+/g, 'svc_$1_[REDACTED]')
    .replace(/limbic_admin_[A-Za-z0-9]+/g, 'limbic_admin_[REDACTED]');
}
