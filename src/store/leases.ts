/**
 * The run_leases table: which process is running a named run right now. A run holds its lease
 * from start to finish and refreshes `heartbeat_at` every few seconds; a second process asking for
 * the same name is refused while the heartbeat is fresh, and takes the lease over once it is stale
 * (the holder was killed) or the caller knows the holder is gone. Times are epoch milliseconds
 * passed in by the caller, so the rules are testable without waiting.
 */
import { RunLeaseHeldError } from './errors.ts';
import type { SqlDatabase, SqlTx } from './sql.ts';

/** Who holds a lease: host, process id and process start time (pids are reused; the triple is not). */
export interface LeaseHolder {
  host: string;
  pid: number;
  startedAt: string;
}

export interface AcquireOptions {
  now: number;
  /** A heartbeat older than this means the holder is gone. */
  staleMs: number;
  /** The caller's own knowledge that a holder is gone (e.g. its pid no longer exists on this host). */
  isGone?: (holder: LeaseHolder) => boolean;
}

interface LeaseRow {
  host: string;
  pid: number;
  started_at: string;
  heartbeat_at: number;
}

const sameHolder = (row: LeaseRow, h: LeaseHolder) => row.host === h.host && row.pid === h.pid && row.started_at === h.startedAt;
const holderOf = (row: LeaseRow): LeaseHolder => ({ host: row.host, pid: row.pid, startedAt: row.started_at });

const MINE = 'run_name = $1 AND host = $2 AND pid = $3 AND started_at = $4';

export class Leases {
  constructor(private readonly db: SqlDatabase) {}

  /**
   * Takes the lease on `run` or throws RunLeaseHeldError naming the live holder. The check and
   * the write are one transaction that holds the lease's lock from the read on (SQLite: BEGIN
   * IMMEDIATE; PostgreSQL: an advisory lock on the run name, which also covers a lease not yet
   * written), so two processes checking at once cannot both see the lease as free.
   */
  acquire(run: string, holder: LeaseHolder, options: AcquireOptions): Promise<{ takenOverFrom: LeaseHolder | undefined }> {
    return this.db.transaction(async (tx) => {
      if (tx.kind === 'postgres') await tx.query("SELECT pg_advisory_xact_lock(hashtext('felicity lease ' || $1))", [run]);
      const row = await leaseOf(tx, run);
      let takenOverFrom: LeaseHolder | undefined;
      if (row !== undefined && !sameHolder(row, holder)) {
        const age = options.now - row.heartbeat_at;
        if (age <= options.staleMs && !(options.isGone?.(holderOf(row)) ?? false)) throw new RunLeaseHeldError(run, holderOf(row), age);
        takenOverFrom = holderOf(row);
      }
      await tx.query(
        `INSERT INTO run_leases (run_name, host, pid, started_at, heartbeat_at) VALUES ($1, $2, $3, $4, $5)
        ON CONFLICT (run_name) DO UPDATE SET host = excluded.host, pid = excluded.pid, started_at = excluded.started_at, heartbeat_at = excluded.heartbeat_at`,
        [run, holder.host, holder.pid, holder.startedAt, options.now],
      );
      return { takenOverFrom };
    });
  }

  /** Refreshes the holder's heartbeat; false when the lease is no longer this holder's. */
  async heartbeat(run: string, holder: LeaseHolder, now: number): Promise<boolean> {
    const { rowCount } = await this.db.query(`UPDATE run_leases SET heartbeat_at = $5 WHERE ${MINE}`, [run, holder.host, holder.pid, holder.startedAt, now]);
    return rowCount === 1;
  }

  /** Gives the lease up (only the holder can). */
  async release(run: string, holder: LeaseHolder): Promise<void> {
    await this.db.query(`DELETE FROM run_leases WHERE ${MINE}`, [run, holder.host, holder.pid, holder.startedAt]);
  }
}

async function leaseOf(tx: SqlTx, run: string): Promise<LeaseRow | undefined> {
  const { rows } = await tx.query<LeaseRow>('SELECT host, pid, started_at, heartbeat_at FROM run_leases WHERE run_name = $1', [run]);
  return rows[0];
}
