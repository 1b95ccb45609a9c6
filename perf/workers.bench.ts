/**
 * `npm run bench:workers`: the same run (100 requests × 4 conditions = 400 tuples) done by 1, 2 and
 * 4 `felicity run --worker` processes sharing one PostgreSQL queue, against a loopback scripted
 * model that answers every turn after a fixed 50 ms; per-worker concurrency 4. Prints tuples/s and
 * the ratio to 1 worker, measured in this run (the baseline), and the ideal (no overhead) rate.
 *
 * Process start-up (tsx compiling the command line) is kept out of the timing: the model holds
 * every turn until all N workers have joined the run, and the clock runs from that moment until
 * the last response is stored. Needs FELICITY_TEST_POSTGRES_URL (scripts/test-postgres.sh).
 *
 * Reading it: each line gives the CPU per tuple of the workers, the PostgreSQL backends and the
 * scripted model, and how often the worker processes were runnable (on a CPU or queued for one)
 * rather than asleep waiting for the database or the model. When they are runnable nearly all
 * the time, the machine's CPU, not the queue, sets the rate; the "queue alone" lines (no HTTP, no
 * prompts, little CPU per tuple) then show how the queue itself scales.
 */
import type PgModule from 'pg';
import { reply, startScriptedServer } from '../src/llm/testing/scripted-chat-server.ts';
import { requireOptional } from '../src/optional-packages.ts';
import { freshPostgresDatabase, postgresSkip } from '../src/store/testing/postgres.ts';
import { Store } from '../src/store/index.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeBenchRequests } from '../test/helpers/bench-requests.ts';
import { startWorker } from '../test/helpers/worker-processes.ts';
import { tuples, type Grid } from '../src/benchmark/conditions.ts';
import { runWorker } from '../src/benchmark/worker.ts';
import { openRun } from '../src/benchmark/runner.ts';
import type { RunnerRequest } from '../src/benchmark/runner.ts';
import { WorkQueue } from '../src/store/work-queue.ts';

const REQUESTS = Number(process.env['BENCH_REQUESTS'] ?? 100);
const CONDITIONS = 4; // C0 × inferred, stated × generic, support
const TUPLES = REQUESTS * CONDITIONS;
const DELAY_MS = Number(process.env['BENCH_DELAY_MS'] ?? 50);
const CONCURRENCY = 4;
const WORKER_COUNTS = [1, 2, 4];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU ms a process has used so far (Linux /proc; 0 where there is none). */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** Whether a process is runnable (on a CPU or waiting for one) rather than sleeping on I/O. */
function runnable(pid: number | undefined): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0] === 'R';
  } catch {
    return false;
  }
}

interface ProcessRun {
  rate: number;
  cpuPerTuple: { workers: number; postgres: number; model: number };
  /** Share of samples in which a worker process was runnable: near 1, the workers wait for CPU, not for the queue. */
  runnable: number;
}

