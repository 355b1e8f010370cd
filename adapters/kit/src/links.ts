import { randomInt } from 'node:crypto';
import type { BindingStore } from '@limbic/core';

/**
 * One person across platforms (opt-in): `/limbic link` on one platform gives a one-time code; sent on the other, it
 * links the two identities to one person, whose private conversations on both platforms are then one session (one
 * relationship, one history). Everything lives in the binding store's records, next to the bindings:
 * - `identity:<platform>:<user id>` → `{person}`: which person an identity belongs to;
 * - `person:<person id>` → `{identities}`: the identities of a person;
 * - `code:<code>` → the identity that asked for it and its private conversation, until it expires or is used.
 * @module
 */

/** A platform identity: `<platform>:<user id>`, e.g. `telegram:42`. */
export type Identity = string;

/** What a link code remembers about the identity that asked for it. */
export interface LinkCodeRequest {
  identity: Identity;
  platform: string;
  /** The binding key of the private conversation the code was asked for in (`telegram:42:42`). */
  conversationKey: string;
  /** That conversation's target, in its adapter's encoding. */
  target: string;
}

/** The distinct platforms of some identities, sorted (`['discord', 'telegram']`). */
export function platformsOf(identities: readonly Identity[]): string[] {
  return [...new Set(identities.map((identity) => identity.slice(0, identity.indexOf(':'))))].sort();
}

/** The result of {@link IdentityLinks.redeem}. */
export type RedeemResult =
  | { linked: true; person: string; identities: Identity[]; issuer: LinkCodeRequest }
  | { linked: false; reason: 'invalid' | 'self' };

/** Links between identities; see the module's description. */
export interface IdentityLinks {
  /** The person an identity is linked to, or null. */
  personOf(identity: Identity): Promise<string | null>;
  /** The identities of a person (empty when unknown). */
  identitiesOf(person: string): Promise<Identity[]>;
  /** Makes a one-time code for `request.identity`, valid for the configured time. */
  issue(request: LinkCodeRequest): Promise<string>;
  /** Uses a code from another identity: links both to one person. */
  redeem(code: string, identity: Identity): Promise<RedeemResult>;
  /** Separates an identity from its person; false when it was not linked. */
  unlink(identity: Identity): Promise<boolean>;
}

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L, 2/Z, 5/S, 8/B). */
const alphabet = 'ACDEFGHJKMNPQRTUVWXY34679';
/** Code length: 25^8 ≈ 1.5·10^11 codes, against a handful alive at a time. */
const codeLength = 8;

/** A new random code (crypto-random, so codes cannot be guessed from earlier ones). */
export function newLinkCode(): string {
  let code = '';
  for (let i = 0; i < codeLength; i++) code += alphabet[randomInt(alphabet.length)];
  return code;
}

/** A code as people type it: case, spaces and dashes do not matter. */
export function normalizeLinkCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

function newPersonId(): string {
  let id = 'psn_';
  for (let i = 0; i < 16; i++) id += 'abcdefghijklmnopqrstuvwxyz0123456789'[randomInt(36)];
  return id;
}

function isRequest(value: unknown): value is LinkCodeRequest {
  const v = value as Partial<LinkCodeRequest> | null;
  return (
    typeof v?.identity === 'string' &&
    typeof v.platform === 'string' &&
    typeof v.conversationKey === 'string' &&
    typeof v.target === 'string'
  );
}

/**
 * The identity links of a binding store. Codes expire after `codeTtlMs` (default 10 minutes) and are taken
 * atomically, so a code links once even when two processes race on it.
 */
export function identityLinks(
  bindings: BindingStore,
  options: { now: () => number; codeTtlMs?: number },
): IdentityLinks {
  const { now } = options;
  const ttl = options.codeTtlMs ?? 10 * 60_000;

  async function personOf(identity: Identity): Promise<string | null> {
    const record = await bindings.getRecord(`identity:${identity}`, now());
    const person = (record?.value as { person?: unknown } | null)?.person;
    return typeof person === 'string' ? person : null;
  }

  async function identitiesOf(person: string): Promise<Identity[]> {
    const record = await bindings.getRecord(`person:${person}`, now());
    const identities = (record?.value as { identities?: unknown } | null)?.identities;
    return Array.isArray(identities) ? identities.filter((i): i is string => typeof i === 'string') : [];
  }

  async function setIdentities(person: string, identities: Identity[]): Promise<void> {
    const at = now();
    if (identities.length === 0) await bindings.deleteRecord(`person:${person}`);
    else
      await bindings.putRecord({
        key: `person:${person}`,
        value: { identities },
        expiresAt: null,
        updatedAt: at,
      });
  }

  async function unlink(identity: Identity): Promise<boolean> {
    const person = await personOf(identity);
    if (person === null) return false;
    await bindings.deleteRecord(`identity:${identity}`);
    await setIdentities(
      person,
      (await identitiesOf(person)).filter((i) => i !== identity),
    );
    return true;
  }

  return {
    personOf,
    identitiesOf,
    async issue(request) {
      const code = newLinkCode();
      const at = now();
      await bindings.putRecord({ key: `code:${code}`, value: request, expiresAt: at + ttl, updatedAt: at });
      return code;
    },
    async redeem(rawCode, identity) {
      const key = `code:${normalizeLinkCode(rawCode)}`;
      const peek = await bindings.getRecord(key, now());
      if (!peek || !isRequest(peek.value)) return { linked: false, reason: 'invalid' };
      if (peek.value.identity === identity) return { linked: false, reason: 'self' };
      const taken = await bindings.takeRecord(key, now());
      if (!taken || !isRequest(taken.value)) return { linked: false, reason: 'invalid' };
      const issuer = taken.value;
      const person = (await personOf(issuer.identity)) ?? newPersonId();
      // An identity joins one person: leaving the person it was linked to before, if any.
      const previous = await personOf(identity);
      if (previous !== null && previous !== person) await unlink(identity);
      const identities = [...new Set([...(await identitiesOf(person)), issuer.identity, identity])];
      const at = now();
      for (const member of [issuer.identity, identity]) {
        await bindings.putRecord({
          key: `identity:${member}`,
          value: { person },
          expiresAt: null,
          updatedAt: at,
        });
      }
      await setIdentities(person, identities);
      return { linked: true, person, identities, issuer };
    },
    unlink,
  };
}
