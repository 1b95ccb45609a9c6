/**
 * Which rows of the rules would no test miss? Removes each row (a word-list entry, a decision-table
 * row, a frame, a claim, report or act row: scripts/rules-guarded/config.ts) one at a time, runs
 * the checker's labelling tests against the rules without it, in-process in a worker that loads a
 * fresh copy of the rules per removal and stops at the first failing test, and lists every removal
 * no test noticed, with its run time. Exit status 1 when any row is unguarded.
 *
 * A row that is a plain phrase is run only against the tests whose inputs (their own source, the
 * files they read, the turn builders, setups and row examples) hold that phrase: removing a word
 * from a list changes nothing for text that lacks it. A phrase in no test input is listed without
 * a run.
 *
 *   npm run check:rules-guarded                      # every row
 *   npm run check:rules-guarded -- --changed origin/main   # rows in rule files changed since the merge base
 *   npm run check:rules-guarded -- --changed origin/main --changed-lines   # only the rows whose own lines changed (CI)
 *   npm run check:rules-guarded -- --sample 40 [--seed 7]  # a seeded sample
 *   npm run check:rules-guarded -- --jobs 2 --file src/check/rules/claim-lexicon.ts
 *   npm run check:rules-guarded -- --tables-only          # decision-table, frame, claim, report and act rows, no word lists
 *   npm run check:rules-guarded -- --row 'DECISION_TABLE[8]' --row NOT_A_CLAIM   # one row, or every row of a table
 *
 * A worker is restarted after --per-worker removals (default 25: each loads its own copy of the
 * rules); a removal with no answer in --timeout seconds (default 180) counts as noticed.
 */
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { seededRandom } from '../src/check/testing/seeded-random.ts';
import { BOOKKEEPING_TESTS, ROW_SOURCES, SHARED_INPUTS, TESTS } from './rules-guarded/config.ts';
import { rowsOf, type Row } from './rules-guarded/rows.ts';

const repo = resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    changed: { type: 'string' },
    'changed-lines': { type: 'boolean', default: false },
    sample: { type: 'string' },
    seed: { type: 'string', default: '1' },
    jobs: { type: 'string', default: '1' },
    file: { type: 'string', multiple: true },
    'tables-only': { type: 'boolean', default: false },
    row: { type: 'string', multiple: true },
    'per-worker': { type: 'string', default: '25' },
    timeout: { type: 'string', default: '180' },
  },
});
const started = performance.now();

// The rows.
/** The `.ts` files under a folder of the repository, as paths from its root, not tests. */
const sourcesUnder = (dir: string): string[] =>
  readdirSync(join(repo, dir), { recursive: true, encoding: 'utf8' }).map((f) => join(dir, f)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).sort();
const ruleFiles = sourcesUnder('src/check/rules');
const wordLists = new Set(ruleFiles.filter((f) => ROW_SOURCES.some((s) => s.wordList && s.file.test(f))));
let files = ruleFiles.filter((f) => ROW_SOURCES.some((s) => s.file.test(f)) && !(args['tables-only'] && wordLists.has(f)));
if (args.file) files = files.filter((f) => args.file!.some((wanted) => relative(repo, resolve(wanted)) === f));
if (args.changed) {
  const base = execFileSync('git', ['-C', repo, 'merge-base', args.changed, 'HEAD'], { encoding: 'utf8' }).trim();
  const changed = new Set(execFileSync('git', ['-C', repo, 'diff', '--name-only', base], { encoding: 'utf8' }).split('\n'));
  files = files.filter((f) => changed.has(f));
  console.log(`rule files changed since ${args.changed} (${base.slice(0, 7)}): ${files.length ? files.join(', ') : 'none'}`);
}
let rows: Row[] = files.flatMap((f) => {
  const tables = ROW_SOURCES.find((s) => s.file.test(f))!.tables;
  return rowsOf(repo, join(repo, f)).filter((r) => !tables || tables.includes(r.table));
});
if (args.changed && args['changed-lines']) {
  const touched = changedLines(args.changed);
  rows = rows.filter((r) => (touched.get(r.file) ?? []).some(([from, to]) => from <= r.endLine && r.line <= to));
  console.log(`rows whose lines changed: ${rows.length}`);
}
if (args.row) rows = rows.filter((r) => args.row!.includes(`${r.table}[${r.index}]`) || args.row!.includes(r.table));
const found = rows.length;
if (args.sample) {
  const random = seededRandom(Number(args.seed));
  rows = rows.map((row) => ({ row, key: random() })).sort((a, b) => a.key - b.key).slice(0, Number(args.sample)).map((x) => x.row);
  rows.sort((a, b) => a.file.localeCompare(b.file) || a.start - b.start);
}
console.log(`${found} rows in ${files.length} files${args.sample ? `; a sample of ${rows.length} (seed ${args.seed})` : ''}`);
if (rows.length === 0) {
  console.log('rows removed: 0');
  process.exit(0);
}

