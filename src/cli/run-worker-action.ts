/**
 * `felicity run --worker`: one of several processes, on one machine or many, that cooperate on one
 * run through its work queue in a shared PostgreSQL database (src/benchmark/worker.ts). Every worker
 * is started with the same command; each plans the same run, adds its tuples (idempotently) and
 * claims them a few at a time. Thin: wiring models, the database, progress and Ctrl-C.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { codeVersion } from '../benchmark/code-version.ts';
import { checkEndpoint } from '../benchmark/endpoint-check.ts';
import { createEngine } from '../benchmark/engines.ts';
import { labellerFor } from '../benchmark/judge.ts';
import { progressReporter } from '../benchmark/progress.ts';
import { turnExecutor } from '../benchmark/turn-executor.ts';
import { runWorker, type WorkerSummary } from '../benchmark/worker.ts';
import { openRun } from '../benchmark/runner.ts';
import type { ChatModel } from '../llm/chat-model.ts';
import { createChatModel } from '../llm/create-chat-model.ts';
import { RunLeaseHeldError } from '../store/errors.ts';
import { redactTarget } from '../store/sql.ts';
import type { SqlQueryable } from '../store/sql-queryable.ts';
import { WorkQueue } from '../store/work-queue.ts';
import { UsageError } from './bench-errors.ts';
import { EXIT } from './usage-exit.ts';
import { LEASE_TIMING, type RunFlags } from './run-action.ts';
import { planRun } from './run-plan.ts';
import { openWorkerDatabase } from './worker-database.ts';

export const DEFAULT_LEASE_MS = 30_000;

export interface WorkerFlags extends RunFlags {
  worker?: true;
  /** How long a worker's claims last without a heartbeat. */
  leaseMs?: number;
}


/** A `felicity run` without --worker holding the run would make every call it makes twice. */
async function refuseIfRunnerHolds(db: SqlQueryable, run: string): Promise<void> {
  const { rows } = await db.query('SELECT host, pid, started_at, heartbeat_at FROM run_leases WHERE run_name = $1', [run]);
  const held = rows[0] as { host: string; pid: number; started_at: string; heartbeat_at: string } | undefined;
  if (held === undefined) return;
  const age = Date.now() - Number(held.heartbeat_at);
  if (age <= LEASE_TIMING.staleMs) throw new RunLeaseHeldError(run, { host: held.host, pid: held.pid, startedAt: held.started_at }, age);
}

function printSummary(s: WorkerSummary, name: string, db: string): void {
  const finished = s.skipped + s.done;
  process.stderr.write(
    `felicity run --worker: ${s.worker} on run "${name}": ${s.done} responses by this worker (${s.errors} errors), ` +
      `${finished}/${s.total} finished in ${redactTarget(db)}\n`,
  );
  if (s.labelFailures > 0) process.stderr.write(`felicity run --worker: ${s.labelFailures} responses could not be labelled (see above)\n`);
}

export async function executeRunWorker(flags: WorkerFlags, given: ReadonlySet<string> = new Set()): Promise<void> {
  const leaseMs = flags.leaseMs ?? DEFAULT_LEASE_MS;
  // The URL is checked before anything else is read: a SQLite file cannot be shared by workers.
  // A save holds a connection for a few ms: a few connections serve many slots, and many workers
  // must stay under the server's max_connections (100 by default).
  const { store, pool } = await openWorkerDatabase(flags.db, '--worker', Math.min(flags.concurrency, 8) + 2);
  const models = new Map<string, ChatModel>();
  const stop = new AbortController();
  const abandon = new AbortController();
  const onSigint = () => {
    if (!stop.signal.aborted) {
      stop.abort();
      process.stderr.write('\nfelicity run --worker: stopping — letting in-flight responses finish (Ctrl-C again to abandon them)\n');
    } else abandon.abort();
  };
  const progress = progressReporter();
  try {
    const plan = await planRun(flags, given, 'run --worker');
    const { options, config, name } = plan;
    if (options.judge !== undefined && options.judge !== 'rules') {
      throw new UsageError(`--worker labels with --judge rules as responses land; label with ${options.judge} once the run is done (felicity judge)`);
    }
    for (const [identity, spec] of plan.endpoints) models.set(identity, await createChatModel(spec, { timeoutMs: options.timeout * 1000 }));
    for (const model of models.values()) await checkEndpoint(model, stop.signal);
    await refuseIfRunnerHolds(pool, name);
    const runId = await openRun(store, name, config, codeVersion(), plan.coversEarlier);
    const engine = options.judge === 'rules' ? await createEngine('rules') : undefined;
    const host = os.hostname();
    const worker = { worker: `${host}/${process.pid}/${randomBytes(2).toString('hex')}`, host, pid: process.pid, concurrency: options.concurrency };
    process.stderr.write(`felicity run --worker: ${worker.worker} joins run "${name}" (lease ${leaseMs} ms)\n`);
    process.on('SIGINT', onSigint);
    const queue = new WorkQueue(pool);
    const summary = await runWorker({
      queue,
      runId,
      worker,
      requests: plan.requests,
      grid: config.grid,
      execute: turnExecutor(models, config.sampling, { deployments: plan.deployments }),
      ...(engine === undefined ? {} : { label: labellerFor(engine, plan.deployments) }),
      save: (runId, row, judgment, fix, precondition) => store.saveResponse(runId, row, judgment, fix, precondition),
      leaseMs,
      retryErrors: options.retryErrors ?? false,
      stop: stop.signal,
      abandon: abandon.signal,
      onProgress: (p) => progress.update(p),
    });
    progress.stop();
    printSummary(summary, name, options.db);
    if (summary.stoppedBecause !== undefined) {
      process.stderr.write(`felicity run --worker: stopped: ${summary.stoppedBecause}\n`);
      process.exitCode = EXIT.failed;
    } else if (summary.interrupted) {
      process.stderr.write(`felicity run --worker: interrupted; its unfinished tuples are back in the queue for the other workers (start it again to help)\n`);
      process.exitCode = EXIT.interrupted;
    } else if ((await queue.progress(runId)).totals.errors > 0) process.exitCode = EXIT.failed;
  } finally {
    progress.stop();
    process.off('SIGINT', onSigint);
    await Promise.all([...models.values()].map((m) => m.close()));
    await store.close();
  }
}
