import type { PromptLocale } from '@limbic/core';
import type { OutreachFacts } from './outreach-status.js';

/** What `/limbic status` reports. */
export interface StatusFacts {
  /** True in a group chat. */
  group: boolean;
  /** Whether the character takes part in this chat (always true in a private chat). */
  active: boolean;
  /** Whether the character may write first (to you in a private chat, to this chat in a group). */
  proactive: boolean;
  emotion: string;
  intensity: number;
  energy: number;
  stress: number;
  /**
   * The character's relationship with the one asking: in a private chat the session's one person, in a group their
   * participant's (null when it does not know them yet).
   */
  you: { rapport: number; trust: number; familiarity: number } | null;
  /** In a group: how many people it knows in this chat. */
  participants: number;
  /** The platforms this identity is linked with (`telegram`, `discord`), empty when not linked. */
  linkedWith: string[];
  /** When it would next write first and what holds it back (absent or null when the backend cannot say). */
  outreach?: OutreachFacts | null;
  /** The character's language (its persona's, as its replies use it), which the default texts answer in. Absent: `en`. */
  locale?: PromptLocale;
}
