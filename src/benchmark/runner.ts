/**
 * The benchmark runner: streams a run's (request, condition, sample) tuples through a pool of
 * `concurrency` workers, commits every response the moment it finishes, and skips tuples a
 * previous attempt already finished, so a run can be stopped (or killed) and resumed at will.
 *
 * Memory stays bounded by the run: tuples come from a generator, and which are done is read from
 * the database once, at the start, into a set of response ids (one paged read, not a round trip
 * per tuple: on a database server that would cost a network round trip each).
 *
 * Commit policy: one small transaction per response (the response and, when judging on the fly,
 * its label together). In SQLite's WAL mode without fsync per commit this costs tens of
 * microseconds, so batching would buy little and could lose finished work on a crash. On
 * PostgreSQL a commit is a few round trips, made by `concurrency` workers at once.
 */
import { setMaxListeners } from 'node:events';
import type { ChatMessage, Category } from '../core/types.ts';
import type { FixStepsRow, AcquireOptions, JudgmentRow, LeaseHolder, ResponseRow, Store } from '../store/index.ts';
import { tupleCount, tuples, type Tuple } from './conditions.ts';
import { RunConfigChangedError, comparedConfig, diffConfig, onlyExtends, type RunConfig } from './run-config.ts';

/** The request fields the runner itself reads; the executor sees the whole record. */
export interface RunnerRequest {
  id: string;
  category: Category;
}

/** What executing one tuple produced. `error` set means the model call failed (data, not a throw). */
export interface TurnOutput {
  messages: ChatMessage[];
  usage: Record<string, unknown> | null;
  latency_ms: number;
  error?: { kind: string; message: string; status?: number | null };
  /** What a fix arm did (guard, reanchor), stored with the response. */
  fix_steps?: Omit<FixStepsRow, 'response_id'>;
}

/**
 * Runs one tuple against its model. Must not throw for model failures (return `error`); a throw is
 * a bug and stops the run. An `aborted` error (the `abandon` signal fired) is not stored.
 */
export type TurnExecutor<R extends RunnerRequest> = (tuple: Tuple<R>, signal: AbortSignal) => Promise<TurnOutput>;

/**
 * Labels a finished response (e.g. the rules engine); a throw leaves the response unlabelled.
 * Failed model calls are not labelled: they hold no reply.
 */
export type Labeller = (response: ResponseRow) => JudgmentRow;

export interface Progress {
  /** Tuples in the run. */
  total: number;
  /** Finished in earlier attempts and skipped now. */
  skipped: number;
  /** Finished in this attempt (errors included). */
  done: number;
  /** Of `done`, how many ended in a model error. */
  errors: number;
  /** Responses that could not be labelled (judging on the fly). */
  labelFailures: number;
  /** Set when this event reports a label failure. */
  labelFailure?: { responseId: string; message: string };
}

/** How this process holds the run's lease (src/store/leases.ts) while it runs. */
export interface RunLease {
  holder: LeaseHolder;
  /** A holder whose heartbeat is older than this is taken over. */
  staleMs: number;
  heartbeatMs: number;
  isGone?: AcquireOptions['isGone'];
  /** Told when a stale lease was taken over from a holder that is gone. */
  onTakeover?: (from: LeaseHolder) => void;
}

/** Error kinds that mean the endpoint cannot be reached at all (as opposed to one bad answer). */
const UNREACHABLE = new Set(['network', 'timeout']);

export const DEFAULT_MAX_CONSECUTIVE_UNREACHABLE = 20;

export interface RunOptions<R extends RunnerRequest> {
  store: Store;
  name: string;
  config: RunConfig;
  codeVersion: string;
  requests: readonly R[];
  execute: TurnExecutor<R>;
  label?: Labeller;
  concurrency: number;
  /** Redo every tuple whose stored response is an error (replacing it), not only those that could not reach the model. */
  retryErrors?: boolean;
  /** Fires: take no new tuples; in-flight ones finish and are stored. */
  stop?: AbortSignal;
  /** Fires: in-flight tuples are abandoned (passed to the executor; their results are dropped). */
  abandon?: AbortSignal;
  onProgress?: (progress: Progress) => void;
  /** Without it the run takes no lease (library use on a private database). */
  lease?: RunLease;
  /**
   * Stop taking work after this many responses in a row failed to reach their endpoint (each
   * after its own retries): a server that is down would otherwise fill a run with errors.
   */
  maxConsecutiveUnreachable?: number;
  /**
   * Whether this attempt's requests hold every request of the run's earlier configuration,
   * unchanged: a problem to report, or undefined. Without it a run cannot be extended.
   */
  coversEarlier?: (earlier: RunConfig) => string | undefined;
}