/** Per file, the line ranges (of the file as it is now) that differ from the merge base with `ref`. */
function changedLines(ref: string): Map<string, [number, number][]> {
  const base = execFileSync('git', ['-C', repo, 'merge-base', ref, 'HEAD'], { encoding: 'utf8' }).trim();
  const diff = execFileSync('git', ['-C', repo, 'diff', '-U0', base, '--', 'src/check/rules'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const ranges = new Map<string, [number, number][]>();
  let file = '';
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++ ')) file = line.slice(6);
    const hunk = /^@@ -\S+ \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (!hunk) continue;
    const from = Number(hunk[1]);
    const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
    // A pure deletion (count 0) touches the rows on either side of where the lines were.
    ranges.set(file, [...(ranges.get(file) ?? []), count === 0 ? [from, from + 1] : [from, from + count - 1]]);
  }
  return ranges;
}

// Which tests a phrase can reach.
const fold = (text: string) =>
  text.toLowerCase().replace(/\\u([0-9a-f]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))).replace(/\\[ntr]/g, ' ')
    .replace(/[\u2018\u2019\u00b4\u2032`]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/\s+/g, ' ');
const textOf = (path: string): string => {
  const full = resolve(repo, path);
  if (!existsSync(full)) return '';
  if (statSync(full).isDirectory()) return readdirSync(full, { recursive: true, encoding: 'utf8' }).map((f) => join(full, f)).filter((f) => statSync(f).isFile()).map((f) => readFileSync(f, 'utf8')).join('\n');
  return readFileSync(full, 'utf8');
};
const shared = fold(SHARED_INPUTS.flatMap(sourcesUnder).filter((f) => !wordLists.has(f)).map(textOf).join('\n'));
const corpora = TESTS.map((t) => fold([t.file, ...(t.reads ?? [])].map(textOf).join('\n')));
const testsFor = (row: Row): string[] => {
  if (row.words === undefined) return TESTS.map((t) => t.file);
  const words = fold(row.words).trim();
  if (shared.includes(words)) return TESTS.map((t) => t.file);
  return TESTS.filter((_, i) => corpora[i]!.includes(words)).map((t) => t.file);
};

// Workers.
interface Outcome { row: Row; failure: { test: string; message: string } | null; ms: number; tests: number }
const ignore = BOOKKEEPING_TESTS.map((r) => r.source);
const perWorker = Number(args['per-worker']);
const timeoutMs = Number(args.timeout) * 1000;
let generation = 0;

class Worker {
  private child!: ChildProcessWithoutNullStreams;
  private lines!: AsyncIterator<string>;
  private done = 0;

  async run(cut: string | undefined, testFiles: string[]): Promise<{ test: string; message: string } | null> {
    if (!this.child || this.done >= perWorker) await this.start();
    this.done++;
    const gen = ++generation;
    this.child.stdin.write(`${JSON.stringify({ gen, cut, files: testFiles, ignore })}\n`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
    const answer = await Promise.race([this.lines.next(), timeout]);
    clearTimeout(timer);
    if (answer === null || answer.done) {
      this.stop();
      return { test: '(worker)', message: answer === null ? `no answer in ${args.timeout} s` : 'the worker exited' };
    }
    return (JSON.parse(answer.value) as { failure: { test: string; message: string } | null }).failure;
  }

  private async start(): Promise<void> {
    this.stop();
    this.child = spawn(process.execPath, ['--import', './scripts/rules-guarded/register.mjs', '--import', 'tsx', 'scripts/rules-guarded/worker.ts'], { cwd: repo, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr.resume();
    this.lines = createInterface({ input: this.child.stdout })[Symbol.asyncIterator]();
    this.done = 0;
  }

  stop(): void {
    if (this.child && this.child.exitCode === null) this.child.kill();
  }
}

const workers = Array.from({ length: Math.max(1, Number(args.jobs)) }, () => new Worker());
const baseline = await workers[0]!.run(undefined, TESTS.map((t) => t.file));
if (baseline) {
  console.error(`the tests fail with every row in place, so no removal can be judged: ${baseline.test}: ${baseline.message}`);
  for (const w of workers) w.stop();
  process.exit(2);
}

const outcomes: Outcome[] = [];
const queue = [...rows];
await Promise.all(workers.map(async (worker) => {
  for (let row = queue.shift(); row; row = queue.shift()) {
    const testFiles = testsFor(row);
    const t0 = performance.now();
    const failure = testFiles.length === 0 ? null : await worker.run(`${row.file}:${row.start}:${row.end}`, testFiles);
    outcomes.push({ row, failure, ms: performance.now() - t0, tests: testFiles.length });
    if (process.stderr.isTTY) process.stderr.write(`\r${outcomes.length}/${rows.length} rows`);
    else if (outcomes.length % 25 === 0) console.error(`${outcomes.length}/${rows.length} rows, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  worker.stop();
}));
if (process.stderr.isTTY) process.stderr.write('\n');

const unnoticed = outcomes.filter((o) => o.failure === null).sort((a, b) => a.row.file.localeCompare(b.row.file) || a.row.start - b.row.start);
const unread = unnoticed.filter((o) => o.tests === 0).length;
for (const o of unnoticed) {
  const how = o.tests === 0 ? 'no test input holds its words' : `${o.tests} test files ran, ${(o.ms / 1000).toFixed(1)} s`;
  console.log(`not noticed: ${o.row.file}:${o.row.line} ${o.row.table}[${o.row.index}] ${o.row.text}  (${how})`);
}
const seconds = ((performance.now() - started) / 1000).toFixed(0);
console.log(`rows removed: ${outcomes.length} · noticed by a test: ${outcomes.length - unnoticed.length} · not noticed: ${unnoticed.length} (${unread} in no test's input) · run time ${seconds} s`);
process.exit(unnoticed.length > 0 ? 1 : 0);
