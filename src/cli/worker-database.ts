/**
 * Opening the team database a worker or `felicity status` uses: the store (migrated, so the work
 * queue's tables are there) and its PostgreSQL pool, which the queue needs for its row locks and
 * array parameters. A SQLite file is refused: workers need a database every machine reaches.
 */
import { Store } from '../store/index.ts';
import { isPostgresTarget, redactTarget } from '../store/sql.ts';
import type { Pool } from 'pg';
import { UsageError } from './bench-errors.ts';

export interface WorkerDatabase {
  store: Store;
  pool: Pool;
}

/** @throws UsageError for a URL that is not postgres://; the store's typed errors (cannot connect, schema too new). */
export async function openWorkerDatabase(url: string, why: string, connections = 10): Promise<WorkerDatabase> {
  if (!isPostgresTarget(url)) throw new UsageError(`${why} needs a database every worker shares: --db postgres://… (got ${redactTarget(url)})`);
  const store = await Store.open(url, { connections });
  return { store, pool: store.postgresPool! };
}
