/**
 * The PostgreSQL backend of SqlDatabase: a `pg` pool; a transaction has a pooled client to
 * itself. Counts and sums come back as numbers (PostgreSQL's bigint and numeric, which `pg`
 * returns as strings): every one felicity reads is far below 2^53.
 */
import type PgModule from 'pg';
import type { Pool, PoolClient } from 'pg';
import { requireOptional } from '../optional-packages.ts';
import type { SqlDatabase, SqlResult, SqlTx, SqlValue } from './sql.ts';
import { withTransaction } from './sql-queryable.ts';

const INT8 = 20;
const NUMERIC = 1700;

export interface PostgresOptions {
  /** Connections the pool may open (a run's workers share them). */
  max?: number;
}

export class PostgresDatabase implements SqlDatabase {
  readonly kind = 'postgres' as const;
  /**
   * The pool itself, for the PostgreSQL-only modules (the run work queue, shared audits): they
   * bind arrays and lock rows, which the portable SqlDatabase does not offer.
   */
  readonly pool: Pool;

  /** @param url the connection string, password included; kept only inside the pool. */
  constructor(url: string, readonly location: string, options: PostgresOptions = {}) {
    const pg = requireOptional<typeof PgModule>('pg', 'a PostgreSQL database (--db postgres://…)');
    const parse = (text: string) => Number(text);
    this.pool = new pg.Pool({
      connectionString: withExplicitSslMode(url),
      max: options.max ?? 10,
      connectionTimeoutMillis: 10_000,
      types: { getTypeParser: ((oid: number, format?: string) => (oid === INT8 || oid === NUMERIC ? parse : pg.types.getTypeParser(oid, format as 'text'))) as typeof pg.types.getTypeParser },
    });
    // An idle client losing its server must not crash the process; the next query reports it.
    this.pool.on('error', () => {});
  }

  async query<R = Record<string, unknown>>(sql: string, params: readonly SqlValue[] = []): Promise<SqlResult<R>> {
    return run<R>(this.pool, sql, params);
  }

  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  async transaction<T>(fn: (tx: SqlTx) => Promise<T>): Promise<T> {
    return withTransaction(this.pool, (client) =>
      fn({
        kind: 'postgres',
        query: <R>(sql: string, params: readonly SqlValue[] = []) => run<R>(client as PoolClient, sql, params),
        exec: async (sql) => void (await client.query(sql)),
      }),
    );
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

async function run<R>(on: Pool | PoolClient, sql: string, params: readonly SqlValue[]): Promise<SqlResult<R>> {
  const values = params.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v));
  const result = await on.query(sql, values);
  return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length };
}

/**
 * pg reads sslmode prefer, require and verify-ca as verify-full, and warns so on every connection
 * (several lines on stderr). Naming verify-full keeps that behaviour and ends the warning; a URL
 * asking for libpq's own semantics (uselibpqcompat) is left as it is.
 */
function withExplicitSslMode(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url; // the pool reports it, at the first query
  }
  const mode = parsed.searchParams.get('sslmode');
  if (mode === null || !['prefer', 'require', 'verify-ca'].includes(mode) || parsed.searchParams.get('uselibpqcompat') === 'true') return url;
  parsed.searchParams.set('sslmode', 'verify-full');
  return parsed.toString();
}
