/**
 * `npm run bench:stats`: Table 13 with 95% cluster-bootstrap intervals for a synthetic judged run
 * of 23,440 responses (4 models × 20 conditions × 293 requests), timed in the same run as numpy
 * doing the same cluster bootstrap on the same per-request sums (perf/cluster_bootstrap.py:
 * multinomial resample counts, one matrix product, nanpercentile), and the whole
 * `felicity report` command (database read, tables, figures, report.html) on that run.
 *
 *   (a) felicity: resample counts + every ratio column on each replicate + percentile intervals
 *   (b) numpy:    the same on the same sums (skipped with a message without python3 + numpy)
 *   (c) Table 13 end to end: sums from the labels, bootstrap, table, Markdown
 *   (d) `felicity report synthetic --db … --out …` as a child process, wall clock; target < 10 s
 *
 * Each of (a)–(c) is warmed up and run REPEATS times; the median is reported.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildModel } from '../src/report/report-model.ts';
import { CELL_METRICS, cellsOf, pooledUnions } from '../src/report/report-stats.ts';
import { toMarkdown } from '../src/report/table.ts';
import { table13 } from '../src/report/tables.ts';
import { syntheticRun } from '../src/report/testing/synthetic-run.ts';
import { DEFAULT_SEED } from '../src/stats/cluster-bootstrap.ts';
import { estimateGroups, groupSums, summarise } from '../src/stats/estimates.ts';
import { Store } from '../src/store/index.ts';

const REPS = 1000;
const REPEATS = 5;
const REPO = fileURLToPath(new URL('../', import.meta.url));

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Median wall-clock and CPU seconds of REPEATS runs after one warm-up. */
function timed(fn: () => void): { wall: number; cpu: number } {
  fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    fn();
    const used = process.cpuUsage(c);
    wall.push((performance.now() - t) / 1000);
    cpu.push((used.user + used.system) / 1e6);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

const show = (t: { wall: number; cpu: number }) => `${t.wall.toFixed(3)} s wall, ${t.cpu.toFixed(3)} s CPU`;

const responses = syntheticRun({ models: 4, requests: 293, seed: 7 });
const model = buildModel(responses, { reps: REPS, seed: DEFAULT_SEED });
console.log(`synthetic run: ${responses.length} responses, ${model.models.length} models, ${model.clusters} requests, ${REPS} replicates`);

// (a) felicity's bootstrap on the Table 13 sums.
const { sums, columns } = groupSums(model.items, model.clusters, cellsOf, CELL_METRICS, pooledUnions(model));
const ours = timed(() => summarise(sums, columns, model.options));
console.log(`(a) felicity bootstrap: ${show(ours)} for ${columns.length} ratio columns`);

// (b) numpy on the same sums.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-bench-stats-'));
const sumsFile = path.join(dir, 'sums.f64');
fs.writeFileSync(sumsFile, Buffer.from(sums.values.buffer, sums.values.byteOffset, sums.values.byteLength));
const probe = spawnSync('python3', ['-c', 'import numpy'], { encoding: 'utf8' });
if (probe.status !== 0) {
  console.log('(b) numpy: skipped (python3 with numpy is not installed)');
} else {
  const script = path.join(REPO, 'bench', 'cluster_bootstrap.py');
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i <= REPEATS; i++) {
    const run = spawnSync('python3', [script, sumsFile, String(model.clusters), String(columns.length), String(REPS), String(DEFAULT_SEED)], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`numpy bootstrap failed: ${run.stderr}`);
    const result = JSON.parse(run.stdout) as { seconds: number; cpu: number };
    if (i > 0) wall.push(result.seconds), cpu.push(result.cpu);
  }
  const numpy = { wall: median(wall), cpu: median(cpu) };
  console.log(`(b) numpy bootstrap:    ${show(numpy)}`);
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}× (${a < b ? 'felicity faster' : 'numpy faster'})`;
  console.log(`    felicity/numpy time: wall ${ratio(ours.wall, numpy.wall)}, CPU ${ratio(ours.cpu, numpy.cpu)}`);
}

// (c) Table 13 from the labels.
let markdown = '';
const t13 = timed(() => {
  const cells = estimateGroups(model.items, model.clusters, cellsOf, CELL_METRICS, model.options, pooledUnions(model));
  markdown = toMarkdown(table13(model, { cells, outcomes: new Map(), slices: new Map(), differences: new Map() }));
});
console.log(`(c) Table 13 with intervals: ${show(t13)}`);
console.log(markdown.split('\n').slice(0, 9).join('\n'));

// (d) the whole command on the run stored in a database.
const db = path.join(dir, 'synthetic.db');
const store = await Store.open(db);
const run = await store.runs.create({ name: 'synthetic', config: '{}', request_set_hash: 'synthetic', code_version: 'bench' });
for (const r of responses) {
  const row = { response_id: r.id, request_id: r.request, model: r.model, setup: r.setup, variant: r.variant, persona: r.persona, fix: r.fix, sample: r.sample, category: r.category, messages: r.messages, usage: null, latency_ms: null, error: null };
  await store.saveResponse(run.id, row, { response_id: r.id, engine: 'rules@bench', prompt_hashes: {}, label: r.label! });
}
await store.close();
const command = [process.execPath, path.join(REPO, 'bin', 'felicity.js'), 'report', 'synthetic', '--db', db, '--out', path.join(dir, 'report'), '--engine', 'rules'];
// GNU time, where installed, adds the command's CPU seconds: on a shared machine wall clock alone says little.
const gnuTime = fs.existsSync('/usr/bin/time');
const started = performance.now();
const whole = gnuTime
  ? spawnSync('/usr/bin/time', ['-f', 'cpu %U %S', ...command], { cwd: REPO, encoding: 'utf8' })
  : spawnSync(command[0]!, command.slice(1), { cwd: REPO, encoding: 'utf8' });
const seconds = (performance.now() - started) / 1000;
if (whole.status !== 0) throw new Error(`felicity report failed: ${whole.stderr}`);
const cpuLine = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(whole.stderr);
const cpu = cpuLine === null ? '' : `, ${(Number(cpuLine[1]) + Number(cpuLine[2])).toFixed(1)} s CPU`;
console.log(`(d) felicity report (tables, 7 figures as SVG+PNG, report.html): ${seconds.toFixed(1)} s wall clock${cpu}; target < 10 s: ${seconds < 10 ? 'met' : 'NOT met'}`);
console.log(`    load average while measuring: ${os.loadavg().map((l) => l.toFixed(1)).join(', ')} on ${os.cpus().length} cores`);
fs.rmSync(dir, { recursive: true, force: true });
