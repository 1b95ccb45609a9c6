/**
 * The run_leases table: which process is running a named run right now. A run holds its lease
 * from start to finish and refreshes `heartbeat_at` every few seconds; a second process asking for
 * the same name is refused while the heartbeat is fresh, and takes the lease over once it is stale
 * (the holder was killed) or the caller knows the holder is gone. Times are epoch milliseconds
 * passed in by the caller, so the rules are testable without waiting.
 */
import type { Database, Statement } from 'better-sqlite3';
import { RunLeaseHeldError } from './errors.ts';

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

export class Leases {
  private readonly getStmt: Statement<[string], LeaseRow>;
  private readonly putStmt: Statement<[Record<string, unknown>]>;
  private readonly beatStmt: Statement<[Record<string, unknown>]>;
  private readonly releaseStmt: Statement<[Record<string, unknown>]>;
  private readonly acquireTx: (run: string, holder: LeaseHolder, options: AcquireOptions) => { takenOverFrom: LeaseHolder | undefined };

  constructor(db: Database) {
    this.getStmt = db.prepare('SELECT host, pid, started_at, heartbeat_at FROM run_leases WHERE run_name = ?');
    this.putStmt = db.prepare(`INSERT OR REPLACE INTO run_leases (run_name, host, pid, started_at, heartbeat_at)
      VALUES (@run, @host, @pid, @startedAt, @now)`);
    const mine = 'run_name = @run AND host = @host AND pid = @pid AND started_at = @startedAt';
    this.beatStmt = db.prepare(`UPDATE run_leases SET heartbeat_at = @now WHERE ${mine}`);
    this.releaseStmt = db.prepare(`DELETE FROM run_leases WHERE ${mine}`);
    const tx = db.transaction((run: string, holder: LeaseHolder, options: AcquireOptions) => {
      const row = this.getStmt.get(run);
      let takenOverFrom: LeaseHolder | undefined;
      if (row !== undefined && !sameHolder(row, holder)) {
        const age = options.now - row.heartbeat_at;
        if (age <= options.staleMs && !(options.isGone?.(holderOf(row)) ?? false)) throw new RunLeaseHeldError(run, holderOf(row), age);
        takenOverFrom = holderOf(row);
      }
      this.putStmt.run({ run, ...holder, now: options.now });
      return { takenOverFrom };
    });
    // IMMEDIATE: two processes checking at once cannot both see the lease as free.
    this.acquireTx = (run, holder, options) => tx.immediate(run, holder, options);
  }

  /** Takes the lease on `run` or throws RunLeaseHeldError naming the live holder. */
  acquire(run: string, holder: LeaseHolder, options: AcquireOptions): { takenOverFrom: LeaseHolder | undefined } {
    return this.acquireTx(run, holder, options);
  }

  /** Refreshes the holder's heartbeat; false when the lease is no longer this holder's. */
  heartbeat(run: string, holder: LeaseHolder, now: number): boolean {
    return this.beatStmt.run({ run, ...holder, now }).changes === 1;
  }

  /** Gives the lease up (only the holder can). */
  release(run: string, holder: LeaseHolder): void {
    this.releaseStmt.run({ run, ...holder });
  }
}