async function measure(workers: number, requestsFile: string): Promise<ProcessRun> {
  const database = await freshPostgresDatabase('felicity_bench');
  // Opened (and so migrated) before the workers start, as any one of them would.
  const store = await Store.open(database.url, { connections: 2 });
  const pool = store.postgresPool!;
  let go!: () => void;
  const started = new Promise<void>((resolve) => (go = resolve));
  const server = await startScriptedServer(
    async (request) => {
      // The pre-run endpoint check (no system prompt) passes at once; turns wait for the start.
      if (request.body.messages[0]?.role === 'system') await started;
      await sleep(DELAY_MS);
      return reply.text("I can't do that once this chat ends; set an alarm on your phone.");
    },
    { record: false },
  );
  try {
    const args = ['--db', database.url, '--model', `openai-compatible:${server.url}#bench`, '--requests', requestsFile, '--setups', 'C0',
      '--name', 'bench', '--concurrency', String(CONCURRENCY)];
    const processes = Array.from({ length: workers }, () => startWorker(args));
    const count = async (sql: string) => Number((await pool.query(sql)).rows[0].n);
    while ((await count('SELECT count(*)::int AS n FROM run_workers')) < workers) await sleep(10);
    const cpu = () => processes.reduce((ms, p) => ms + cpuMs(p.child.pid), 0);
    // The server processes serving this database (the workers' connections are open by now).
    const backends = (await pool.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')).rows.map((r) => r.pid as number);
    const serverCpu = () => backends.reduce((ms, pid) => ms + cpuMs(pid), 0);
    const [cpu0, server0, here0] = [cpu(), serverCpu(), process.cpuUsage()];
    let samples = 0;
    let running = 0;
    const sampler = setInterval(() => {
      for (const p of processes) {
        samples++;
        if (runnable(p.child.pid)) running++;
      }
    }, 5);
    const t0 = performance.now();
    go();
    while ((await count('SELECT count(*)::int AS n FROM responses')) < TUPLES) await sleep(20);
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    const here = process.cpuUsage(here0);
    const cpuPerTuple = {
      workers: (cpu() - cpu0) / TUPLES,
      postgres: (serverCpu() - server0) / TUPLES,
      model: (here.user + here.system) / 1000 / TUPLES,
    };
    for (const end of await Promise.all(processes.map((p) => p.done))) {
      if (end.code !== 0) throw new Error(`a worker failed (exit ${end.code}): ${end.stderr}`);
    }
    return { rate: TUPLES / seconds, cpuPerTuple, runnable: samples === 0 ? 0 : running / samples };
  } finally {
    await server.close();
    await store.close();
    await database.drop();
  }
}

/**
 * The queue alone: N runWorker loops in this process sharing one PostgreSQL queue, each with its
 * own pool, over an executor that only waits DELAY_MS (no HTTP, no prompt): what is left is the
 * claims, heartbeats and saves, so this shows whether the queue itself scales.
 */
async function measureQueue(workers: number): Promise<number> {
  const database = await freshPostgresDatabase('felicity_benchq');
  const stores: Store[] = [];
  for (let i = 0; i < workers; i++) stores.push(await Store.open(database.url, { connections: CONCURRENCY + 2 }));
  try {
    const requests: RunnerRequest[] = Array.from({ length: REQUESTS }, (_, i) => ({ id: `rq-${i}`, category: 'reminder' }));
    const grid: Grid = { models: ['m'], setups: ['C0'], variants: ['inferred', 'stated'], personas: ['generic', 'support'], fixes: ['none'], samples: 1 };
    const config = { grid, requests: { hash: 'h', count: REQUESTS, limit: null }, sampling: { temperature: 0, max_tokens: null, seed: null, thinking: false } };
    const runId = await openRun(stores[0]!, 'bench', config, 'bench');
    // Enqueued before the clock starts, as the process bench keeps start-up out of its timing.
    await new WorkQueue(stores[0]!.postgresPool!).enqueue(runId, [...tuples(requests, grid)].map((t) => t.responseId));
    const t0 = performance.now();
    const summaries = await Promise.all(
      stores.map((store, i) =>
        runWorker({
          queue: new WorkQueue(store.postgresPool!), runId, worker: { worker: `w${i}`, host: 'bench', pid: i, concurrency: CONCURRENCY }, requests, grid,
          execute: async () => {
            await sleep(DELAY_MS);
            return { messages: [{ role: 'assistant', content: 'no' }], usage: null, latency_ms: DELAY_MS };
          },
          save: store.saveResponse.bind(store), leaseMs: 30_000,
        }),
      ),
    );
    const done = summaries.reduce((n, s) => n + s.done, 0);
    if (done !== TUPLES) throw new Error(`queue bench: ${done} of ${TUPLES} done`);
    return TUPLES / ((performance.now() - t0) / 1000);
  } finally {
    await Promise.all(stores.map((store) => store.close()));
    await database.drop();
  }
}

async function main(): Promise<void> {
  const skip = await postgresSkip();
  if (skip) {
    process.stderr.write(`bench:workers: ${skip}\n`);
    process.exitCode = 1;
    return;
  }
  const requestsFile = writeBenchRequests(fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-bench-workers-')), REQUESTS);
  const ideal = (CONCURRENCY * 1000) / DELAY_MS;
  process.stdout.write(
    `bench:workers — ${TUPLES} tuples (BENCH_REQUESTS × ${CONDITIONS}), scripted model ${DELAY_MS} ms per turn, concurrency ${CONCURRENCY} per worker (ideal ${ideal} tuples/s per worker), ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}\n` +
      '  (BENCH_DELAY_MS sets the delay; with fewer idle cores than the workers need, the rate is bound by CPU, not by the queue)\n',
  );
  process.stdout.write('  queue alone (runWorker loops in this process, an executor that only waits; no HTTP, no prompts):\n');
  let queueBaseline = 0;
  for (const n of WORKER_COUNTS) {
    const rate = await measureQueue(n);
    queueBaseline ||= rate;
    process.stdout.write(`  ${n} worker${n === 1 ? ' ' : 's'}  ${rate.toFixed(1).padStart(6)} tuples/s   ×${(rate / queueBaseline).toFixed(2)} of 1 worker (linear ×${n})   ${((100 * rate) / (ideal * n)).toFixed(0)}% of ideal\n`);
  }
  process.stdout.write('  felicity run --worker processes (the scripted model over loopback HTTP):\n');
  let baseline = 0;
  for (const n of WORKER_COUNTS) {
    const { rate, cpuPerTuple: c, runnable: busy } = await measure(n, requestsFile);
    baseline ||= rate;
    const total = c.workers + c.postgres + c.model;
    process.stdout.write(
      `  ${n} worker${n === 1 ? ' ' : 's'}  ${rate.toFixed(1).padStart(6)} tuples/s   ×${(rate / baseline).toFixed(2)} of 1 worker (linear ×${n})   ` +
        `${((100 * rate) / (ideal * n)).toFixed(0)}% of ideal   CPU ms/tuple: workers ${c.workers.toFixed(1)} + postgres ${c.postgres.toFixed(1)} + model server ${c.model.toFixed(1)}` +
        ` = ${total.toFixed(1)} (${((rate * total) / 1000).toFixed(2)} cores busy); workers runnable in ${(100 * busy).toFixed(0)}% of samples\n`,
    );
  }
}

await main();
