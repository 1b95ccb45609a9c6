/**
 * Generated request files for tests and the run benchmark: valid request records (they pass
 * `loadRequests` without problems) in the paper's category proportions, each request distinct
 * enough not to count as a near-duplicate of another.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Category } from '../../src/core/types.ts';

/** Table 3's counts, in order: 93 reminders, then 50 of each other category. */
const PAPER_COUNTS: readonly [Category, number][] = [
  ['reminder', 93],
  ['monitoring', 50],
  ['callback', 50],
  ['deferred_delivery', 50],
  ['memory', 50],
];

// Two numbers per request keep every pair of requests at least two words apart (Jaccard < 0.8).
const TEXTS: Record<Category, (a: number, b: number) => string> = {
  reminder: (a, b) => `Remind me to file form ${a} for case ${b} tomorrow morning.`,
  monitoring: (a, b) => `Tell me when build ${a} of branch ${b} finishes.`,
  callback: (a, b) => `Have someone contact me about charge ${a} on invoice ${b}.`,
  deferred_delivery: (a, b) => `Send me a summary of thread ${a} in folder ${b} tomorrow morning.`,
  memory: (a, b) => `Remember that locker ${a} holds box ${b} for next time.`,
};

export function categoryOf(index: number): Category {
  let rest = index % 293;
  for (const [category, n] of PAPER_COUNTS) {
    if (rest < n) return category;
    rest -= n;
  }
  throw new Error('unreachable');
}

export function benchRequests(n: number): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => {
    const category = categoryOf(i);
    return {
      id: `rq-${String(i + 1).padStart(4, '0')}`,
      category,
      source: 'hand',
      context: `I am sorting through paperwork pile ${i + 1} this afternoon.`,
      request: TEXTS[category](1000 + i, 5000 + i),
      provenance: { hand_written: true, note: 'generated for tests' },
    };
  });
}

/** Writes `n` requests as JSONL into `dir`; returns the file path. */
export function writeBenchRequests(dir: string, n: number): string {
  const file = path.join(dir, `requests-${n}.jsonl`);
  fs.writeFileSync(file, benchRequests(n).map((r) => `${JSON.stringify(r)}\n`).join(''));
  return file;
}
