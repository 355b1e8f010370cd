import type { BindingStore, Clock, ProactivePreferencesInput } from '@limbic/core';

/** A group's default proactive preferences: every trigger, at most once a day. */
const defaultGroupPreferences = { cooldown_hours: 24 };

/** The proactive preferences a group gets when its admins turn them on: the defaults under the operator's. */
export function groupPreferencesOf(
  preferences: Omit<ProactivePreferencesInput, 'enabled'> | undefined,
): Omit<ProactivePreferencesInput, 'enabled'> & { cooldown_hours: number } {
  return { ...defaultGroupPreferences, ...preferences };
}

/** What a group's admins set for the character in their chat; see {@link createGroupSettings}. */
export interface GroupSettings {
  /** Whether the character takes part in the group chat under `key` (its admins may silence it). */
  isActive(key: string): Promise<boolean>;
  /** Lets the character take part in the chat under `key` (`/limbic on`) or silences it there (`/limbic off`). */
  setActive(key: string, active: boolean): Promise<void>;
}

/** The record key of a group chat's settings, next to its binding. */
const recordKeyOf = (key: string) => `chat:${key}`;

/** Creates the group settings, kept as records of the binding store (`chat:<group key>`). */
export function createGroupSettings(bindings: BindingStore, clock: Clock): GroupSettings {
  return {
    async isActive(key) {
      const record = await bindings.getRecord(recordKeyOf(key), clock.now());
      return (record?.value as { active?: unknown } | null)?.active !== false;
    },
    async setActive(key, active) {
      await bindings.putRecord({
        key: recordKeyOf(key),
        value: { active },
        expiresAt: null,
        updatedAt: clock.now(),
      });
    },
  };
}
