import { describe, expect, it } from 'vitest';
import { parseGrace, parseKeysArgs, UsageError } from './keys-args.js';

function usageError(argv: string[]): string {
  try {
    parseKeysArgs(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`parsed: ${argv.join(' ')}`);
}

describe('parseKeysArgs', () => {
  it('defaults create to a free test key in a new account', () => {
    expect(parseKeysArgs(['create'])).toEqual({
      json: false,
      command: { name: 'create', plan: 'free', env: 'test' },
    });
  });

  it('reads every option of create, --data and --json', () => {
    expect(
      parseKeysArgs([
        'create',
        '--plan',
        'pro',
        '--env',
        'live',
        '--account',
        'acct_1',
        '--data',
        'x',
        '--json',
      ]),
    ).toEqual({
      json: true,
      data: 'x',
      command: { name: 'create', plan: 'pro', env: 'live', account: 'acct_1' },
    });
  });

  it('reads list, revoke and rotate, with a 24h grace by default', () => {
    expect(parseKeysArgs(['list', '--json']).command).toEqual({ name: 'list' });
    expect(parseKeysArgs(['revoke', 'key_abc']).command).toEqual({ name: 'revoke', key: 'key_abc' });
    expect(parseKeysArgs(['rotate', 'key_abc']).command).toEqual({
      name: 'rotate',
      key: 'key_abc',
      graceMs: 24 * 3600_000,
    });
    expect(parseKeysArgs(['rotate', 'key_abc', '--grace', '0']).command).toMatchObject({ graceMs: 0 });
  });

  it('reads admin-token, which takes no argument or option but --data and --json', () => {
    expect(parseKeysArgs(['admin-token', '--json'])).toEqual({
      json: true,
      command: { name: 'admin-token' },
    });
    expect(usageError(['admin-token', 'extra'])).toBe('admin-token takes no arguments');
    expect(usageError(['admin-token', '--plan', 'pro'])).toBe('--plan is not an option of admin-token');
  });

  it('treats --help, -h and help as help', () => {
    for (const argv of [['--help'], ['-h'], ['help'], ['create', '--help']]) {
      expect(parseKeysArgs(argv).command).toEqual({ name: 'help' });
    }
  });

  it('names the option and its rule for invalid input', () => {
    expect(usageError(['create', '--plan', 'gold'])).toBe(
      '--plan must be one of free, pro, enterprise (got "gold")',
    );
    expect(usageError(['create', '--env', 'prod'])).toBe('--env must be one of test, live (got "prod")');
    expect(usageError(['create', '--account', 'a b'])).toMatch(/^--account must be/);
    expect(usageError(['list', '--plan', 'pro'])).toBe('--plan is not an option of list');
    expect(usageError(['create', '--grace', '1h'])).toBe('--grace is not an option of create');
    expect(usageError(['rotate', 'key_a', '--grace', '8d'])).toBe('--grace must be at most 7d (got "8d")');
    expect(usageError(['create', '--plan'])).toMatch(/--plan/);
    expect(usageError(['create', '--bogus'])).toMatch(/--bogus/);
    expect(usageError([])).toMatch(/^Missing command/);
    expect(usageError(['delete'])).toMatch(/^Unknown command "delete"/);
    expect(usageError(['revoke'])).toMatch(/^revoke needs a key id/);
    expect(usageError(['revoke', 'a', 'b'])).toMatch(/^revoke takes one key id/);
    expect(usageError(['revoke', 'acct_1'])).toMatch(/<key_id> must look like key_/);
    expect(usageError(['create', '--data', ''])).toBe('--data must be a directory path');
  });

  it('accepts a key in place of a key id, and never echoes a key in an error', () => {
    const key = 'svc_live_0123456789abcdefghij';
    expect(parseKeysArgs(['revoke', key]).command).toEqual({ name: 'revoke', key });
    expect(usageError([key])).not.toContain('0123456789');
    expect(usageError(['create', key])).not.toContain('0123456789');
    expect(usageError(['revoke', `${key}!`])).not.toContain('0123456789');
  });
});

describe('parseGrace', () => {
  it('reads 0 and whole minutes, hours and days up to 7d', () => {
    expect(parseGrace('0')).toBe(0);
    expect(parseGrace('30m')).toBe(1_800_000);
    expect(parseGrace('1h')).toBe(3_600_000);
    expect(parseGrace('24h')).toBe(86_400_000);
    expect(parseGrace('7d')).toBe(604_800_000);
    expect(parseGrace('0h')).toBe(0);
  });

  it('refuses other text', () => {
    for (const bad of ['', '5', '1.5h', '-1h', '1w', 'soon', '169h'])
      expect(() => parseGrace(bad)).toThrow(UsageError);
  });
});
