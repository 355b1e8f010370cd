/**
 * Cusp catastrophe (Zeeman 1976): the state z sits in a minimum of V(z) = z⁴/4 − β·z²/2 − α·z, whose equilibria
 * solve z³ − β·z − α = 0. Between the fold lines (|α| < 2·(β/3)^(3/2)) two stable states coexist and z keeps the one
 * it is on (hysteresis); when that branch vanishes z jumps to the other: a sudden breakdown or recovery.
 */
export interface CuspStep {
  z: number;
  /** +1 when z jumped to the upper branch, −1 to the lower, 0 when it moved smoothly. */
  jump: -1 | 0 | 1;
}

function realRoots(beta: number, alpha: number): number[] {
  // Depressed cubic z³ + p·z + q = 0 with p = −β, q = −α.
  const p = -beta;
  const q = -alpha;
  const disc = (q * q) / 4 + (p * p * p) / 27;
  // disc ≥ 0 (up to rounding) has one simple real root; this also covers p = q = 0, where z = 0.
  if (disc > -1e-15) {
    const s = Math.sqrt(Math.max(0, disc));
    return [Math.cbrt(-q / 2 + s) + Math.cbrt(-q / 2 - s)];
  }
  const r = 2 * Math.sqrt(-p / 3);
  const phi = Math.acos(Math.max(-1, Math.min(1, (3 * q) / (p * r))));
  return [0, 1, 2].map((k) => r * Math.cos((phi - 2 * Math.PI * k) / 3)).sort((x, y) => x - y);
}

/** Moves z to the equilibrium it follows for the new control parameters (α normal, β splitting factor). */
export function stepCusp(z: number, alpha: number, beta: number): CuspStep {
  const roots = realRoots(beta, alpha);
  if (roots.length === 3) {
    // Stable branches are the outer roots; stay on the side of the unstable middle root that z is on.
    const next = z >= roots[1]! ? roots[2]! : roots[0]!;
    return { z: next, jump: 0 };
  }
  const next = roots[0]!;
  // Only a branch switch with a real gap is a jump; with little splitting the surface is nearly smooth.
  const jumped = Math.sign(next) !== Math.sign(z) && Math.abs(next - z) > 0.8 && beta >= 0.3;
  return { z: next, jump: jumped ? (next > z ? 1 : -1) : 0 };
}
