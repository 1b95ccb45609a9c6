/**
 * Numbers in [0, 1) from a seed, for tests over random inputs: the same sequence on every run, so
 * a failing input can be replayed. Not for the product (it picks nothing that a label depends on).
 */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}
