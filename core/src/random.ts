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

/**
 * A generator of {@link createId} identifiers that strictly increase, even several within one millisecond or when
 * the clock steps back: then the time part is kept and the random part is the previous one plus one (ULID's
 * monotonic rule). Sessions use it so that id order, which lists and cursors follow, is creation order.
 */
export function createIdGenerator(random: Random): (prefix: string, time: number) => string {
  let lastTime = Number.NEGATIVE_INFINITY;
  let last = '';
  return (prefix, time) => {
    const t = Math.max(0, Math.floor(time));
    if (t > lastTime || last === '') {
      lastTime = t;
      last = createId('', t, random);
    } else {
      last = increment(last);
    }
    return prefix + last;
  };
}

// Adds one to a base-32 id's random part (its last 16 characters), carrying left.
function increment(id: string): string {
  const digits = id.split('');
  for (let i = digits.length - 1; i >= 10; i--) {
    const d = alphabet.indexOf(digits[i]!);
    if (d < 31) {
      digits[i] = alphabet[d + 1]!;
      return digits.join('');
    }
    digits[i] = alphabet[0]!;
  }
  // 32^16 ids in one millisecond cannot happen; wrap rather than throw.
  return digits.join('');
}
