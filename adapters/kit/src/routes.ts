import type { Binding } from '@limbic/core';

/** Prefix of the binding keys of linked people's private conversations (`person:psn_…`). */
export const personKeyPrefix = 'person:';

/**
 * Where a binding's proactive messages go: the platform and the target in that platform adapter's encoding. A
 * conversation binding's platform is its key's first part (`telegram:…`, `discord:…`); a linked person's binding
 * (`person:…`) follows them to the platform they last wrote on, kept as `<platform>:<target>`.
 */
export function routeOf(binding: Pick<Binding, 'key' | 'target'>): { platform: string; target: string } {
  if (binding.key.startsWith(personKeyPrefix)) {
    const at = binding.target.indexOf(':');
    return { platform: binding.target.slice(0, at), target: binding.target.slice(at + 1) };
  }
  return { platform: binding.key.slice(0, binding.key.indexOf(':')), target: binding.target };
}

/** The binding target of a conversation under `key`: platform-qualified for a linked person's binding. */
export function targetFor(key: string, platform: string, target: string): string {
  return key.startsWith(personKeyPrefix) ? `${platform}:${target}` : target;
}
