/** Clamps `x` into `[min, max]`; NaN becomes `min`. */
export function clamp(x: number, min: number, max: number): number {
  return x > max ? max : x >= min ? x : min;
}

/** Centres a trait in [0, 1] to [-1, 1] (z = 2t − 1), the convention of ALMA and Mehrabian's equations. */
export function centre(trait: number): number {
  return 2 * trait - 1;
}

/** The factor left after `dt` seconds of exponential decay with half-life `halfLife` seconds (1 when dt ≤ 0). */
export function decayFactor(dt: number, halfLife: number): number {
  if (dt <= 0) return 1;
  if (!(halfLife > 0)) return 0;
  return Math.exp((-Math.LN2 * dt) / halfLife);
}

/** Largest step of a shunting update. */
const maxStep = 0.9;

/**
 * Bounded (shunting) update of a value in [-1, 1]: `y + Δ·(1 − sgn(Δ)·y)` (Grossberg's shunting equation). The
 * headroom shrinks near the bound, so no run of same-signed impulses can saturate the value, and a contrary impulse
 * always has room to move it.
 */
export function shunt(y: number, delta: number): number {
  // |Δ| < 1 keeps the update a contraction toward the bound instead of a jump onto it.
  const d = delta > maxStep ? maxStep : delta < -maxStep ? -maxStep : delta;
  const out = d >= 0 ? y + d * (1 - y) : y + d * (1 + y);
  return clamp(out, -1, 1);
}

/** Headroom update of a value in [0, 1]: gains fill the room above, losses take a share of what is there. */
export function headroom(y: number, delta: number): number {
  return clamp(delta >= 0 ? y + delta * (1 - y) : y + delta * y, 0, 1);
}

/** Rounds to `digits` decimals, for output only (state keeps full precision). */
export function round(x: number, digits = 4): number {
  if (digits === 4) return Math.round(x * 1e4) / 1e4;
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
