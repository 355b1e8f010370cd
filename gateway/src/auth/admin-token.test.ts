import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  adminTokenFile,
  createOperatorAuth,
  ensureAdminToken,
  generateAdminToken,
  replaceAdminToken,
} from './admin-token.js';

const pepper = 'test-pepper-test-pepper';
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'limbic-admin-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('generateAdminToken', () => {
  it('is limbic_admin_ and 32 base62 characters, different every time', () => {
    const a = generateAdminToken();
    expect(a).toMatch(/^limbic_admin_[0-9A-Za-z]{32}$/);
    expect(generateAdminToken()).not.toBe(a);
  });
});

describe('ensureAdminToken', () => {
  it('makes a token on the first call only, and stores only its hash, mode 0600', () => {
    const token = ensureAdminToken(dir, pepper);
    expect(token).toMatch(/^limbic_admin_/);
    expect(ensureAdminToken(dir, pepper)).toBeNull();
    const file = adminTokenFile(dir);
    expect(readFileSync(file, 'utf8')).not.toContain(token?.slice(13));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 1, hash: expect.any(String) });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(createOperatorAuth({ pepper, dataDir: dir }).verify(token)).toBe(true);
  });

  it('refuses a file that is not a token file, saying how to fix it', () => {
    writeFileSync(adminTokenFile(dir), 'not json');
    expect(() => ensureAdminToken(dir, pepper)).toThrow(/npm run keys -- admin-token/);
  });
});

describe('createOperatorAuth', () => {
  it('accepts LIMBIC_ADMIN_TOKEN and ignores the file then', () => {
    const stored = ensureAdminToken(dir, pepper);
    const auth = createOperatorAuth({ pepper, token: 'my-own-operator-token', dataDir: dir });
    expect(auth.verify('my-own-operator-token')).toBe(true);
    expect(auth.verify(stored)).toBe(false);
    expect(auth.verify('my-own-operator-token ')).toBe(false);
  });

  it('refuses everything when no token is configured, and API-key-shaped or empty tokens always', () => {
    expect(createOperatorAuth({ pepper }).verify(generateAdminToken())).toBe(false);
    expect(createOperatorAuth({ pepper, dataDir: dir }).verify(generateAdminToken())).toBe(false);
    const keyShaped = 'svc_test_0123456789abcdefghij';
    const auth = createOperatorAuth({ pepper, token: keyShaped });
    expect(auth.verify(keyShaped)).toBe(false);
    for (const token of ['', undefined, null]) expect(auth.verify(token)).toBe(false);
  });

  it('sees a replaced token within its reload period: the new one works, the old one does not', () => {
    let now = 0;
    const old = ensureAdminToken(dir, pepper);
    const auth = createOperatorAuth({ pepper, dataDir: dir, now: () => now });
    expect(auth.verify(old)).toBe(true);
    const fresh = replaceAdminToken(dir, pepper);
    expect(auth.verify(fresh)).toBe(false);
    now += 1000;
    expect(auth.verify(fresh)).toBe(true);
    expect(auth.verify(old)).toBe(false);
  });

  it('refuses every token while the file cannot be read, and reports it', () => {
    let now = 0;
    const errors: unknown[] = [];
    const token = ensureAdminToken(dir, pepper);
    const auth = createOperatorAuth({ pepper, dataDir: dir, now: () => now, onError: (e) => errors.push(e) });
    expect(auth.verify(token)).toBe(true);
    writeFileSync(adminTokenFile(dir), '{"hash": 1}');
    now += 1000;
    expect(auth.verify(token)).toBe(false);
    expect(errors).toHaveLength(1);
  });
});
