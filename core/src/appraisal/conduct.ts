/**
 * What a message means for the relationship with the one who sent it (docs/emotion-model.md §8.2): how much of the
 * turn is their own conduct toward the character, and how much they confide. Only conduct toward the character
 * moves the character's trust in them; confiding builds closeness whatever the news.
 */
export interface Conduct {
  /**
   * How much the turn is the speaker's own act toward the character, [0, 1]: 1 for "I lied to you", "thank you",
   * "you're an idiot"; 0 for a report of someone else's doing or of fate ("my sister lied to me", "my dog died").
   */
  toward: number;
  /** How much the speaker confides their own fortunes, [0, 1] (self-disclosure; Collins & Miller 1994). */
  disclosure: number;
}

/** No conduct: the turn neither acts toward the character nor confides. */
export const noConduct: Conduct = { toward: 0, disclosure: 0 };

/** Something the speaker did toward the character, at a strength. */
export function toward(strength: number): Conduct {
  return { toward: strength, disclosure: 0 };
}

/** The speaker confided something of their own, at the reading's strength. */
export function confides(strength: number): Conduct {
  return { toward: 0, disclosure: strength };
}
