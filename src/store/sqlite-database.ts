/**
 * The SQLite backend of SqlDatabase, over one better-sqlite3 connection. better-sqlite3 is
 * synchronous, so an async transaction would let other queries of the process run inside it
 * between its awaits: every query and transaction takes its turn on one queue instead, and a
 * transaction holds the connection (BEGIN IMMEDIATE … COMMIT) until its function resolves.
 * `$1, $2…` are SQLite named parameters; better-sqlite3 binds them from an object keyed 1, 2…
 * (checked against better-sqlite3 12: numbered `?1` does not bind positionally there).
 */
import type { Database, Statement } from 'better-sqlite3';
import type { SqlDatabase, SqlResult, SqlTx, SqlValue } from './sql.ts';

export class SqliteDatabase implements SqlDatabase {
  readonly kind = 'sqlite' as const;
  private readonly statements = new Map<string, Statement>();
  /** The end of the queue: resolves when the last queued query or transaction is done. */
  private tail: Promise<unknown> = Promise.resolve();
  private readonly tx: SqlTx = {
    kind: 'sqlite',
    query: async <R>(sql: string, params?: readonly SqlValue[]) => this.run<R>(sql, params),
    exec: async (sql: string) => void this.raw.exec(sql),
  };

  constructor(
    /** The connection itself, for SQLite-only work (pragmas, tests). */
    readonly raw: Database,
    readonly location: string,
  ) {}

  query<R = Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<SqlResult<R>> {
    return this.turn(async () => this.run<R>(sql, params));
  }

  exec(sql: string): Promise<void> {
    return this.turn(async () => void this.raw.exec(sql));
  }

  transaction<T>(fn: (tx: SqlTx) => Promise<T>): Promise<T> {
    return this.turn(async () => {
      // IMMEDIATE takes the write lock now: two processes cannot both read, then both write.
      this.raw.exec('BEGIN IMMEDIATE');
      try {
        const result = await fn(this.tx);
        this.raw.exec('COMMIT');
        return result;
      } catch (error) {
        if (this.raw.inTransaction) this.raw.exec('ROLLBACK');
        throw error;
      }
    });
  }

  async close(): Promise<void> {
    await this.tail;
    this.raw.close();
  }

  private turn<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.catch(() => undefined);
    return result;
  }

  private run<R>(sql: string, params: readonly SqlValue[] = []): SqlResult<R> {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.raw.prepare(sql);
      this.statements.set(sql, statement);
    }
    const bound = params.length === 0 ? [] : [named(params)];
    if (statement.reader) {
      const rows = statement.all(...bound) as R[];
      return { rows, rowCount: rows.length };
    }
    return { rows: [], rowCount: statement.run(...bound).changes };
  }
}

function named(params: readonly SqlValue[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < params.length; i++) {
    const value = params[i];
    out[i + 1] = typeof value === 'boolean' ? (value ? 1 : 0) : (value ?? null);
  }
  return out;
}
