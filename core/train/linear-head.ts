/**
 * One linear head of the reader in training: logits over an example's wide features and embedding, softmax
 * cross-entropy with AdaGrad and L2, the fitted temperature, and int8 quantization of the weights.
 */
import { softmaxInto } from '../src/reader/stack-features.js';
import type { Example } from './reader-data.js';
import { settings, type TrainSettings } from './train-settings.js';

/** A trained head in floating point. */
export interface Head {
  classes: number;
  bits: number;
  wide: Float64Array;
  /** Embedding weights, `embedding[d·K + k]`. */
  embedding: Float64Array;
}

/** Deterministic PRNG (a 32-bit LCG), for the order of the examples. */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** A head's logits of an example into `out`: its wide part over the features, plus its embedding part. */
export function logits(head: Head, ex: Example, out: Float64Array): Float64Array {
  const K = head.classes;
  const mask = (1 << head.bits) - 1;
  out.fill(0);
  for (let i = 0; i < ex.count; i++) {
    const base = (ex.buckets[i]! & mask) * K;
    const w = ex.weights[i]!;
    for (let k = 0; k < K; k++) out[k]! += head.wide[base + k]! * w;
  }
  for (let d = 0; d < 100; d++) {
    const e = ex.embedding[d]!;
    if (e === 0) continue;
    for (let k = 0; k < K; k++) out[k]! += head.embedding[d * K + k]! * e;
  }
  return out;
}

/** Softmax of `z` in place at a temperature; returns `z`. */
export function softmax(z: Float64Array, temperature = 1): Float64Array {
  softmaxInto(z, temperature);
  return z;
}

/** AdaGrad's sums of squared gradients, one per weight of a head. */
export interface AdaGradSquares {
  wide: Float64Array;
  embedding: Float64Array;
}

/** Zeroed {@link AdaGradSquares} for `head`. */
export function adagradSquares(head: Head): AdaGradSquares {
  return { wide: new Float64Array(head.wide.length), embedding: new Float64Array(head.embedding.length) };
}

/**
 * One AdaGrad step of `head` on one example, given the loss's gradient with respect to the head's logits: the
 * touched hashed weights and the embedding part, each with L2 on the touched weights.
 */
export function adagradStep(
  head: Head,
  squares: AdaGradSquares,
  ex: Example,
  grad: Float64Array,
  lr: number,
  l2: number,
): void {
  const K = head.classes;
  const mask = (1 << head.bits) - 1;
  const gWide = squares.wide;
  const gEmb = squares.embedding;
  for (let i = 0; i < ex.count; i++) {
    const base = (ex.buckets[i]! & mask) * K;
    const v = ex.weights[i]!;
    for (let k = 0; k < K; k++) {
      const g = grad[k]! * v + l2 * head.wide[base + k]!;
      gWide[base + k]! += g * g;
      head.wide[base + k]! -= (lr * g) / (Math.sqrt(gWide[base + k]!) + 1e-8);
    }
  }
  for (let d = 0; d < 100; d++) {
    const e = ex.embedding[d]!;
    if (e === 0) continue;
    for (let k = 0; k < K; k++) {
      const g = grad[k]! * e + l2 * head.embedding[d * K + k]!;
      gEmb[d * K + k]! += g * g;
      head.embedding[d * K + k]! -= (lr * g) / (Math.sqrt(gEmb[d * K + k]!) + 1e-8);
    }
  }
}

/** Shuffles `order` in place with `random` (Fisher–Yates), the epoch order of every trainer here. */
export function shuffle(order: number[], random: () => number): void {
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const tmp = order[i]!;
    order[i] = order[j]!;
    order[j] = tmp;
  }
}

/** Trains one head: `targetOf` maps a row's category labels to the head's class indexes. */
export function trainHead(
  examples: readonly Example[],
  classes: number,
  bits: number,
  targetOf: (labels: number[]) => number[],
  options: TrainSettings = settings,
): Head {
  const K = classes;
  const head: Head = {
    classes,
    bits,
    wide: new Float64Array((1 << bits) * K),
    embedding: new Float64Array(100 * K),
  };
  const squares = adagradSquares(head);
  const targets = examples.map((ex) => targetOf(ex.labels));
  const counts = new Float64Array(K);
  for (const t of targets) for (const k of t) counts[k]! += 1 / t.length;
  const classWeight = Array.from(
    counts,
    (c) => (examples.length / K / Math.max(c, 1)) ** options.classWeightPower,
  );
  const order = examples.map((_, i) => i);
  const random = lcg(options.seed);
  const z = new Float64Array(K);
  const grad = new Float64Array(K);
  const { l2 } = options;
  const smooth = options.labelSmoothing ?? 0;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    const lr = options.learningRate / (1 + (options.rateDecay ?? 0) * epoch);
    shuffle(order, random);
    for (const idx of order) {
      const ex = examples[idx]!;
      const target = targets[idx]!;
      const p = softmax(logits(head, ex, z));
      let weight = 0;
      for (const k of target) weight += classWeight[k]! / target.length;
      for (let k = 0; k < K; k++) grad[k] = weight * (p[k]! - smooth / K);
      for (const k of target) grad[k]! -= (weight * (1 - smooth)) / target.length;
      adagradStep(head, squares, ex, grad, lr, l2);
    }
  }
  return head;
}

/**
 * The temperature that minimises the negative log-likelihood of held-out logits (Guo et al. 2017): here the
 * out-of-fold logits of the cross-validation on train, so dev stays unseen.
 */
export function fitTemperature(cached: readonly Float64Array[], targets: readonly number[][]): number {
  const nll = (t: number) => {
    let s = 0;
    cached.forEach((z, i) => {
      const p = softmax(Float64Array.from(z), t);
      const target = targets[i]!;
      let q = 0;
      for (const k of target) q += p[k]! / target.length;
      s -= Math.log(Math.max(q, 1e-12));
    });
    return s / cached.length;
  };
  let lo = 0.2;
  let hi = 5;
  for (let i = 0; i < 60; i++) {
    const a = lo + (hi - lo) * 0.382;
    const b = lo + (hi - lo) * 0.618;
    if (nll(a) < nll(b)) hi = b;
    else lo = a;
  }
  return Math.round(((lo + hi) / 2) * 1e4) / 1e4;
}

/** Quantises floating-point weights to int8 with one scale (max |w| ↦ 127). */
export function quantize(values: Float64Array): { data: Int8Array; scale: number } {
  let max = 0;
  for (const v of values) if (Math.abs(v) > max) max = Math.abs(v);
  const scale = max / 127 || 1;
  const data = new Int8Array(values.length);
  for (let i = 0; i < values.length; i++)
    data[i] = Math.max(-127, Math.min(127, Math.round(values[i]! / scale)));
  return { data, scale: Number(scale.toPrecision(8)) };
}

/** Projects every vocabulary word's vector onto a head's classes: P_w = W_embᵀ·v_w (then quantised). */
export function projections(
  head: Head,
  vocabulary: readonly string[],
  vectors: Map<string, number[]>,
): Float64Array {
  const K = head.classes;
  const out = new Float64Array(vocabulary.length * K);
  vocabulary.forEach((w, i) => {
    const v = vectors.get(w)!;
    for (let k = 0; k < K; k++) {
      let s = 0;
      for (let d = 0; d < 100; d++) s += head.embedding[d * K + k]! * v[d]!;
      out[i * K + k] = s;
    }
  });
  return out;
}
