/** Commander's parsers for whole-number options: `--reps 1000`, `--jobs 2` (or `--jobs auto`). */
import { InvalidArgumentError } from '@commander-js/extra-typings';
import type { JobsChoice } from '../check/worker-threshold.ts';

export function integerAtLeast(min: number): (text: string) => number {
  return (text: string): number => {
    const n = Number(text);
    if (text.trim() === '' || !Number.isInteger(n) || n < min) throw new InvalidArgumentError(`expected an integer ≥ ${min}, got "${text}"`);
    return n;
  };
}

/** Commander's parser for `--jobs`: `auto` or a whole number ≥ 1. */
export function parseJobs(text: string): JobsChoice {
  if (text.trim().toLowerCase() === 'auto') return 'auto';
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`expected auto or an integer ≥ 1, got "${text}"`);
  return n;
}
