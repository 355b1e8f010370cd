/**
 * Exact solution of the two-layer relaxation chain on one axis, relative to the baseline b:
 *   dm/dt = −k_m·(m − b),   dE/dt = −k_E·(E − m)
 * After `dt` seconds, with y = m − b and x = E − b:
 *   y(t) = y0·e^(−k_m t)
 *   x(t) = x0·e^(−k_E t) + y0·k_E/(k_E − k_m)·(e^(−k_m t) − e^(−k_E t))     (k_E ≠ k_m)
 *   x(t) = e^(−k t)·(x0 + y0·k·t)                                           (k_E = k_m = k)
 * It is the flow of a linear ODE, so advancing by t1 then t2 equals advancing by t1 + t2 (to rounding).
 */
export function relaxChain(
  emotion: number,
  mood: number,
  baseline: number,
  kEmotion: number,
  kMood: number,
  dt: number,
): { emotion: number; mood: number } {
  const x0 = emotion - baseline;
  const y0 = mood - baseline;
  const eM = Math.exp(-kMood * dt);
  const eE = Math.exp(-kEmotion * dt);
  const y = y0 * eM;
  const diff = kEmotion - kMood;
  const x =
    Math.abs(diff) < 1e-12 * Math.max(kEmotion, 1e-12)
      ? eE * (x0 + y0 * kEmotion * dt)
      : x0 * eE + ((y0 * kEmotion) / diff) * (eM - eE);
  return { emotion: baseline + x, mood: baseline + y };
}

/** Rate constant k = ln 2 / half-life. */
export function rate(halfLife: number): number {
  return Math.LN2 / halfLife;
}
