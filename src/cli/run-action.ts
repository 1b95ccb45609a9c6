/**
 * What `felicity run` does once its arguments are parsed (run.ts defines the command): build the
 * grid, open the models and the store, and run the benchmark (src/benchmark/runner.ts). Loaded only
 * when the command runs, so that `felicity --help` does not load the model clients or the store.
 */
import os from 'node:os';
import { codeVersion } from '../benchmark/code-version.ts';
import { FIXES, type Grid } from '../benchmark/conditions.ts';
import { createEngine, judgeEngineOf, type EngineName } from '../benchmark/engines.ts';
import { formatFixCalls } from '../benchmark/fixes/fix-summary.ts';
import { GridSetupError, resolveGridSetups } from '../benchmark/grid-setups.ts';
import { formatOutcomeCounts, judgeRun, labellerFor } from '../benchmark/judge.ts';
import { progressReporter } from '../benchmark/progress.ts';
import { loadRequests } from '../benchmark/requests/validate-requests.ts';
import { formatProblem } from '../benchmark/requests/request-problem.ts';
import { requestSetHash } from '../benchmark/requests/request-set-hash.ts';
import { extensionProblem, selectRequests, type Selection } from '../benchmark/requests/request-selection.ts';
import { checkEndpoint } from '../benchmark/endpoint-check.ts';
import { defaultRunName, modelIdentity, type RunConfig } from '../benchmark/run-config.ts';
import { runBenchmark, runToExtend, type RunLease, type RunSummary } from '../benchmark/runner.ts';
import { turnExecutor } from '../benchmark/turn-executor.ts';
import type { ChatModel } from '../llm/chat-model.ts';
import { createChatModel } from '../llm/create-chat-model.ts';
import { DatabaseJudgeCache } from '../check/judge-cache-db.ts';
import { PERSONA_IDS, VARIANTS } from '../setups/deployment.ts';
import { Store, databaseErrorOf } from '../store/index.ts';
import { UsageError } from './bench-errors.ts';
import { EXIT } from './exit-codes.ts';
import { mergeRunFile, readRunFile, runFileToRead } from './run-config-file.ts';
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

/** Splits "a,b" and checks every item against the allowed values (case-insensitive for setups). */
function list<T extends string>(option: string, text: string, allowed: readonly T[], canonical = (s: string) => s as T | undefined): T[] {
  const items = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const out = items.map((item) => {
    const value = canonical(item);
    if (value === undefined || !allowed.includes(value)) throw new UsageError(`${option}: unknown value "${item}" (expected ${allowed.join(', ')})`);
    return value;
  });
  if (out.length === 0) throw new UsageError(`${option}: empty list`);
  return [...new Set(out)];
}

/** identity → spec, in the order given. Two URLs serving one model in one run would share its responses. */
function modelEndpoints(specs: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const spec of specs) {
    const identity = modelIdentity(spec);
    const seen = out.get(identity);
    if (seen !== undefined && seen !== spec) throw new UsageError(`--model ${spec} and --model ${seen} are the same model (${identity}); give it once`);
    out.set(identity, spec);
  }
  return out;
}

/** A run's lease is stale after 30 s without a heartbeat; a holder on this host whose process is gone is gone at once. */
const LEASE_TIMING = { staleMs: 30_000, heartbeatMs: 5_000 };

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

/** The request file (every record) and the requests this run uses (--limit or --sample). */
async function readRequestSet(file: string, selection: Selection) {
  const { records, problems } = await loadRequests(file);
  if (problems.length > 0) {
    // A benchmark run must use a clean, hashable set: fix the file (felicity requests validate).
    const shown = problems.slice(0, 3).map(formatProblem).join('; ');
    throw new UsageError(`${file} has ${problems.length} problem(s): ${shown}${problems.length > 3 ? '; …' : ''}`);
  }
  const used = selectRequests(records, selection);
  if (used.length === 0) throw new UsageError(`${file} holds no requests`);
  return { all: records, used };
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
  const settingsFile = runFileToRead(flags.config);
  let options = flags;
  if (settingsFile !== undefined) {
    options = mergeRunFile(flags, given, readRunFile(settingsFile), settingsFile);
    process.stderr.write(`felicity run: settings from ${settingsFile} (flags on the command line override them)\n`);
  }
  if (options.model.length === 0) throw new UsageError('at least one --model is required');
  // Responses are stored under what a model is, not where it is served (see modelIdentity).
  const endpoints = modelEndpoints(options.model);
  // Deployment files are read once, here: the run keeps their contents (RunConfig.deployments).
  const { setups, deployments } = await resolveGridSetups(options.setups).catch((error: unknown) => {
    throw GridSetupError.isInstance(error) ? new UsageError(error.message) : error;
  });
  const grid: Grid = {
    models: [...endpoints.keys()],
    setups,
    variants: list('--variants', options.variants, VARIANTS),
    personas: list('--personas', options.personas, PERSONA_IDS),
    fixes: list('--fixes', options.fixes, FIXES),
    samples: options.samples,
  };
  if (grid.fixes.some((fix) => fix !== 'none') && !grid.variants.includes('inferred')) {
    throw new UsageError('--fixes: fixes other than none run on the inferred variant; add inferred to --variants');
  }
  if (options.sample !== undefined && options.limit !== undefined) throw new UsageError('give --sample or --limit, not both');
  const selection: Selection = {
    limit: options.limit ?? null,
    ...(options.sample === undefined ? {} : { sample: { size: options.sample, seed: options.seed ?? 0 } }),
  };
  const { all: requestFile, used: requests } = await readRequestSet(options.requests, selection);
  if (selection.sample !== undefined) process.stderr.write(`felicity run: a stratified sample of ${requests.length} of ${requestFile.length} requests (seed ${selection.sample.seed})\n`);
  const config: RunConfig = {
    grid,
    requests: { hash: requestSetHash(requests), count: requests.length, limit: selection.limit, ...(selection.sample ? { sample: selection.sample } : {}) },
    sampling: {
      temperature: options.temperature,
      max_tokens: options.maxTokens ?? null,
      seed: options.seed ?? null,
      thinking: options.thinking,
    },
    endpoints: Object.fromEntries(endpoints),
    timeout_s: options.timeout,
    ...(Object.keys(deployments).length > 0 ? { deployments } : {}),
  };
  const coversEarlier = (earlier: RunConfig) => extensionProblem(requestFile, requests, earlier);
  let name = options.name ?? defaultRunName(config);
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
