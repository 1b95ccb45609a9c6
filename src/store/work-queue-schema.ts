/**
 * Migration 5, the work queue: which of a run's tuples are pending, claimed by a worker (until
 * its lease runs out) or done, and the workers that cooperate on a run (`felicity run --worker`).
 * Both dialects, so a SQLite database and a PostgreSQL one stay at the same schema versions; only
 * PostgreSQL runs workers (they need a database every machine reaches).
 *
 * A worker's counts (done, errors, claimed) are read from run_tuples, which keeps who wrote each
 * tuple, not kept as counters in run_workers: a counter would make every save of a worker wait on
 * one row.
 *
 * Times are epoch milliseconds of the DATABASE clock (see work-queue.ts), so machines whose
 * clocks disagree still agree on when a lease ends.
 */

/** The shape of src/store/migrations.ts' Migration, plus the PostgreSQL text. */
export interface DualMigration {
  version: number;
  name: string;
  /** SQLite dialect. */
  sql: string;
  /** PostgreSQL dialect. */
  postgres: string;
}

/** The states a tuple moves through: pending → claimed → done (or back to pending on release). */
export const TUPLE_STATES = ['pending', 'claimed', 'done'] as const;
export type TupleState = (typeof TUPLE_STATES)[number];

const states = TUPLE_STATES.map((s) => `'${s}'`).join(', ');

/**
 * `text` is the type of the ids on this dialect: on PostgreSQL `TEXT COLLATE "C"`, as in the
 * store's own tables (ids order byte by byte, as in SQLite, and comparing run_tuples.response_id
 * with responses.response_id needs the same collation on both sides).
 */
function ddl(text: string, big: string): string {
  return `
      CREATE TABLE run_tuples (
        run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        response_id ${text} NOT NULL,
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN (${states})),
        worker ${text},
        lease_until ${big},
        attempts INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (run_id, response_id)
      );
      CREATE INDEX run_tuples_open ON run_tuples (run_id, response_id) WHERE state <> 'done';
      CREATE INDEX run_tuples_worker ON run_tuples (run_id, worker) WHERE state = 'claimed';
      CREATE TABLE run_workers (
        run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        worker ${text} NOT NULL,
        host TEXT NOT NULL,
        pid INTEGER NOT NULL,
        started_at ${big} NOT NULL,
        heartbeat_at ${big} NOT NULL,
        lease_ms INTEGER NOT NULL,
        concurrency INTEGER NOT NULL,
        state TEXT NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'finished', 'stopped', 'lost')),
        PRIMARY KEY (run_id, worker)
      );
    `;
}

export const WORK_QUEUE_MIGRATION: DualMigration = {
  version: 5,
  name: 'work queue',
  sql: ddl('TEXT', 'INTEGER'),
  postgres: ddl('TEXT COLLATE "C"', 'BIGINT'),
};
