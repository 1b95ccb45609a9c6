/**
 * What `felicity run` does once its arguments are parsed (run.ts defines the command): build the
 * grid, open the models and the store, and run the benchmark (src/benchmark/runner.ts). Loaded only
 * when the command runs, so that `felicity --help` does not load the model clients or the store.
 */
import os from 'node:os';
import { codeVersion } from '../benchmark/code-version.ts';
import { createEngine, judgeEngineOf, type EngineName } from '../benchmark/engines.ts';
import { formatFixCalls } from '../benchmark/fixes/fix-summary.ts';
import { formatOutcomeCounts, judgeRun, labellerFor } from '../benchmark/judge.ts';
import { progressReporter } from '../benchmark/progress.ts';
import { checkEndpoint } from '../benchmark/endpoint-check.ts';
import { runBenchmark, runToExtend, type RunLease, type RunSummary } from '../benchmark/runner.ts';
import { turnExecutor } from '../benchmark/turn-executor.ts';
import type { ChatModel } from '../llm/chat-model.ts';
import { createChatModel } from '../llm/create-chat-model.ts';
import { DatabaseJudgeCache } from '../check/judge-cache-db.ts';
import { Store, databaseErrorOf } from '../store/index.ts';
import { WorkQueue } from '../store/work-queue.ts';
import { UsageError } from './bench-errors.ts';
import { EXIT } from './exit-codes.ts';
import { planRun } from './run-plan.ts';
import { buildSummary, totalsByOutcome, writeSummary } from './summary-json.ts';
import { judgingSummary, openEngine, type OpenedEngine } from './judge-engine.ts';

/** The options as commander parses them (run.ts). */
export interface RunFlags {
  /** A settings file (felicity.yaml); the flags given override it. */
  config?: string;
  model: string[];
  setups: string;
  variants: string;
  personas: string;
  fixes: string;
  samples: number;
  requests: string;
  limit?: number;
  /** A stratified sample of this many requests (--seed picks it). */
  sample?: number;
  concurrency: number;
  db: string;
  name?: string;
  judge?: EngineName;
  judgeModel?: string;
  temperature: number;
  maxTokens?: number;
  seed?: number;
  thinking: boolean;
  retryErrors?: true;
  /** Seconds per model request. */
  timeout: number;
  summaryJson?: string;
  verbose?: true;
}

/** A run's lease is stale after 30 s without a heartbeat; a holder on this host whose process is gone is gone at once. */
export const LEASE_TIMING = { staleMs: 30_000, heartbeatMs: 5_000 };

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function runLease(): RunLease {
  const host = os.hostname();
  return {
    holder: { host, pid: process.pid, startedAt: new Date(Math.round(Date.now() - process.uptime() * 1000)).toISOString() },
    ...LEASE_TIMING,
    isGone: (holder) => holder.host === host && !processExists(holder.pid),
    onTakeover: (from) => process.stderr.write(`felicity run: taking the run over from ${from.host} pid ${from.pid}, which stopped without finishing\n`),
  };
}

/** On a team database, a run its workers are working on is theirs: a second runner would repeat their calls. */
async function refuseIfWorkersRun(store: Store, name: string): Promise<void> {
  const pool = store.postgresPool;
  const run = pool === undefined ? undefined : await store.runs.find(name);
  if (pool === undefined || run === undefined) return;
  const live = (await new WorkQueue(pool).progress(run.id)).workers.filter((w) => w.status === 'running');
  if (live.length > 0) {
    throw new UsageError(`run "${name}" has ${live.length} live worker(s) (${live.map((w) => w.worker).join(', ')}): join them with --worker, or wait until they finish (felicity status ${name})`);
  }
}

function printSummary(s: RunSummary, db: string, heldErrors: number, retried: boolean): void {
  const finished = s.skipped + s.done;
  process.stderr.write(
    `felicity run: run "${s.run}": ${s.done} responses this time (${s.errors} errors), ${s.skipped} already finished, ` +
      `${finished}/${s.total} in ${db}\n`,
  );
  if (s.labelFailures > 0) process.stderr.write(`felicity run: ${s.labelFailures} responses could not be labelled (see above)\n`);
  if (heldErrors > 0) {
    const hint = retried
      ? 'they failed again'
      : 'run the same command with --retry-errors to redo them (without it, a resume redoes only those that could not reach the model)';
    process.stderr.write(`felicity run: ${heldErrors} responses in run "${s.run}" hold errors (the model call failed); ${hint}\n`);
  }
}

