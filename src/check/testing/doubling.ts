/**
 * How the cost of some work grows when its input doubles: about 2 for linear work, about 4 for
 * quadratic. For tests that guard against quadratic blow-ups on untrusted sizes, the one kind of
 * test here that reads a clock. To hold on a loaded machine:
 * - it reads CPU time, which other processes do not add to, in one process;
 * - each round times n and then 2n, close together, so a load that slows the core for a while
 *   (a neighbour on the same core) slows both; the ratio is the median of the rounds';
 * - each timed block follows an untimed run of the same size, so the garbage it collects is of
 *   its own size, not left over from the other;
 * - a block repeats the work often enough to take tens of milliseconds, beside which the timer's
 *   resolution is nothing.
 */

export interface Doubling {
  /** The median of the rounds' ratios of the time at 2n to the time at n. */
  ratio: number;
  /** Least CPU time of one run at n and at 2n, in milliseconds. */
  atN: number;
  at2N: number;
  /** Runs per timed block. */
  repeats: number;
}

/** CPU milliseconds a block should take at n. */
const BLOCK_MS = 40;
const ROUNDS = 5;

/**
 * @param prepare builds the input of size n (not timed) and returns the work to time on it.
 */
export function doubling(prepare: (n: number) => () => unknown, n: number): Doubling {
  const small = prepare(n);
  const large = prepare(2 * n);
  // A run of each warms the code up; a second run at n says how many runs make a block.
  cpuMs(small, 1);
  cpuMs(large, 1);
  const repeats = Math.max(1, Math.ceil(BLOCK_MS / Math.max(cpuMs(small, 1), 0.01)));
  const ratios: number[] = [];
  let atN = Infinity;
  let at2N = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    small();
    const timeN = cpuMs(small, repeats) / repeats;
    large();
    const time2N = cpuMs(large, repeats) / repeats;
    ratios.push(time2N / timeN);
    atN = Math.min(atN, timeN);
    at2N = Math.min(at2N, time2N);
  }
  ratios.sort((a, b) => a - b);
  return { ratio: ratios[ROUNDS >> 1]!, atN, at2N, repeats };
}

function cpuMs(work: () => unknown, repeats: number): number {
  const start = process.cpuUsage();
  for (let i = 0; i < repeats; i++) work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}
