/**
 * What is wrong with a pasted API key, or null when it looks like one (`svc_test_…` or `svc_live_…`). Only the
 * shape is checked here; the gateway decides whether the key is valid.
 */
export function apiKeyProblem(text: string): string | null {
  const key = text.trim();
  if (key === '') return 'Paste an API key.';
  if (key.startsWith('limbic_admin_'))
    return 'That is the operator token. Sessions need an API key (svc_test_… or svc_live_…).';
  if (!/^svc_(test|live)_\S+$/.test(key)) return 'An API key starts with svc_test_ or svc_live_.';
  return null;
}
