/**
 * The work queue several `felicity run --worker` processes share (PostgreSQL): a run's tuples are
 * rows of run_tuples; a worker claims a few with `SELECT … FOR UPDATE SKIP LOCKED`, holds them
 * under a lease it renews by heartbeat, and marks each done in the same transaction that writes
 * its response (`complete`, the save's precondition). A claim whose lease ran out is taken by the
 * next claimer; the old holder's `complete` then finds the claim gone and writes nothing, so every
 * response is written exactly once.
 *
 * Why SKIP LOCKED on our own table rather than a queue library (pg-boss): the tuples are known up
 * front with deterministic ids (one idempotent INSERT per batch), the claim check must run in the
 * same transaction as the response write, and progress is a GROUP BY on the same rows; a library
 * would add its own tables, schema and polling beside ours and still need all three.
 *
 * Every time is the DATABASE clock in epoch ms (NOW_MS), so workers on machines whose clocks
 * disagree agree on when a lease ends.
 */
import type { SqlQueryable } from './sql-queryable.ts';

const NOW_MS = '(extract(epoch from clock_timestamp()) * 1000)::bigint';

/**
 * Stored errors a resume redoes: the model was never reached. Mirrors runner.ts' couldNotReach
 * (errorText writes the kind first); work-queue.test.ts checks the two agree.
 */
export const UNREACHED_ERROR_PATTERN = '^(network|timeout)[ :]';

/** Ids per INSERT: one round trip each, bounded parameter size. */
const ENQUEUE_BATCH = 1000;

export interface WorkerInfo {
  /** Unique per process: host/pid/random. */
  worker: string;
  host: string;
  pid: number;
  concurrency: number;
}

export type WorkerEnd = 'finished' | 'stopped' | 'lost';

export interface WorkerProgress {
  worker: string;
  host: string;
  pid: number;
  /** running, or how it ended; `stale` when running but its heartbeat is older than its lease (killed or hung). */
  status: 'running' | 'stale' | WorkerEnd;
  /** Tuples it wrote the current response of (a tuple redone later counts for the worker that redid it). */
  done: number;
  /** Of `done`, responses that hold an error. */
  errors: number;
  /** Tuples it holds right now: in flight or about to start. */
  claimed: number;
  concurrency: number;
  heartbeatAgeMs: number;
  runningForMs: number;
}

export interface QueueTotals {
  total: number;
  pending: number;
  claimed: number;
  /** Of `claimed`, held under a lease that ran out (its worker died): the next claim takes them. */
  expired: number;
  done: number;
  /** Stored responses that hold an error. */
  errors: number;
}

export interface RunProgress {
  totals: QueueTotals;
  workers: WorkerProgress[];
}

const int = (v: unknown): number => Number(v);

export class WorkQueue {
  constructor(private readonly db: SqlQueryable) {}

  /** The database clock, epoch ms. */
  async now(): Promise<number> {
    const { rows } = await this.db.query(`SELECT ${NOW_MS} AS now`);
    return int(rows[0].now);
  }

  /** Records a worker joining the run (its row in run_workers, heartbeat now). */
  async register(runId: number, info: WorkerInfo, leaseMs: number): Promise<void> {
    await this.db.query(
      `INSERT INTO run_workers (run_id, worker, host, pid, started_at, heartbeat_at, lease_ms, concurrency)
       VALUES ($1, $2, $3, $4, ${NOW_MS}, ${NOW_MS}, $5, $6)
       ON CONFLICT (run_id, worker) DO UPDATE SET heartbeat_at = excluded.heartbeat_at, state = 'running'`,
      [runId, info.worker, info.host, info.pid, leaseMs, info.concurrency],
    );
  }

