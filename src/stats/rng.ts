/**
 * A seeded pseudo-random generator (xoshiro128**, seeded through splitmix32). Only 32-bit integer
 * arithmetic, so the same seed gives the same stream on every machine and JavaScript engine; the
 * bootstrap's numbers are reproducible from `--seed` alone.
 */
export class Rng {
  private readonly s = new Uint32Array(4);

  constructor(seed: number) {
    let x = seed >>> 0;
    for (let i = 0; i < 4; i++) {
      x = (x + 0x9e3779b9) >>> 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      this.s[i] = (z ^ (z >>> 16)) >>> 0;
    }
    // xoshiro must not start from the all-zero state.
    if ((this.s[0]! | this.s[1]! | this.s[2]! | this.s[3]!) === 0) this.s[0] = 1;
  }

  /** The next 32-bit unsigned integer. */
  nextUint32(): number {
    const s = this.s;
    let s0 = s[0]!, s1 = s[1]!, s2 = s[2]!, s3 = s[3]!;
    const result = Math.imul(rotl(Math.imul(s1, 5) >>> 0, 7), 9) >>> 0;
    const t = (s1 << 9) >>> 0;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = rotl(s3 >>> 0, 11);
    s[0] = s0;
    s[1] = s1;
    s[2] = s2;
    s[3] = s3;
    return result;
  }

  /** A uniform integer in [0, n), without modulo bias (rejection sampling). */
  below(n: number): number {
    if (!(n >= 1 && n <= 0x100000000) || !Number.isInteger(n)) throw new RangeError(`below(n) needs an integer 1 ≤ n ≤ 2^32, got ${n}`);
    const limit = Math.floor(0x100000000 / n) * n;
    for (;;) {
      const x = this.nextUint32();
      if (x < limit) return x % n;
    }
  }

  /** A uniform float in [0, 1) with 32 bits of resolution. */
  uniform(): number {
    return this.nextUint32() / 0x100000000;
  }
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}
