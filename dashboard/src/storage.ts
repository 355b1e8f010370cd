/**
 * The two secrets the dashboard holds, in sessionStorage only: they live as long as the tab, never on disk
 * beyond it (no localStorage), and every read or write tolerates a browser that refuses storage.
 */
export type SecretKind = 'operatorToken' | 'apiKey';

const storageKeys: Record<SecretKind, string> = {
  operatorToken: 'limbic.dashboard.operatorToken',
  apiKey: 'limbic.dashboard.apiKey',
};

/** Reads a secret of this tab, or null. */
export function readSecret(kind: SecretKind): string | null {
  try {
    return sessionStorage.getItem(storageKeys[kind]);
  } catch {
    return null;
  }
}

/** Stores a secret for this tab, or forgets it with null. */
export function writeSecret(kind: SecretKind, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(storageKeys[kind]);
    else sessionStorage.setItem(storageKeys[kind], value);
  } catch {
    // Storage refused (private mode, quota): the secret then lasts as long as the page.
  }
}