export interface RunSummary extends Progress {
  run: string;
  runId: number;
  /** True when stopped before every tuple was finished. */
  interrupted: boolean;
  /** Why the run stopped on its own before the end (endpoint unreachable), if it did. */
  stoppedBecause?: string;
}

/**
 * Creates the run, or checks that a resumed run has the configuration it started with. A resume
 * that only adds requests or samples (onlyExtends) extends the run when `coversEarlier` confirms
 * that the earlier requests are all still there: finished responses keep their ids and are skipped.
 */
export async function openRun(store: Store, name: string, config: RunConfig, codeVersion: string, coversEarlier?: RunOptions<RunnerRequest>['coversEarlier']): Promise<number> {
  let existing = await store.runs.find(name);
  if (existing === undefined) {
    const text = JSON.stringify(config);
    // Workers started at once race to create it: the loser compares with the winner's row.
    const created = await store.runs.create({ name, config: text, request_set_hash: config.requests.hash, code_version: codeVersion });
    if (created.config === text) return created.id;
    existing = created;
  }
  const earlier = JSON.parse(existing.config) as RunConfig;
  const changes = diffConfig(comparedConfig(earlier), comparedConfig(config));
  if (changes.length > 0) {
    if (coversEarlier === undefined || !onlyExtends(changes, earlier, config)) throw new RunConfigChangedError(name, changes);
    const problem = coversEarlier(earlier);
    if (problem !== undefined) throw new RunConfigChangedError(name, changes, problem);
    await store.runs.extendRun(existing.id, codeVersion, JSON.stringify(config), config.requests.hash);
    return existing.id;
  }
  // Uncompared fields (endpoints) record the latest attempt.
  await store.runs.touchRun(existing.id, codeVersion, JSON.stringify(config));
  return existing.id;
}

/**
 * The one stored run this configuration would extend (onlyExtends, and `coversEarlier` agrees), for
 * a run started without --name: the same command with a larger --sample or --limit finds the run
 * it grows. Undefined when none or more than one does.
 */
export async function runToExtend(store: Store, config: RunConfig, coversEarlier: NonNullable<RunOptions<RunnerRequest>['coversEarlier']>): Promise<string | undefined> {
  const found: string[] = [];
  for (const name of await store.runs.list()) {
    const earlier = JSON.parse((await store.runs.get(name)).config) as RunConfig;
    const changes = diffConfig(comparedConfig(earlier), comparedConfig(config));
    if (onlyExtends(changes, earlier, config) && coversEarlier(earlier) === undefined) found.push(name);
  }
  return found.length === 1 ? found[0] : undefined;
}

function errorText(error: NonNullable<TurnOutput['error']>): string {
  return `${error.kind}${error.status ? ` (HTTP ${error.status})` : ''}: ${error.message}`;
}

/** Whether a stored error (as errorText wrote it: the kind first) is one that never reached the model. */
export function couldNotReach(stored: string | undefined): boolean {
  const kind = stored?.match(/^(\w+)[ :]/)?.[1];
  return kind !== undefined && UNREACHABLE.has(kind);
}

export function toResponseRow<R extends RunnerRequest>(tuple: Tuple<R>, out: TurnOutput): ResponseRow {
  const { condition: c } = tuple;
  return {
    response_id: tuple.responseId,
    request_id: tuple.request.id,
    model: c.model,
    setup: c.setup,
    variant: c.variant,
    persona: c.persona,
    fix: c.fix,
    sample: tuple.sample,
    category: tuple.request.category,
    messages: out.messages,
    usage: out.usage,
    latency_ms: out.latency_ms,
    error: out.error === undefined ? null : errorText(out.error),
  };
}

export async function runBenchmark<R extends RunnerRequest>(options: RunOptions<R>): Promise<RunSummary> {
  const { store, lease } = options;
  if (lease !== undefined) {
    const { takenOverFrom } = await store.leases.acquire(options.name, lease.holder, { now: Date.now(), staleMs: lease.staleMs, isGone: lease.isGone });
    if (takenOverFrom !== undefined) lease.onTakeover?.(takenOverFrom);
  }
  let lost = false;
  const beat = lease === undefined ? undefined : setInterval(() => {
    // Another process took the lease over (this one stalled past the stale timeout): stop. A
    // heartbeat that fails (a database server briefly away) is not a loss: the next one retries.
    void store.leases.heartbeat(options.name, lease.holder, Date.now()).then(
      (held) => (lost ||= !held),
      () => {},
    );
  }, lease.heartbeatMs);
  beat?.unref();
  try {
    return await runHoldingLease(options, () => lost);
  } finally {
    clearInterval(beat);
    if (lease !== undefined) await store.leases.release(options.name, lease.holder);
  }
}

