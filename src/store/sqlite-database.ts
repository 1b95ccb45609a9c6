/**
 * The SQLite backend of SqlDatabase, over one `node:sqlite` connection. It is synchronous, so an
 * async transaction would let other queries of the process run inside it between its awaits:
 * every query and transaction takes its turn on one queue instead, and a transaction holds the
 * connection (BEGIN IMMEDIATE … COMMIT) until its function resolves.
 * `$1, $2…` are SQLite named parameters; node:sqlite binds them from an object keyed 1, 2…
 * (a bare name, without its `$`); numbered `?1` would not bind positionally.
 */
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { SqlDatabase, SqlResult, SqlTx, SqlValue } from './sql.ts';

interface Prepared {
  statement: StatementSync;
  /** Whether it returns rows (a SELECT, a PRAGMA, a write with RETURNING). */
  reader: boolean;
}

export class SqliteDatabase implements SqlDatabase {
  readonly kind = 'sqlite' as const;
  private readonly statements = new Map<string, Prepared>();
  /** The end of the queue: resolves when the last queued query or transaction is done. */
  private tail: Promise<unknown> = Promise.resolve();
  private readonly tx: SqlTx = {
    kind: 'sqlite',
    query: async <R>(sql: string, params?: readonly SqlValue[]) => this.run<R>(sql, params),
    exec: async (sql: string) => void this.raw.exec(sql),
  };

  constructor(
    /** The connection itself, for SQLite-only work (pragmas, tests). */
    readonly raw: DatabaseSync,
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
        // SQLite may have rolled back already (a full disk, an interrupted write).
        if (this.raw.isTransaction) this.raw.exec('ROLLBACK');
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
    let prepared = this.statements.get(sql);
    if (prepared === undefined) {
      const statement = this.raw.prepare(sql);
      prepared = { statement, reader: statement.columns().length > 0 };
      this.statements.set(sql, prepared);
    }
    const { statement, reader } = prepared;
    const bound = named(params);
    if (reader) {
      // Plain objects, as PostgreSQL's rows are (node:sqlite's have no prototype).
      const rows = statement.all(bound).map((row) => ({ ...row }) as R);
      return { rows, rowCount: rows.length };
    }
    return { rows: [], rowCount: Number(statement.run(bound).changes) };
  }
}

function named(params: readonly SqlValue[]): Record<string, SQLInputValue> {
  const out: Record<string, SQLInputValue> = {};
  for (let i = 0; i < params.length; i++) {
    const value = params[i];
    // node:sqlite binds no booleans before Node 24.
    out[i + 1] = typeof value === 'boolean' ? (value ? 1 : 0) : (value ?? null);
  }
  return out;
}
