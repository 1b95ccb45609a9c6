/**
 * `npm run bench:audit-chunks`: a generated chat log (BENCH_TURNS, default 200,000 turns) audited
 * by `felicity prevalence` three ways, each as separate processes and timed from outside: the
 * single-process command (the baseline, same run), one chunked worker, two chunked workers at once
 * (a fresh PostgreSQL database each; FELICITY_TEST_POSTGRES_URL names the server). All use the
 * rules engine on one thread per process (--jobs 1), so two workers can use at most two cores:
 * expect at best 2× the one-worker rate, less for the shared pass 1, the design and the database.
 * On a shared machine wall time says little, so each process's CPU time (user + system, from
 * /usr/bin/time) is reported too: the chunked audit's extra work is the CPU it costs over the
 * baseline. Also checks the chunked estimates are the baseline's.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateLog } from '../src/audit/testing/generate-log.ts';
import { freshPostgresDatabase, postgresSkip } from '../src/store/testing/postgres.ts';

const MAIN = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
const TURNS = Number(process.env['BENCH_TURNS'] ?? 200_000);
const CHUNK_BYTES = Number(process.env['BENCH_CHUNK_BYTES'] ?? 2 * 1024 * 1024);

const TIME = '/usr/bin/time';
const timing = existsSync(TIME);
let runs = 0;

/** The command's output and the CPU seconds it used (NaN without /usr/bin/time). */
function felicity(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string; cpu: number }> {
  const command = [process.execPath, '--import', 'tsx', MAIN, 'prevalence', ...args];
  const cpuFile = join(dir, `cpu-${runs++}`);
  const child = timing ? spawn(TIME, ['-f', '%U %S', '-o', cpuFile, ...command], { stdio: ['ignore', 'pipe', 'pipe'] }) : spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      const cpu = timing ? readFileSync(cpuFile, 'utf8').trim().split('\n').at(-1)!.split(' ').reduce((n, v) => n + Number(v), 0) : Number.NaN;
      resolve({ code, stdout, stderr, cpu });
    }),
  );
}

const estimate = (stdout: string): string => stdout.replace(/\ntime: .*\n$/, '\n');

async function timed<T>(work: () => Promise<T>): Promise<{ seconds: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { seconds: (performance.now() - started) / 1000, result };
}

const skip = await postgresSkip();
if (skip) {
  console.log(`bench:audit-chunks skipped: ${skip}`);
  process.exit(0);
}
const dir = mkdtempSync(join(tmpdir(), 'felicity-bench-audit-'));
const file = join(dir, 'logs.jsonl');
const bytes = generateLog(TURNS, 1);
writeFileSync(file, bytes);
const common = ['--reps', '200', '--jobs', '1'];
console.log(`log: ${TURNS} turns, ${(bytes.length / 1e6).toFixed(1)} MB; ranges of ${(CHUNK_BYTES / 1e6).toFixed(1)} MB; ${common.join(' ')}`);

const baseline = await timed(() => felicity([file, ...common]));
const rows: [string, number, number, boolean][] = [['single process (baseline)', baseline.seconds, baseline.result.cpu, true]];
for (const workers of [1, 2]) {
  const db = await freshPostgresDatabase('felicity_bench_audit');
  try {
    const run = await timed(() => Promise.all(Array.from({ length: workers }, () => felicity([file, ...common, '--db', db.url, '--worker', '--name', 'bench', '--chunk-bytes', String(CHUNK_BYTES)]))));
    const same = run.result.every((r) => estimate(r.stdout) === estimate(baseline.result.stdout));
    rows.push([`${workers} chunked worker${workers > 1 ? 's' : ''}`, run.seconds, run.result.reduce((n, r) => n + r.cpu, 0), same]);
  } finally {
    await db.drop();
  }
}
console.log('how                          wall s   turns/s   speed vs baseline   CPU s   CPU vs baseline   same estimate');
for (const [how, seconds, cpu, same] of rows) {
  console.log(
    `${how.padEnd(28)} ${seconds.toFixed(1).padStart(6)}  ${Math.round(TURNS / seconds).toString().padStart(8)}   ${(baseline.seconds / seconds).toFixed(2).padStart(16)}×  ${cpu.toFixed(1).padStart(6)}   ${(cpu / baseline.result.cpu).toFixed(2).padStart(14)}×   ${same ? 'yes' : 'NO'}`,
  );
}
const load = loadavg()[0]!;
console.log(`load average ${load.toFixed(1)} on ${availableParallelism()} cores${load > availableParallelism() ? ': the machine is busy, wall times are not speed-ups' : ''}`);
