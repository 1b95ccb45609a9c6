/**
 * The narrow database interface the work queue and the worker use: one `query` with PostgreSQL
 * `$n` placeholders. A `pg.Pool` and a `pg.PoolClient` both satisfy it, and so will the store's
 * transaction handle, so the backend can be swapped without touching the queue.
 */

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
