/**
 * `npm run bench:check-process`: the whole `felicity check FILE --out OUT` process on a JSONL file
 * of turn records, next to a baseline measured in the same run: a plain node script that streams
 * the same file line by line, JSON.parses each line and writes one JSON.stringify'd object per
 * line to a file. Prints wall and CPU seconds, MB/s, turns/s, peak RSS and the ratio check/baseline.
 *
 * "Memory flat" is shown, not asserted: the parent reads the child's resident set (VmRSS) and its
 * read position in the input (/proc/PID/fdinfo) every 200 ms, and prints RSS when 10%, 50%, 90%
 * and 100% of the file has been read.
 *
 *   BENCH_MB        file size in MB (default 100; 1024 for the 1 GB run), or several sizes,
 *                   comma-separated ("2,10,40,100"): each is measured in turn and one table of
 *                   every size ends the run. Generated once in the temp folder from
 *                   perf/turn-corpus.ts and reused while it exists.
 *   BENCH_REPEATS   runs of each command (default 1), in rounds that take every command once (so
 *                   a busy minute touches them all alike); the fastest is reported.
 *   BENCH_JOBS      the --jobs values to run, comma-separated (default "1,N,auto" for N available
 *                   cores; "auto" runs check with no --jobs, its default): each writes its own
 *                   output, the outputs are compared byte for byte, and each is timed against the
 *                   first.
 *   FELICITY_ROOT   the checkout whose bin/felicity.js is measured (default: this one), so an older
 *                   commit can be measured from a worktree with the same file and baseline.
 *   BENCH_ALONE     1 (default) also times check() alone on the same records, in a child process
 *                   of the same checkout: the time inside check() summed over the turns, so the
 *                   process's time outside check() (reading, parsing, writing, start-up) is shown.
 *                   0 skips it.
 */
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { turnCorpus } from './turn-corpus.ts';

const SIZES = (process.env['BENCH_MB'] ?? '100').split(',').map(Number);
let MB = SIZES[0]!;
const REPEATS = Number(process.env['BENCH_REPEATS'] ?? 1);
const SEED = 20261001;
const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(process.env['FELICITY_ROOT'] ?? path.join(here, '..'));
const SAMPLE_MS = 200;
const FRACTIONS = [0.1, 0.5, 0.9, 1] as const;
const TIME = '/usr/bin/time';
const ALONE = process.env['BENCH_ALONE'] !== '0' && SIZES.length === 1;
const JOBS = (process.env['BENCH_JOBS'] ?? `1,${os.availableParallelism()},auto`).split(',');
/** check's arguments for a BENCH_JOBS value: "auto" is the default, no --jobs at all. */
const jobsArgs = (jobs: string) => (jobs === 'auto' ? [] : ['--jobs', jobs]);
const jobsName = (jobs: string) => (jobs === 'auto' ? 'default' : `--jobs ${jobs}`);

interface Corpus {
  file: string;
  bytes: number;
  turns: number;
}

