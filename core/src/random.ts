/** A source of uniform random numbers in [0, 1), used only for identifiers. Inject one for reproducible ids. */
export interface Random {
  next(): number;
}

/** Cryptographically strong randomness from the Web Crypto API (available in Node 20+ and browsers). */
export function createCryptoRandom(): Random {
  const buffer = new Uint32Array(64);
  let index = buffer.length;
  return {
    next() {
      if (index === buffer.length) {
        globalThis.crypto.getRandomValues(buffer);
        index = 0;
      }
      return buffer[index++]! / 0x1_0000_0000;
    },
  };
}

/** A small deterministic generator (mulberry32) for tests and simulations. */
export function createSeededRandom(seed: number): Random {
  let state = seed >>> 0;
  return {
    next() {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
    },
  };
}

const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * A sortable identifier: `prefix` + 10 characters of millisecond time + 16 random characters (Crockford base32,
 * lower case). Identifiers made later sort after earlier ones, which the stores use as their cursor order.
 */
export function createId(prefix: string, time: number, random: Random): string {
  let out = prefix;
  let t = Math.max(0, Math.floor(time));
  const timePart: string[] = [];
  for (let i = 0; i < 10; i++) {
    timePart.push(alphabet[t % 32]!);
    t = Math.floor(t / 32);
  }
  out += timePart.reverse().join('');
  for (let i = 0; i < 16; i++) out += alphabet[Math.floor(random.next() * 32)]!;
  return out;
}
