/**
 * When worker threads pay for the offline rules. Each worker pays a start (loading and warming the
 * checker) before its first label, and the blocks it is handed cost messages; below some size of
 * input one thread is done before workers would have caught up. `--jobs auto` (the default of
 * `check` and `judge`, and of `checkMany`) starts them only past that size: from a file's size when
 * it has one, from the bytes read so far on a stream, from the count of turns in memory.
 *
 * The size is where `--jobs 2` on two idle cores first beats `--jobs 1` in wall time (measured
 * slower by 0.6 s at 10.8 MB and faster by 0.5 s at 43 MB: even near 29 MB), rounded up: below the
 * crossover workers cost time, just above it they save little. `npm run bench:check-process` with
 * BENCH_MB=10,20,40,100 measures it again. In turns: the same bytes at the bench corpus's 980 bytes a turn.
 */
import { availableParallelism } from 'node:os';

/** A number of threads, or `auto`: the available cores where they pay, else one. */
export type JobsChoice = number | 'auto';

export const WORKERS_PAY_FROM_BYTES = 32 * 1_000_000;
export const WORKERS_PAY_FROM_TURNS = 32_000;

export interface JobsPlan {
  /** Threads to label with (1: this thread only). */
  jobs: number;
  /** Bytes to label in this thread before starting workers (0: start them at the second block). */
  startAfterBytes: number;
}

/**
 * The plan for an input of `size` bytes, or of unknown size (a pipe): a stream of unknown size is
 * labelled here until WORKERS_PAY_FROM_BYTES have been read, then by the workers.
 */
export function jobsForBytes(choice: JobsChoice, size: number | undefined, cores = availableParallelism()): JobsPlan {
  if (choice !== 'auto') return { jobs: choice, startAfterBytes: 0 };
  if (cores <= 1) return { jobs: 1, startAfterBytes: 0 };
  if (size === undefined) return { jobs: cores, startAfterBytes: WORKERS_PAY_FROM_BYTES };
  return size >= WORKERS_PAY_FROM_BYTES ? { jobs: cores, startAfterBytes: 0 } : { jobs: 1, startAfterBytes: 0 };
}

/** The threads for `turns` records already in memory. */
export function jobsForTurns(choice: JobsChoice, turns: number, cores = availableParallelism()): number {
  if (choice !== 'auto') return choice;
  return cores > 1 && turns >= WORKERS_PAY_FROM_TURNS ? cores : 1;
}