async function runHoldingLease<R extends RunnerRequest>(options: RunOptions<R>, leaseLost: () => boolean): Promise<RunSummary> {
  const { store, config } = options;
  const runId = await openRun(store, options.name, config, options.codeVersion, options.coversEarlier);
  const abandon = options.abandon ?? new AbortController().signal;
  // Every in-flight model call listens on `abandon` (a few layers each); that many listeners is
  // by design, not the leak Node's default limit of 10 warns about.
  setMaxListeners(Math.max(10, 8 * options.concurrency), abandon);
  const progress: Progress = { total: tupleCount(config.grid, options.requests.length), skipped: 0, done: 0, errors: 0, labelFailures: 0 };
  const report = (extra?: Pick<Progress, 'labelFailure'>) => options.onProgress?.({ ...progress, ...extra });

  // Whether a tuple still has to run. A response that never reached its model (an outage that
  // stopped the run, a timeout) holds no answer: resuming redoes it like a tuple never run. An
  // error the server answered with (a 400, a bad body) is kept until --retry-errors.
  const done = new Set<string>();
  for await (const { response_id, error } of store.responses.states(runId)) {
    if (error === null || !(options.retryErrors === true || couldNotReach(error))) done.add(response_id);
  }
  const toDo = (id: string): boolean => !done.has(id);
  // Finished tuples are counted before any work starts, so progress on a resume starts at what
  // is done, not at 0 (the lease keeps the states as they are while this process runs).
  for (const tuple of tuples(options.requests, config.grid)) if (!toDo(tuple.responseId)) progress.skipped++;
  const all = tuples(options.requests, config.grid);
  // A bug in one worker (a throw) stops the others from taking new work, then is rethrown.
  let fatal: { error: unknown } | undefined;
  const maxUnreachable = options.maxConsecutiveUnreachable ?? DEFAULT_MAX_CONSECUTIVE_UNREACHABLE;
  let unreachableInARow = 0;
  let stoppedBecause: string | undefined;
  // The next tuple still to run. Synchronous, so workers sharing it never take one twice.
  const next = (): Tuple<R> | undefined => {
    for (;;) {
      if (options.stop?.aborted || abandon.aborted || fatal !== undefined || stoppedBecause !== undefined) return undefined;
      if (leaseLost()) {
        fatal = { error: new RunLeaseLostError(options.name) };
        return undefined;
      }
      const step = all.next();
      if (step.done) return undefined;
      if (toDo(step.value.responseId)) return step.value;
    }
  };

  const finish = async (tuple: Tuple<R>, out: TurnOutput): Promise<void> => {
    const row = toResponseRow(tuple, out);
    let judgment: JudgmentRow | undefined;
    let labelFailure: Progress['labelFailure'];
    if (options.label !== undefined && row.error === null) {
      try {
        judgment = options.label(row);
      } catch (err) {
        progress.labelFailures++;
        labelFailure = { responseId: row.response_id, message: err instanceof Error ? err.message : String(err) };
      }
    }
    await store.saveResponse(runId, row, judgment, out.fix_steps && { response_id: row.response_id, ...out.fix_steps });
    progress.done++;
    if (row.error !== null) progress.errors++;
    if (out.error !== undefined && UNREACHABLE.has(out.error.kind)) {
      if (++unreachableInARow >= maxUnreachable && stoppedBecause === undefined) {
        stoppedBecause = `${unreachableInARow} responses in a row could not reach the model (last: ${row.error})`;
      }
    } else unreachableInARow = 0;
    report(labelFailure === undefined ? undefined : { labelFailure });
  };

  const worker = async (): Promise<void> => {
    try {
      for (let tuple = next(); tuple !== undefined; tuple = next()) {
        const out = await options.execute(tuple, abandon);
        if (abandon.aborted && out.error?.kind === 'aborted') return;
        await finish(tuple, out);
      }
    } catch (error) {
      fatal ??= { error };
    }
  };

  report();
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  if (fatal !== undefined) throw fatal.error;
  const finished = progress.skipped + progress.done;
  return { ...progress, run: options.name, runId, interrupted: finished < progress.total, ...(stoppedBecause === undefined ? {} : { stoppedBecause }) };
}

/** The run's lease went to another process while this one ran (it stalled past the stale timeout). */
export class RunLeaseLostError extends Error {
  readonly code = 'RUN_LEASE_LOST';
  constructor(readonly run: string) {
    super(`run "${run}" was taken over by another process (this one missed its heartbeats); stopped`);
    this.name = 'RunLeaseLostError';
  }

  static isInstance(error: unknown): error is RunLeaseLostError {
    return error instanceof Error && (error as { code?: unknown }).code === 'RUN_LEASE_LOST';
  }
}
