/**
 * `npm run bench:startup`: how long the compiled `felicity` (bin/felicity.js → dist/) takes to
 * start on a small input, next to the baseline measured in the same run: `node -e ''` (a bare
 * Node process). Each command is spawned BENCH_RUNS times (default 15), in rounds that take every
 * command once, so a busy minute on the machine touches them all alike; prints the median wall
 * milliseconds of each and its ratio to `node -e ''`.
 *
 *   FELICITY_BASE  another checkout (e.g. /tmp/base): its bin/felicity.js runs the same commands,
 *                  alternating with this one, and the ratio base/this is printed per command.
 *   BENCH_RUNS     spawns of each command (default 15).
 *
 * `felicity check` takes over its process with a Node started with V8's --no-regexp-tier-up
 * (bin/felicity.js), and bin enables Node's compile cache: the row "check, no compile cache" runs
 * with NODE_DISABLE_COMPILE_CACHE=1, so the cache's effect shows next to the usual run (whose
 * cache the earlier rounds filled, as a user's second run finds it).
 *
 * Then the library alone (in this checkout, and in FELICITY_BASE when given), in the same rounds: a process that imports dist/check/index.js and calls
 * check() on the example turns, timing the import, the first check() call, and the other 17 calls
 * (cold code: each pattern compiled at its first use), as a library user's process has it and
 * started with V8's --no-regexp-tier-up (each pattern compiled once, to machine code). The flag is
 * given when the process starts: set at run time with v8.setFlagsFromString, it crashed
 * `prevalence` now and then (SIGSEGV, 3 runs in 10).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 15);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASE = process.env['FELICITY_BASE'] ? path.resolve(process.env['FELICITY_BASE']) : undefined;

interface Case {
  name: string;
  /** Node's arguments, for a checkout at `root`. */
  args: (root: string) => string[];
  /** Run in every checkout (the felicity commands), or once (the baselines). */
  perCheckout: boolean;
  /** Added to the environment. */
  env?: Record<string, string>;
}

const CASES: Case[] = [
  { name: "node -e ''", args: () => ['-e', ''], perCheckout: false },
  { name: 'check examples/turns.jsonl', args: (root) => [bin(root), 'check', path.join(root, 'examples', 'turns.jsonl')], perCheckout: true },
  { name: 'check, no compile cache', args: (root) => [bin(root), 'check', path.join(root, 'examples', 'turns.jsonl')], perCheckout: true, env: { NODE_DISABLE_COMPILE_CACHE: '1' } },
  { name: '--version', args: (root) => [bin(root), '--version'], perCheckout: true },
  { name: '--help', args: (root) => [bin(root), '--help'], perCheckout: true },
  { name: 'check --help', args: (root) => [bin(root), 'check', '--help'], perCheckout: true },
];

function bin(root: string): string {
  return path.join(root, 'bin', 'felicity.js');
}

/** Wall milliseconds of one spawn; a failed start (not felicity's own exit code) stops the bench. */
function timeOnce(args: string[], cwd: string, env?: Record<string, string>): number {
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { cwd, stdio: 'ignore', env: { ...process.env, ...env } });
  const ms = performance.now() - start;
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status ?? result.signal}`);
  return ms;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

interface Row {
  name: string;
  here: number[];
  base: number[];
}

/** The library's start: import, first check() call, the rest of the example turns, in ms (one line of JSON). */
const LIBRARY = `
const root = process.argv.at(-1);
const records = (await import('node:fs')).readFileSync(root + '/examples/turns.jsonl', 'utf8').split('\\n').filter(Boolean).map((line) => JSON.parse(line));
const t0 = performance.now();
const { check } = await import(root + '/dist/check/index.js');
const t1 = performance.now();
check(records[0]);
const t2 = performance.now();
for (const record of records.slice(1)) check(record);
const t3 = performance.now();
console.log(JSON.stringify({ import: t1 - t0, first: t2 - t1, rest: t3 - t2 }));
`;

interface LibraryTimes {
  import: number;
  first: number;
  rest: number;
}

function libraryOnce(root: string, flag: string): LibraryTimes {
  const result = spawnSync(process.execPath, [...(flag === '-' ? [] : [flag]), '--input-type=module', '-e', LIBRARY, root], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the library timing exited ${result.status ?? result.signal}: ${result.stderr}`);
  return JSON.parse(result.stdout.trim()) as LibraryTimes;
}

/** V8's flag for compiling each pattern once, given when the process starts. */
const START_FLAG = '--no-regexp-tier-up';
const LIBRARY_CASES = [{ name: 'library, as imported', flag: '-' }, { name: `library, started with ${START_FLAG}`, flag: START_FLAG }];
const library: LibraryTimes[][] = LIBRARY_CASES.map(() => []);
const libraryBase: LibraryTimes[][] = LIBRARY_CASES.map(() => []);

const rows: Row[] = CASES.map((c) => ({ name: c.name, here: [], base: [] }));
for (let round = 0; round < RUNS; round++) {
  CASES.forEach((c, i) => {
    const row = rows[i]!;
    // The order within a pair alternates by round, so neither checkout always goes first.
    const pair: ['here' | 'base', string][] = BASE === undefined || !c.perCheckout ? [['here', ROOT]] : round % 2 === 0 ? [['here', ROOT], ['base', BASE]] : [['base', BASE], ['here', ROOT]];
    for (const [which, root] of pair) row[which].push(timeOnce(c.args(root), root, c.env));
  });
  LIBRARY_CASES.forEach((c, i) => {
    library[i]!.push(libraryOnce(ROOT, c.flag));
    if (BASE !== undefined) libraryBase[i]!.push(libraryOnce(BASE, c.flag));
  });
}

const node = median(rows[0]!.here);
console.log(`felicity start-up: median wall ms of ${RUNS} spawns each${BASE ? `; base = ${BASE}` : ''}`);
const header = ['command', 'this ms', 'x node'];
if (BASE) header.push('base ms', 'x node', 'base/this');
const table = [header];
for (const row of rows) {
  const here = median(row.here);
  const line = [row.name, here.toFixed(0), (here / node).toFixed(2)];
  if (BASE && row.base.length > 0) {
    const base = median(row.base);
    line.push(base.toFixed(0), (base / node).toFixed(2), (base / here).toFixed(2));
  }
  table.push(line);
}
const widths = header.map((_, i) => Math.max(...table.map((line) => (line[i] ?? '').length)));
for (const line of table) console.log(line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));

console.log('');
console.log(`the library: median ms of ${RUNS} processes (import of dist/check/index.js, the first check() call, the other example turns)`);
const checkouts: [string, LibraryTimes[][]][] = [['this', library], ...(BASE === undefined ? [] : [['base', libraryBase] as [string, LibraryTimes[][]]])];
for (const [which, runs] of checkouts) {
  for (const [i, c] of LIBRARY_CASES.entries()) {
    const times = runs[i]!;
    const part = (key: keyof LibraryTimes) => median(times.map((t) => t[key])).toFixed(0);
    console.log(`${which} ${c.name.padEnd(34)} import ${part('import').padStart(4)}  first check() ${part('first').padStart(4)}  the rest ${part('rest').padStart(4)}`);
  }
}
