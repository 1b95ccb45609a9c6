/**
 * The store: a felicity database (a SQLite file, or PostgreSQL for a team) and its tables, every
 * query written once for both (src/store/sql.ts).
 */
import { openDatabase, type OpenOptions } from './db.ts';
import { Judgments, type JudgmentRow } from './judgments.ts';
import { Leases } from './leases.ts';
import { FixSteps, type FixStepsRow } from './fix-steps.ts';
import { Responses, type ResponseRow } from './responses.ts';
import { Runs } from './runs.ts';
import type { SqlDatabase, SqlResult, SqlTx, SqlValue } from './sql.ts';
import type { Pool } from 'pg';
import { PostgresDatabase } from './postgres-database.ts';

export { DatabaseNotFoundError, RunLeaseHeldError, RunNotFoundError, SchemaTooNewError } from './errors.ts';
export type { AcquireOptions, LeaseHolder } from './leases.ts';
export { MIGRATIONS, SCHEMA_VERSION, migrate, schemaVersion, type Migration } from './migrations.ts';
export type { JudgmentRow, OutcomeCount } from './judgments.ts';
export type { ResponseRow, ResponseState } from './responses.ts';
export type { FixCallCount, FixStepsRow } from './fix-steps.ts';
export type { NewRun, RunRow } from './runs.ts';
export { openDatabase, type OpenOptions } from './db.ts';
export { DatabaseUnusableError, databaseErrorOf, type DatabaseProblem } from './database-error.ts';
export { isPostgresTarget, redactTarget, type Dialect, type SqlDatabase, type SqlResult, type SqlTx, type SqlValue } from './sql.ts';

/** Decides, inside the saving transaction, whether the response may still be written. */
export type SavePrecondition = (tx: SqlTx) => Promise<boolean>;

export class Store {
  readonly runs: Runs;
  readonly responses: Responses;
  readonly judgments: Judgments;
  readonly fixSteps: FixSteps;
  readonly leases: Leases;

  constructor(readonly db: SqlDatabase) {
    this.runs = new Runs(db, db.location);
    this.responses = new Responses(db);
    this.judgments = new Judgments(db);
    this.fixSteps = new FixSteps(db);
    this.leases = new Leases(db);
  }

  /**
   * @param target a SQLite file, or a `postgres://` / `postgresql://` URL
   * @throws DatabaseNotFoundError, DatabaseUnusableError, SchemaTooNewError
   */
  static async open(target: string, options: OpenOptions = {}): Promise<Store> {
    return new Store(await openDatabase(target, options));
  }

  /** Where the database is, safe to print: a file path, or the URL without its password. */
  get location(): string {
    return this.db.location;
  }

  get kind(): SqlDatabase['kind'] {
    return this.db.kind;
  }

  /** The PostgreSQL pool behind the store, for the modules that run only there; undefined on SQLite. */
  get postgresPool(): Pool | undefined {
    return this.db instanceof PostgresDatabase ? this.db.pool : undefined;
  }

  query<R = Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<SqlResult<R>> {
    return this.db.query<R>(sql, params);
  }

  transaction<T>(fn: (tx: SqlTx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /**
   * Commits one finished response (with its label if judged on the fly, and its fix steps) in one
   * transaction. `precondition` runs first in that transaction: when it says false nothing is
   * written. Returns whether the response was written.
   */
  saveResponse(runId: number, response: ResponseRow, judgment?: JudgmentRow, fix?: FixStepsRow, precondition?: SavePrecondition): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (precondition !== undefined && !(await precondition(tx))) return false;
      await new Responses(tx).upsert(runId, response);
      await new FixSteps(tx).replace(runId, response.response_id, fix);
      if (judgment !== undefined) await new Judgments(tx).put(runId, judgment);
      return true;
    });
  }

  /** Commits a batch of labels in one transaction. */
  async saveJudgments(runId: number, judgments: readonly JudgmentRow[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      const table = new Judgments(tx);
      for (const j of judgments) await table.put(runId, j);
    });
  }

  close(): Promise<void> {
    return this.db.close();
  }
}
