import { readFileSync } from 'node:fs';
import { limbicErrorCodes, limbicErrorMessages } from '@limbic/core';
import { describe, expect, it } from 'vitest';
import {
  closeCodes,
  closeReasons,
  errorCodeOf,
  errorCodes,
  errorTable,
  isErrorCode,
  statusOf,
} from './errors.js';

describe('the error table', () => {
  it('extends the engine’s codes with their messages', () => {
    for (const code of limbicErrorCodes) {
      expect(errorCodes).toContain(code);
      expect(errorTable[code].message).toBe(limbicErrorMessages[code]);
    }
  });

  it('gives every code an HTTP status, a close code with a reason, and a message', () => {
    for (const code of errorCodes) {
      const { status, closeCode, message } = errorTable[code];
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
      expect(closeReasons[closeCode], code).toBeDefined();
      expect(message.length).toBeGreaterThan(0);
      // The protocol's refusals close with 4000 + status; server failures and limits with RFC 6455 codes.
      if (closeCode >= 4000) expect(closeCode).toBe(4000 + (status === 400 ? 400 : status));
    }
    for (const code of Object.values(closeCodes)) expect(closeReasons[code]).toMatch(/^[ -~]{1,60}$/);
    expect(statusOf('SESSION_LIMIT')).toBe(403);
  });

  it('reads the code of any error shape, and nothing else', () => {
    expect(errorCodeOf({ code: 'NOT_FOUND' })).toBe('NOT_FOUND');
    expect(errorCodeOf({ extensions: { code: 'RATE_LIMIT' } })).toBe('RATE_LIMIT');
    expect(errorCodeOf(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBeUndefined();
    expect(errorCodeOf('NOT_FOUND')).toBeUndefined();
    expect(errorCodeOf(null)).toBeUndefined();
    expect(isErrorCode('toString')).toBe(false);
  });
});

describe('the documentation', () => {
  it('names every code of the table in docs/errors.md', () => {
    const doc = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
    expect(errorCodes.filter((code) => !doc.includes(`\`${code}\``))).toEqual([]);
  });
});
