/**
 * One `felicity run --worker` process: like runBenchmark (runner.ts), but the tuples come from the
 * run's shared work queue (src/store/work-queue.ts), so any number of workers, on one machine or
 * many, cooperate on one run. The worker claims a few tuples more than its concurrency, runs them
 * with the same executor and labeller as the runner, and writes each through `save` with the
 * queue's `complete` as precondition: a response whose claim was lost (its lease ran out and
 * another worker took the tuple) is not written, so each is written exactly once.
 *
 * It renews its leases by heartbeat, and stops when nothing is left open in the run, on the
 * stop/abandon signals (as the runner does), when it loses a claim, or when its endpoints stop
 * answering. Tuples claimed by a worker that died come back once their lease runs out, so a live
 * worker with nothing to claim waits for them rather than leave them behind.
 *
 * Adaptive concurrency needs nothing here: the model clients keep one AIMD limiter per endpoint
 * per process (src/llm/adaptive-concurrency.ts), so each worker adapts on its own.
 *
 * Memory: the tuples are held in a map by response id (a claim returns ids), unlike the runner's
 * generator; a few hundred bytes per tuple, some MB for the paper's 23,440.
 */
import { setMaxListeners } from 'node:events';
import type { JudgmentRow } from '../store/judgments.ts';
import type { WorkerInfo, WorkQueue } from '../store/work-queue.ts';
import { tuples, type Grid, type Tuple } from './conditions.ts';
import type { Store } from '../store/index.ts';
import {
  DEFAULT_MAX_CONSECUTIVE_UNREACHABLE,
  couldNotReach,
  toResponseRow,
  type Labeller,
  type Progress,
  type RunnerRequest,
  type TurnExecutor,
  type TurnOutput,
} from './runner.ts';

export interface WorkerOptions<R extends RunnerRequest> {
  queue: WorkQueue;
  /** The run, opened by the caller (openRun). */
  runId: number;
  /** This process; `concurrency` is how many tuples it runs at once. */
  worker: WorkerInfo;
  requests: readonly R[];
  grid: Grid;
  execute: TurnExecutor<R>;
  label?: Labeller;
  /** Writes a response after its precondition, in one transaction; false when the precondition refused. */
  /** Store.saveResponse: writes nothing when the precondition (run first, same transaction) fails. */
  save: Store['saveResponse'];
  /** How long a claim lasts without a heartbeat. */
  leaseMs: number;
  /** Default: a third of the lease. */
  heartbeatMs?: number;
  /** How often to look again when every open tuple is held by other workers. Default: min(250 ms, lease / 4). */
  pollMs?: number;
  /**
   * Tuples claimed beyond the concurrency, so a finished slot starts its next at once; claims are
   * made in batches of about this many. Default: the concurrency. A killed worker's claims wait
   * for its lease to end, but only those in flight were called.
   */
  prefetch?: number;
  retryErrors?: boolean;
  stop?: AbortSignal;
  abandon?: AbortSignal;
  onProgress?: (progress: Progress) => void;
  maxConsecutiveUnreachable?: number;
}

export interface WorkerSummary extends Progress {
  runId: number;
  worker: string;
  /** Stopped by a signal before the run was finished. */
  interrupted: boolean;
  /** Why it stopped on its own before the run was finished (lost claims, endpoint unreachable). */
  stoppedBecause?: string;
  /** Responses not written because their claim had passed to another worker. */
  lostClaims: number;
}

/** A sleep that ends early when any of the signals fires. */
function pause(ms: number, ...signals: (AbortSignal | undefined)[]): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      for (const s of signals) s?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    for (const s of signals) s?.addEventListener('abort', done, { once: true });
  });
}

