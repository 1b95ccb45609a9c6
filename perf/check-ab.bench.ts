/**
 * `npm run bench:check-ab`: this checkout's `check()` against another checkout's, in one process,
 * on the same records. On a shared or busy machine two separate `bench:check` runs differ by more
 * than most changes do (±20% here); alternating the two engines every CHUNK records, in both orders,
 * and summing each one's CPU time cancels that drift, so a 5% change shows as 5%.
 *
 *   FELICITY_BASE   the other checkout (required), e.g. a worktree of main:
 *                   git worktree add /tmp/base main && ln -s "$PWD/node_modules" /tmp/base/node_modules
 *   BENCH_TURNS     records (default 4,000; the bench:check corpus, seed 20261001)
 *   BENCH_ROUNDS    passes over the records (default 6); each pass's ratio is printed too
 *
 * Labels must not move with a speed change: the run stops if the two checkouts label any record
 * differently (set BENCH_ALLOW_DIFF=1 to measure a change that moves labels on purpose).
 */
import { isDeepStrictEqual } from 'node:util';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { turnCorpus } from './turn-corpus.ts';

const base = process.env['FELICITY_BASE'];
if (!base) {
  console.error('bench:check-ab: set FELICITY_BASE to the checkout to compare with (see the comment at the top of perf/check-ab.bench.ts)');
  process.exit(2);
}
const TURNS = Number(process.env['BENCH_TURNS'] ?? 4_000);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 6);
const CHUNK = 250;
const SEED = 20261001;

type Check = (record: unknown) => unknown;
const load = async (root: string): Promise<Check> => (await import(pathToFileURL(path.join(root, 'src/check/index.ts')).href)).check as Check;
const baseCheck = await load(path.resolve(base));
const ownCheck = await load(fileURLToPath(new URL('..', import.meta.url)));

const next = turnCorpus(SEED);
// Parsed from JSON, as a JSONL reader hands them over; each engine gets its own copy.
const lines = Array.from({ length: TURNS }, (_, i) => JSON.stringify(next(i)));
const baseRecords = lines.map((line) => JSON.parse(line) as unknown);
const ownRecords = lines.map((line) => JSON.parse(line) as unknown);

let differ = 0;
for (let i = 0; i < TURNS; i++) if (!isDeepStrictEqual(baseCheck(baseRecords[i]), ownCheck(ownRecords[i]))) differ++;
if (differ > 0) {
  console.log(`${differ} of ${TURNS} records are labelled differently by the two checkouts`);
  if (process.env['BENCH_ALLOW_DIFF'] !== '1') process.exit(1);
}

const cpu = () => {
  const used = process.cpuUsage();
  return used.user + used.system;
};
function time(check: Check, records: unknown[], from: number): number {
  const start = cpu();
  for (let i = from; i < Math.min(from + CHUNK, records.length); i++) check(records[i]);
  return cpu() - start;
}

// Warm both up, then alternate chunk by chunk, flipping which engine goes first.
for (let warm = 0; warm < 2; warm++) {
  for (let i = 0; i < TURNS; i += CHUNK) {
    time(baseCheck, baseRecords, i);
    time(ownCheck, ownRecords, i);
  }
}
let baseTotal = 0;
let ownTotal = 0;
const ratios: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  let b = 0;
  let o = 0;
  for (let i = 0, k = 0; i < TURNS; i += CHUNK, k++) {
    if ((k + round) % 2 === 0) {
      b += time(baseCheck, baseRecords, i);
      o += time(ownCheck, ownRecords, i);
    } else {
      o += time(ownCheck, ownRecords, i);
      b += time(baseCheck, baseRecords, i);
    }
  }
  baseTotal += b;
  ownTotal += o;
  ratios.push(b / o);
}
const rate = (micros: number) => Math.round((TURNS * ROUNDS) / (micros / 1e6)).toLocaleString('en-US');
console.log(`felicity bench:check-ab — ${TURNS.toLocaleString('en-US')} turns × ${ROUNDS} rounds, node ${process.version}; labels ${differ === 0 ? 'identical' : `differ on ${differ}`}`);
console.log(`base (${base})  ${rate(baseTotal).padStart(8)} turns/s of CPU`);
console.log(`this checkout   ${rate(ownTotal).padStart(8)} turns/s of CPU`);
console.log(`this/base = ${(baseTotal / ownTotal).toFixed(3)}   (rounds: ${ratios.map((r) => r.toFixed(2)).join(' ')})`);