export async function executeRun(flags: RunFlags, given: ReadonlySet<string> = new Set()): Promise<void> {
  const started = performance.now();
  const plan = await planRun(flags, given);
  const { options, endpoints, config, requests, deployments, coversEarlier } = plan;
  let name = plan.name;
  // Models first: a missing key or file fails here, before anything is written.
  const models = new Map<string, ChatModel>();
  const store = await Store.open(options.db);
  const stop = new AbortController();
  const abandon = new AbortController();
  const onSigint = () => {
    if (!stop.signal.aborted) {
      stop.abort();
      process.stderr.write('\nfelicity run: stopping — letting in-flight responses finish (Ctrl-C again to abandon them)\n');
    } else abandon.abort();
  };
  const progress = progressReporter();
  let judging: OpenedEngine | undefined;
  try {
    if (options.name === undefined && (await store.runs.find(name)) === undefined) {
      // The same command with more requests or samples grows the run it made before.
      const base = await runToExtend(store, config, coversEarlier);
      if (base !== undefined) {
        process.stderr.write(`felicity run: extending run "${base}" (its finished responses are kept; pass --name for a separate run)\n`);
        name = base;
      }
    }
    await refuseIfWorkersRun(store, name);
    for (const [identity, spec] of endpoints) models.set(identity, await createChatModel(spec, { timeoutMs: options.timeout * 1000 }));
    // A server that is down, a wrong URL or key fails here in seconds, not after thousands of errors.
    for (const model of models.values()) await checkEndpoint(model, stop.signal);
    // Model engines label after the run (they are asynchronous); the rules label each response as it lands.
    if (options.judge !== undefined) judging = await openEngine({ engine: options.judge, judgeModel: options.judgeModel }, new DatabaseJudgeCache(store.db));
    const engine = options.judge === 'rules' ? await createEngine('rules') : undefined;
    process.on('SIGINT', onSigint);
    const summary = await runBenchmark({
      store,
      name,
      config,
      codeVersion: codeVersion(),
      requests,
      execute: turnExecutor(models, config.sampling, { deployments }),
      ...(engine === undefined ? {} : { label: labellerFor(engine, deployments) }),
      concurrency: options.concurrency,
      coversEarlier,
      retryErrors: options.retryErrors ?? false,
      lease: runLease(),
      stop: stop.signal,
      abandon: abandon.signal,
      onProgress: (p) => progress.update(p),
    });
    progress.stop();
    const heldErrors = (await store.responses.counts(summary.runId)).errors;
    printSummary(summary, store.location, heldErrors, options.retryErrors ?? false);
    const fixCalls = await store.fixSteps.callCounts(summary.runId);
    if (fixCalls.length > 0) process.stderr.write(`${formatFixCalls(fixCalls)}\n`);
    if (judging !== undefined && engine === undefined && summary.stoppedBecause === undefined && !summary.interrupted) {
      const judged = await judgeRun(store, name, judgeEngineOf(judging.engine));
      process.stderr.write(`felicity run: ${judged.judged} responses labelled by ${judging.engine.name}\n`);
      for (const f of judged.firstFailures) process.stderr.write(`felicity run: could not label ${f.responseId}: ${f.message}\n`);
      if (judged.failures > 0) {
        process.stderr.write(`felicity run: ${judged.failures} responses could not be labelled\n`);
        process.exitCode = EXIT.failed;
      }
      for (const line of judgingSummary('run', judging)) process.stderr.write(`${line}\n`);
    }
    const engineId = judging === undefined ? null : (engine?.name ?? judging.engine.name);
    const counts = engineId === null ? [] : await store.judgments.outcomeCounts(summary.runId, engineId);
    if (engineId !== null) {
      process.stderr.write(`${formatOutcomeCounts(counts)}\n`);
      if (options.verbose) process.stderr.write(`felicity run: engine id ${engineId} (report --engine ${options.judge} finds it)\n`);
    }
    if (options.summaryJson !== undefined) {
      writeSummary(
        options.summaryJson,
        buildSummary({ command: 'run', run: name, engine: engineId, outcomes: totalsByOutcome(counts), errored: heldErrors, seconds: (performance.now() - started) / 1000 }),
      );
    }
    const resume = `run the same command again to resume run "${name}"${options.name ? '' : ` (or pass --name ${name})`}`;
    if (summary.stoppedBecause !== undefined) {
      process.stderr.write(`felicity run: stopped: ${summary.stoppedBecause}; ${resume} once the server answers (it redoes the responses that could not reach the model too)\n`);
      process.exitCode = EXIT.failed;
    } else if (summary.interrupted) {
      process.stderr.write(`felicity run: interrupted; ${resume}\n`);
      process.exitCode = EXIT.interrupted;
    } else if (heldErrors > 0) process.exitCode = EXIT.failed;
  } catch (error) {
    throw databaseErrorOf(options.db, error) ?? error;
  } finally {
    progress.stop();
    process.off('SIGINT', onSigint);
    await Promise.all([...models.values()].map((m) => m.close()));
    await judging?.close();
    await store.close();
  }
}