  /**
   * Adds the run's tuples; idempotent, so every worker calls it at start with the same ids. A tuple
   * with a stored response is added as done, unless that response is an error a resume redoes (the
   * model was never reached, or any error with `retryErrors`); such a tuple already done is
   * reopened, as a resumed `felicity run` would redo it. Returns the tuples pending after it.
   */
  async enqueue(runId: number, responseIds: Iterable<string>, options: { retryErrors?: boolean } = {}): Promise<number> {
    const retry = options.retryErrors === true;
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const redo = `r.error IS NOT NULL AND ($3::boolean OR r.error ~ '${UNREACHED_ERROR_PATTERN}')`;
      await this.db.query(
        `INSERT INTO run_tuples (run_id, response_id, state)
         SELECT $1, ids.id, CASE WHEN r.response_id IS NULL OR (${redo}) THEN 'pending' ELSE 'done' END
         FROM unnest($2::text[]) AS ids(id)
         LEFT JOIN responses r ON r.run_id = $1 AND r.response_id = ids.id
         ON CONFLICT (run_id, response_id) DO NOTHING`,
        [runId, batch, retry],
      );
      await this.db.query(
        `UPDATE run_tuples t SET state = 'pending', worker = NULL, lease_until = NULL
         FROM responses r
         WHERE t.run_id = $1 AND t.response_id = ANY($2::text[]) AND t.state = 'done'
           AND r.run_id = t.run_id AND r.response_id = t.response_id AND ${redo}`,
        [runId, batch, retry],
      );
      batch = [];
    };
    for (const id of responseIds) {
      batch.push(id);
      if (batch.length >= ENQUEUE_BATCH) await flush();
    }
    await flush();
    const { rows } = await this.db.query(`SELECT count(*)::int AS n FROM run_tuples WHERE run_id = $1 AND state = 'pending'`, [runId]);
    return int(rows[0].n);
  }

  /**
   * Claims up to `n` tuples (pending ones, or claimed ones whose lease ran out), in response-id
   * order, for `leaseMs`. Tuples another claimer is taking at this instant are skipped, never
   * waited for or shared. Returns their ids, sorted.
   */
  async claim(runId: number, worker: string, n: number, leaseMs: number): Promise<string[]> {
    if (n <= 0) return [];
    const { rows } = await this.db.query(
      `UPDATE run_tuples t SET state = 'claimed', worker = $2, lease_until = ${NOW_MS} + $4, attempts = t.attempts + 1
       FROM (SELECT response_id FROM run_tuples
             WHERE run_id = $1 AND state <> 'done' AND (state = 'pending' OR lease_until < ${NOW_MS})
             ORDER BY response_id LIMIT $3 FOR UPDATE SKIP LOCKED) c
       WHERE t.run_id = $1 AND t.response_id = c.response_id
       RETURNING t.response_id`,
      [runId, worker, n, leaseMs],
    );
    return rows.map((r: { response_id: string }) => r.response_id).sort();
  }

  /**
   * Extends the lease of the tuples this worker holds (`held`) and its heartbeat. False when any
   * of them is no longer its own (its lease ran out and another worker took it).
   */
  async heartbeat(runId: number, worker: string, leaseMs: number, held: readonly string[]): Promise<boolean> {
    let kept = 0;
    if (held.length > 0) {
      // Done tuples keep their worker: one finished between the caller's snapshot and this update still counts as held.
      const result = await this.db.query(
        `UPDATE run_tuples SET lease_until = CASE WHEN state = 'claimed' THEN ${NOW_MS} + $3 ELSE lease_until END
         WHERE run_id = $1 AND worker = $2 AND response_id = ANY($4::text[])`,
        [runId, worker, leaseMs, held],
      );
      kept = result.rowCount ?? 0;
    }
    await this.db.query(`UPDATE run_workers SET heartbeat_at = ${NOW_MS} WHERE run_id = $1 AND worker = $2`, [runId, worker]);
    return kept === held.length;
  }

  /**
   * The precondition of a response's write, run in its transaction: marks the tuple done if this
   * worker still holds its claim, else returns false and changes nothing. The row lock it takes
   * keeps a concurrent claimer off the tuple until the commit. It locks nothing else: a per-worker
   * counter updated here would serialise every save of a worker on one row.
   */
  async complete(tx: SqlQueryable, runId: number, responseId: string, worker: string): Promise<boolean> {
    const result = await tx.query(
      `UPDATE run_tuples SET state = 'done', lease_until = NULL
       WHERE run_id = $1 AND response_id = $2 AND worker = $3 AND state = 'claimed'`,
      [runId, responseId, worker],
    );
    return result.rowCount === 1;
  }

  /** Gives tuples this worker claimed but will not run back to pending (a stop, a run it cannot execute). */
  async unclaim(runId: number, worker: string, responseIds: readonly string[]): Promise<void> {
    if (responseIds.length === 0) return;
    await this.db.query(
      `UPDATE run_tuples SET state = 'pending', worker = NULL, lease_until = NULL
       WHERE run_id = $1 AND worker = $2 AND state = 'claimed' AND response_id = ANY($3::text[])`,
      [runId, worker, responseIds],
    );
  }

  /** On leaving the run: every claim it still holds goes back to pending; its row records how it ended. */
  async release(runId: number, worker: string, end: WorkerEnd): Promise<void> {
    await this.db.query(
      `UPDATE run_tuples SET state = 'pending', worker = NULL, lease_until = NULL
       WHERE run_id = $1 AND worker = $2 AND state = 'claimed'`,
      [runId, worker],
    );
    await this.db.query(`UPDATE run_workers SET state = $3, heartbeat_at = ${NOW_MS} WHERE run_id = $1 AND worker = $2`, [runId, worker, end]);
  }

  /** Tuples not done yet (pending or claimed by anyone). */
  async open(runId: number): Promise<number> {
    const { rows } = await this.db.query(`SELECT count(*)::int AS n FROM run_tuples WHERE run_id = $1 AND state <> 'done'`, [runId]);
    return int(rows[0].n);
  }

  /** The run's totals and each worker that joined it, oldest first. */
  async progress(runId: number): Promise<RunProgress> {
    const totals = await this.db.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE state = 'pending')::int AS pending,
              count(*) FILTER (WHERE state = 'claimed')::int AS claimed,
              count(*) FILTER (WHERE state = 'claimed' AND lease_until < ${NOW_MS})::int AS expired,
              count(*) FILTER (WHERE state = 'done')::int AS done,
              (SELECT count(*)::int FROM responses r WHERE r.run_id = $1 AND r.error IS NOT NULL) AS errors
       FROM run_tuples WHERE run_id = $1`,
      [runId],
    );
    const workers = await this.db.query(
      `SELECT w.worker, w.host, w.pid, w.state, w.concurrency, w.lease_ms,
              (${NOW_MS} - w.heartbeat_at) AS heartbeat_age, (${NOW_MS} - w.started_at) AS running_for,
              coalesce(c.done, 0) AS done, coalesce(c.errors, 0) AS errors, coalesce(c.claimed, 0) AS claimed
       FROM run_workers w
       LEFT JOIN (SELECT t.worker,
                         count(*) FILTER (WHERE t.state = 'done')::int AS done,
                         count(*) FILTER (WHERE t.state = 'done' AND r.error IS NOT NULL)::int AS errors,
                         count(*) FILTER (WHERE t.state = 'claimed')::int AS claimed
                  FROM run_tuples t LEFT JOIN responses r ON r.run_id = t.run_id AND r.response_id = t.response_id
                  WHERE t.run_id = $1 AND t.worker IS NOT NULL GROUP BY t.worker) c ON c.worker = w.worker
       WHERE w.run_id = $1 ORDER BY w.started_at, w.worker`,
      [runId],
    );
    const t = totals.rows[0];
    return {
      totals: { total: t.total, pending: t.pending, claimed: t.claimed, expired: t.expired, done: t.done, errors: t.errors },
      workers: workers.rows.map((w) => ({
        worker: w.worker,
        host: w.host,
        pid: w.pid,
        status: w.state === 'running' && int(w.heartbeat_age) > int(w.lease_ms) ? 'stale' : w.state,
        done: w.done,
        errors: w.errors,
        claimed: w.claimed,
        concurrency: w.concurrency,
        heartbeatAgeMs: int(w.heartbeat_age),
        runningForMs: int(w.running_for),
      })),
    };
  }
}