/** The corpus file for BENCH_MB, written once (with a small sidecar giving its turn count). */
async function corpusFile(): Promise<Corpus> {
  const file = path.join(os.tmpdir(), `felicity-bench-${SEED}-${MB}mb.jsonl`);
  const meta = `${file}.meta.json`;
  if (existsSync(file) && existsSync(meta)) {
    const known = JSON.parse(readFileSync(meta, 'utf8')) as Corpus;
    if (statSync(file).size === known.bytes) return { ...known, file };
  }
  const target = MB * 1e6;
  const out = createWriteStream(file);
  const turnRecord = turnCorpus(SEED);
  let bytes = 0;
  let turns = 0;
  let buffer = '';
  while (bytes < target) {
    const line = `${JSON.stringify(turnRecord(turns))}\n`;
    turns++;
    bytes += Buffer.byteLength(line);
    buffer += line;
    if (buffer.length >= 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
  writeFileSync(meta, JSON.stringify({ file, bytes, turns }));
  return { file, bytes, turns };
}

/** The baseline: stream lines, parse each, write one small object per line (backpressure honoured). */
const BASELINE = `
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
const [input, output] = process.argv.slice(-2);
const out = createWriteStream(output);
for await (const line of createInterface({ input: createReadStream(input), crlfDelay: Infinity })) {
  if (line === '') continue;
  const record = JSON.parse(line);
  if (!out.write(JSON.stringify({ id: record.id, messages: record.messages.length }) + '\\n')) await once(out, 'drain');
}
out.end();
await once(out, 'finish');
`;

/**
 * check() alone: each line is read and parsed untimed; only the check() calls are timed, with the
 * options the bench gives the CLI (none). Prints the summed seconds and the turn count as JSON.
 */
const ALONE_SCRIPT = `
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
const [root, input] = process.argv.slice(-2);
const { check } = await import(root + '/src/check/check.ts');
let seconds = 0;
let turns = 0;
for await (const line of createInterface({ input: createReadStream(input), crlfDelay: Infinity })) {
  if (line === '') continue;
  const record = JSON.parse(line);
  const start = performance.now();
  check(record);
  seconds += (performance.now() - start) / 1000;
  turns++;
}
console.log(JSON.stringify({ seconds, turns }));
`;

async function checkAlone(corpus: Corpus): Promise<{ seconds: number; turns: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', ALONE_SCRIPT, ROOT, corpus.file], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  const [exitCode] = (await once(child, 'close')) as [number | null];
  if (exitCode !== 0) throw new Error(`check() alone: exit code ${exitCode}`);
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { seconds: number; turns: number };
}

interface Sample {
  at: number;
  position: number;
  rss: number;
}

interface Run {
  wall: number;
  cpu: number | undefined;
  peakRss: number;
  samples: Sample[];
  exitCode: number | null;
  stderr: string;
}

const kib = (line: string | undefined) => (line === undefined ? 0 : Number(/(\d+)/.exec(line)?.[1] ?? 0) * 1024);

function statusField(pid: number, field: string): number {
  try {
    return kib(readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`)));
  } catch {
    return 0;
  }
}

/** The process that does the work: the child of /usr/bin/time when it wraps the command. */
function workerPid(pid: number, wrapped: boolean): number | undefined {
  if (!wrapped) return pid;
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return children.length > 0 ? Number(children[0]) : undefined;
  } catch {
    return undefined;
  }
}

/** How far the process has read the input: the offset of its descriptor on the file, or undefined. */
function readPosition(pid: number, file: string): number | undefined {
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      if (target !== file) continue;
      const pos = /pos:\s*(\d+)/.exec(readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8'));
      if (pos) return Number(pos[1]);
    }
  } catch {
    // the process has just ended
  }
  return undefined;
}

async function measure(command: string[], corpus: Corpus): Promise<Run> {
  const wrapped = existsSync(TIME);
  const argv = wrapped ? [TIME, '-f', '@@time %M %U %S', ...command] : command;
  const start = process.hrtime.bigint();
  const child = spawn(argv[0]!, argv.slice(1), { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const samples: Sample[] = [];
  let seenInput = false;
  let hwm = 0;
  const timer = setInterval(() => {
    const pid = workerPid(child.pid!, wrapped);
    if (pid === undefined) return;
    const rss = statusField(pid, 'VmRSS');
    hwm = Math.max(hwm, statusField(pid, 'VmHWM'));
    if (rss === 0) return;
    const position = readPosition(pid, corpus.file);
    if (position !== undefined) seenInput = true;
    // Once the input is closed it has been read to the end.
    samples.push({ at: Number(process.hrtime.bigint() - start) / 1e9, position: position ?? (seenInput ? corpus.bytes : 0), rss });
  }, SAMPLE_MS);
  const [exitCode] = (await once(child, 'close')) as [number | null];
  clearInterval(timer);
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  const timed = /@@time (\d+) ([\d.]+) ([\d.]+)/.exec(stderr);
  return {
    wall,
    cpu: timed ? Number(timed[2]) + Number(timed[3]) : undefined,
    peakRss: timed ? Number(timed[1]) * 1024 : hwm,
    samples,
    exitCode,
    stderr: stderr.replace(/^.*@@time.*$\n?/m, ''),
  };
}

async function best(name: string, command: string[], corpus: Corpus): Promise<Run> {
  return (await bestOfRounds([{ name, command }], corpus))[0]!;
}

/** Each command run REPEATS times, in rounds that take every command once; the fastest run of each. */
async function bestOfRounds(commands: { name: string; command: string[] }[], corpus: Corpus): Promise<Run[]> {
  const fastest: (Run | undefined)[] = commands.map(() => undefined);
  for (let r = 0; r < REPEATS; r++) {
    for (const [i, { name, command }] of commands.entries()) {
      const run = await measure(command, corpus);
      if (run.exitCode !== 0) console.log(`${name}: exit code ${run.exitCode}\n${run.stderr.split('\n').slice(-5).join('\n')}`);
      if (fastest[i] === undefined || run.wall < fastest[i].wall) fastest[i] = run;
    }
  }
  return fastest as Run[];
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** RSS at the first sample that had read at least each fraction of the file. */
function rssAt(run: Run, corpus: Corpus): string {
  return FRACTIONS.map((f) => {
    // 100%: the last sample, when the whole file has been read and labelled.
    const sample = f === 1 ? run.samples.at(-1) : run.samples.find((s) => s.position >= f * corpus.bytes);
    return `${Math.round(f * 100)}% ${sample ? mib(sample.rss) : 'n/a'}`;
  }).join(', ');
}

function report(name: string, run: Run, corpus: Corpus): void {
  // CPU seconds (all threads) say more than wall time when other work shares the cores.
  const cpu = run.cpu === undefined ? '' : `, cpu ${run.cpu.toFixed(1)} s (${fmt(corpus.turns / run.cpu)} turns/cpu-s)`;
  console.log(`${name.padEnd(18)} wall ${run.wall.toFixed(1)} s${cpu}, ${(corpus.bytes / 1e6 / run.wall).toFixed(1)} MB/s, ${fmt(corpus.turns / run.wall)} turns/s, peak RSS ${mib(run.peakRss)}`);
  console.log(`${''.padEnd(18)} RSS at ${rssAt(run, corpus)} of the file (${run.samples.length} samples)`);
}

interface SizeRow {
  corpus: Corpus;
  runs: { jobs: string; run: Run; same: boolean }[];
}

async function main(): Promise<void> {
  const rows: SizeRow[] = [];
  for (const mb of SIZES) {
    MB = mb;
    rows.push(await measureSize());
    console.log('');
  }
  if (rows.length > 1 || JOBS.length > 1) printTable(rows);
}

/** The issue's table: wall and CPU seconds of each --jobs value at each size, the ratios to the first, and whether every output is the same. */
function printTable(rows: SizeRow[]): void {
  const first = rows[0]!.runs[0]!.jobs;
  const header = ['input', ...rows[0]!.runs.map((r) => `${jobsName(r.jobs)} wall / CPU`), ...rows[0]!.runs.slice(1).map((r) => `${jobsName(r.jobs)} / ${jobsName(first)} wall`), 'output'];
  const lines = [header];
  for (const { corpus, runs } of rows) {
    const cpu = (run: Run) => (run.cpu === undefined ? '?' : `${run.cpu.toFixed(2)} s`);
    lines.push([
      `${(corpus.bytes / 1e6).toFixed(1)} MB, ${fmt(corpus.turns)} turns`,
      ...runs.map(({ run }) => `${run.wall.toFixed(2)} s / ${cpu(run)}`),
      ...runs.slice(1).map(({ run }) => `${(run.wall / runs[0]!.run.wall).toFixed(2)}`),
      runs.every((r) => r.same) ? 'identical' : 'DIFFERENT',
    ]);
  }
  console.log(`wall and CPU seconds (user+sys, all threads), the fastest of ${REPEATS}; ${os.availableParallelism()} cores, load ${os.loadavg()[0]!.toFixed(2)} at the end`);
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const line of lines.slice(1)) console.log(`| ${line.join(' | ')} |`);
}

async function measureSize(): Promise<SizeRow> {
  const corpus = await corpusFile();
  const out = path.join(os.tmpdir(), `felicity-bench-out-${process.pid}.jsonl`);
  console.log(`felicity bench:check-process — ${corpus.file}: ${(corpus.bytes / 1e6).toFixed(0)} MB, ${fmt(corpus.turns)} turns, seed ${SEED}, node ${process.version}`);
  console.log(`felicity from ${ROOT}; peak RSS from ${existsSync(TIME) ? TIME : 'VmHWM samples'}; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}`);
  console.log('');
  try {
    const baseline = await best('baseline', [process.execPath, '--input-type=module', '-e', BASELINE, corpus.file, out], corpus);
    report('(a) parse+write', baseline, corpus);
    // The baseline wrote to the same file: a check that fails must not be credited with its lines.
    rmSync(out, { force: true });
    const commands = JOBS.map((jobs) => ({ name: `check ${jobsName(jobs)}`, command: [process.execPath, path.join(ROOT, 'bin/felicity.js'), 'check', corpus.file, '--out', `${out}.jobs${jobs}`, ...jobsArgs(jobs)] }));
    const measured = await bestOfRounds(commands, corpus);
    const runs = JOBS.map((jobs, i) => ({ jobs, run: measured[i]!, out: `${out}.jobs${jobs}`, same: true }));
    for (const { jobs, run } of runs) report(`(b) ${jobsName(jobs)}`, run, corpus);
    const check = runs[0]!.run;
    const labels = existsSync(runs[0]!.out) ? await countLines(runs[0]!.out) : 0;
    console.log('');
    console.log(`labels written: ${fmt(labels)} of ${fmt(corpus.turns)} turns`);
    console.log(`(b)/(a) throughput = ${(baseline.wall / check.wall).toFixed(3)} at ${jobsName(runs[0]!.jobs)}   (felicity check runs at ${((100 * baseline.wall) / check.wall).toFixed(1)}% of the baseline's speed)`);
    if (check.cpu !== undefined && baseline.cpu !== undefined) console.log(`(b)/(a) cpu seconds = ${(check.cpu / baseline.cpu).toFixed(2)}`);
    for (const entry of runs.slice(1)) {
      entry.same = existsSync(entry.out) && existsSync(runs[0]!.out) && (await sameBytes(entry.out, runs[0]!.out));
      console.log(`${jobsName(entry.jobs)} vs ${jobsName(runs[0]!.jobs)}: ${(check.wall / entry.run.wall).toFixed(2)}x wall, peak RSS ${mib(entry.run.peakRss)} vs ${mib(check.peakRss)}, output ${entry.same ? 'identical (byte for byte)' : 'DIFFERENT'}`);
    }
    const load = os.loadavg()[0]!;
    if (load > os.cpus().length) console.log(`load average ${load.toFixed(2)} on ${os.cpus().length} cores: other work shared the cores, so compare CPU seconds rather than wall time`);
    if (ALONE) {
      let alone = await checkAlone(corpus);
      for (let r = 1; r < REPEATS; r++) {
        const again = await checkAlone(corpus);
        if (again.seconds < alone.seconds) alone = again;
      }
      const share = (total: number) => `${(total - alone.seconds).toFixed(1)} s of ${total.toFixed(1)} s (${((100 * (total - alone.seconds)) / total).toFixed(0)}%)`;
      console.log(`(c) check() alone   ${alone.seconds.toFixed(1)} s summed over ${fmt(alone.turns)} turns (${fmt(alone.turns / alone.seconds)} turns/s), records read and parsed untimed`);
      console.log(`outside check() in (b): ${share(check.wall)} of wall${check.cpu === undefined ? '' : `, ${share(check.cpu)} of CPU`}: start-up, reading, parsing, writing, and the GC they cause`);
    }
    const last = check.stderr.trim().split('\n').at(-1);
    if (last) console.log(`check said: ${last}`);
    return { corpus, runs: runs.map(({ jobs, run, same }) => ({ jobs, run, same })) };
  } finally {
    rmSync(out, { force: true });
    for (const jobs of JOBS) rmSync(`${out}.jobs${jobs}`, { force: true });
  }
}

async function sameBytes(a: string, b: string): Promise<boolean> {
  const { createHash } = await import('node:crypto');
  const digest = async (file: string) => {
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  };
  return statSync(a).size === statSync(b).size && (await digest(a)) === (await digest(b));
}

async function countLines(file: string): Promise<number> {
  let n = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
  }
  return n;
}

await main();