export async function runWorker<R extends RunnerRequest>(options: WorkerOptions<R>): Promise<WorkerSummary> {
  const { queue, runId, leaseMs } = options;
  const me = options.worker.worker;
  const concurrency = Math.max(1, options.worker.concurrency);
  const prefetch = Math.max(1, options.prefetch ?? concurrency);
  const pollMs = options.pollMs ?? Math.min(250, Math.max(10, leaseMs / 4));
  const abandon = options.abandon ?? new AbortController().signal;
  setMaxListeners(Math.max(10, 8 * concurrency + 2), abandon);

  const byId = new Map<string, Tuple<R>>();
  for (const t of tuples(options.requests, options.grid)) byId.set(t.responseId, t);

  await queue.register(runId, options.worker, leaseMs);
  const pendingAtStart = await queue.enqueue(runId, byId.keys(), { retryErrors: options.retryErrors === true });
  const progress: Progress = { total: byId.size, skipped: byId.size - pendingAtStart, done: 0, errors: 0, labelFailures: 0 };
  const report = (extra?: Pick<Progress, 'labelFailure'>) => options.onProgress?.({ ...progress, ...extra });

  /** Claimed and not started. */
  const buffer: string[] = [];
  /** Claimed and not finished: the buffer and those running. */
  const held = new Set<string>();
  let lostClaims = 0;
  let lost = false;
  let fatal: { error: unknown } | undefined;
  let stoppedBecause: string | undefined;
  let unreachableInARow = 0;
  const maxUnreachable = options.maxConsecutiveUnreachable ?? DEFAULT_MAX_CONSECUTIVE_UNREACHABLE;
  const stopping = () => options.stop?.aborted === true || abandon.aborted || fatal !== undefined || stoppedBecause !== undefined || lost;

  let beating: Promise<void> | undefined;
  const beat = setInterval(() => {
    beating ??= queue
      .heartbeat(runId, me, leaseMs, [...held])
      .then(async (kept) => {
        if (!kept) lost = true;
        // Others' work shows as `skipped`, so the progress line reads the whole run.
        const open = await queue.open(runId);
        progress.skipped = Math.max(0, progress.total - open - progress.done);
        report();
      })
      // A failed beat (the database restarting) is tried again next time; if the lease runs out
      // meanwhile, complete() refuses the writes and the worker stops.
      .catch(() => {})
      .finally(() => (beating = undefined));
  }, options.heartbeatMs ?? Math.max(10, Math.floor(leaseMs / 3)));
  beat.unref();

  /** Claims up to the target; resolves to how many tuples the claim returned (0: none claimable now). */
  let refilling: Promise<number> | undefined;
  const refill = (): Promise<number> =>
    (refilling ??= (async () => {
      const want = concurrency + prefetch - held.size;
      if (want <= 0 || stopping()) return want <= 0 ? 1 : 0;
      const ids = await queue.claim(runId, me, want, leaseMs);
      const unknown = ids.filter((id) => !byId.has(id));
      for (const id of ids) {
        if (!byId.has(id)) continue;
        held.add(id);
        buffer.push(id);
      }
      if (unknown.length > 0) {
        await queue.unclaim(runId, me, unknown);
        stoppedBecause = "the run holds tuples this worker's command does not make (a later command extended it): start every worker with the same command";
      }
      return ids.length;
    })()
      .catch((error: unknown) => {
        fatal ??= { error };
        return 0;
      })
      .finally(() => (refilling = undefined)));

  // Nothing to claim now. Done when every open tuple is this worker's own (running in other slots);
  // otherwise other workers hold them, and a dead one's come back when its lease ends: look again
  // after a pause. One look for all idle slots, so a large concurrency does not multiply queries.
  let looking: Promise<boolean> | undefined;
  const nothingLeft = (): Promise<boolean> =>
    (looking ??= (async () => {
      if ((await queue.open(runId)) <= held.size) return true;
      await pause(pollMs, options.stop, abandon);
      return false;
    })().finally(() => (looking = undefined)));

  const next = async (): Promise<Tuple<R> | undefined> => {
    for (;;) {
      if (stopping()) return undefined;
      const id = buffer.shift();
      if (id !== undefined) {
        if (buffer.length <= prefetch / 2) void refill();
        return byId.get(id)!;
      }
      // Tuples claimed but taken by other slots first: claim again rather than wait.
      if ((await refill()) > 0 || buffer.length > 0) continue;
      if (stopping() || (await nothingLeft())) return undefined;
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
    const failed = row.error !== null;
    const fix = out.fix_steps && { response_id: row.response_id, ...out.fix_steps };
    const saved = await options.save(runId, row, judgment, fix, (tx) => queue.complete(tx, runId, row.response_id, me));
    held.delete(row.response_id);
    if (!saved) {
      // Another worker took this tuple (this one stalled past its lease): it writes the response.
      lostClaims++;
      lost = true;
      return;
    }
    progress.done++;
    if (failed) progress.errors++;
    if (couldNotReach(row.error ?? undefined)) {
      if (++unreachableInARow >= maxUnreachable && stoppedBecause === undefined) {
        stoppedBecause = `${unreachableInARow} responses in a row could not reach the model (last: ${row.error})`;
      }
    } else unreachableInARow = 0;
    report(labelFailure === undefined ? undefined : { labelFailure });
  };

  const slot = async (): Promise<void> => {
    try {
      for (let tuple = await next(); tuple !== undefined; tuple = await next()) {
        const out = await options.execute(tuple, abandon);
        // Abandoned: its claim stays held and goes back to pending on release.
        if (abandon.aborted && out.error?.kind === 'aborted') return;
        await finish(tuple, out);
      }
    } catch (error) {
      fatal ??= { error };
    }
  };

  report();
  let end: 'finished' | 'stopped' | 'lost';
  try {
    await Promise.all(Array.from({ length: concurrency }, slot));
    await refilling;
  } finally {
    clearInterval(beat);
    await beating;
    const interrupted = options.stop?.aborted === true || abandon.aborted;
    end = lost ? 'lost' : interrupted || fatal !== undefined || stoppedBecause !== undefined ? 'stopped' : 'finished';
    await queue.release(runId, me, end);
  }
  if (fatal !== undefined) throw fatal.error;
  if (lost) stoppedBecause ??= `lost its claims to other workers (it missed its heartbeats past the ${leaseMs} ms lease; ${lostClaims} finished responses were left to them)`;
  return {
    ...progress,
    runId,
    worker: me,
    interrupted: end === 'stopped' && stoppedBecause === undefined,
    lostClaims,
    ...(stoppedBecause === undefined ? {} : { stoppedBecause }),
  };
}
