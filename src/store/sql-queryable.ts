/**
 * The narrow database interface the work queue and the worker use: one `query` with PostgreSQL
 * `$n` placeholders. A `pg.Pool` and a `pg.PoolClient` both satisfy it, and so will the store's
 * transaction handle, so the backend can be swapped without touching the queue.
 */
import type PgModule from 'pg';
import { requireOptional } from '../optional-packages.ts';

export interface QueryResult {
  // Rows are typed by each caller at the query site.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  rows: any[];
  rowCount: number | null;
}

export interface SqlQueryable {
  // Any: a pg pool takes arrays and more; the store's transactions take SqlValue (both satisfy this).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query(sql: string, params?: readonly any[]): Promise<QueryResult>;
}

/** Something that hands out one connection for a transaction (a `pg.Pool`). */
export interface SqlPool extends SqlQueryable {
  connect(): Promise<SqlQueryable & { release(error?: Error | boolean): void }>;
}

/**
 * Runs `fn` in one transaction on one connection: committed when it resolves, rolled back when it
 * throws. A connection whose rollback failed is destroyed rather than returned to the pool.
 */
export async function withTransaction<T>(pool: SqlPool, fn: (tx: SqlQueryable) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    client.release(broken);
  }
}

export function isPostgresUrl(text: string): boolean {
  return /^postgres(ql)?:\/\//i.test(text);
}

/**
 * The URL with its password (and any `password=` parameter) replaced by `***`, for messages: a
 * secret is never printed. Text that is not a URL is shown up to its scheme only.
 */
export function redactedUrl(text: string): string {
  if (!isPostgresUrl(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `${text.slice(0, text.indexOf('://') + 3)}***`;
  }
  if (url.password !== '') url.password = '***';
  for (const key of [...url.searchParams.keys()]) if (/pass/i.test(key)) url.searchParams.set(key, '***');
  return url.toString().replaceAll('%2A%2A%2A', '***');
}

/** A pg Pool on `url`; its errors on idle connections are passed to `onIdleError`, not thrown. */
export function openPostgresPool(url: string, options: { max?: number; onIdleError?: (error: Error) => void } = {}): SqlPool & { end(): Promise<void> } {
  const pg = requireOptional<typeof PgModule>('pg', 'a PostgreSQL database (--db postgres://…)');
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, connectionTimeoutMillis: 10_000 });
  // Without a listener an idle connection dropped by the server would crash the process.
  pool.on('error', (error) => options.onIdleError?.(error));
  return pool;
}
