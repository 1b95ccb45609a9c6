/**
 * Opening the PostgreSQL database a worker or `felicity status` uses. A STAND-IN until the
 * PostgreSQL store lands (branch pg-store): at merge, open the store on the URL and pass its
 * pool/transaction handle instead; the queue and the worker only need a SqlQueryable.
 */
import { UsageError } from './bench-errors.ts';
import { isPostgresUrl, openPostgresPool, redactedUrl, type SqlPool } from '../store/sql-queryable.ts';

export type WorkerDatabase = SqlPool & { end(): Promise<void> };

/** @throws UsageError for a URL that is not postgres://, or a database without the work-queue tables. */
export async function openWorkerDatabase(url: string, why: string, max = 10): Promise<WorkerDatabase> {
  if (!isPostgresUrl(url)) throw new UsageError(`${why} needs a database every worker shares: --db postgres://… (got ${redactedUrl(url)})`);
  const pool = openPostgresPool(url, { max });
  try {
    const { rows } = await pool.query("SELECT to_regclass('run_tuples') IS NOT NULL AS ready");
    if (rows[0].ready !== true) {
      throw new UsageError(`the database at ${redactedUrl(url)} has no work-queue tables (run_tuples): it was not made by a felicity with workers (schema version 5)`);
    }
    return pool;
  } catch (error) {
    await pool.end();
    if (UsageError.isInstance(error)) throw error;
    // pg's messages name the host and user, never the password; the URL is shown redacted.
    throw new UsageError(`cannot use the database at ${redactedUrl(url)}: ${(error as Error).message}`);
  }
}
