/**
 * The store: a felicity database with its tables behind prepared statements.
 */
import type { Database } from 'better-sqlite3';
import { openDatabase, type OpenOptions } from './db.ts';
import { Judgments, type JudgmentRow } from './judgments.ts';
import { Leases } from './leases.ts';
import { FixSteps, type FixStepsRow } from './fix-steps.ts';
import { Responses, type ResponseRow } from './responses.ts';
import { Runs } from './runs.ts';

export { DatabaseNotFoundError, RunLeaseHeldError, RunNotFoundError, SchemaTooNewError } from './errors.ts';
export type { AcquireOptions, LeaseHolder } from './leases.ts';
export { MIGRATIONS, SCHEMA_VERSION, migrate, schemaVersion, type Migration } from './migrations.ts';
export type { JudgmentRow, OutcomeCount } from './judgments.ts';
export type { ResponseRow, ResponseState } from './responses.ts';
export type { FixCallCount, FixStepsRow } from './fix-steps.ts';
export type { NewRun, RunRow } from './runs.ts';
export { openDatabase, type OpenOptions } from './db.ts';
export { DatabaseUnusableError, databaseErrorOf, type DatabaseProblem } from './database-error.ts';

export class Store {
  readonly runs: Runs;
  readonly responses: Responses;
  readonly judgments: Judgments;
  readonly fixSteps: FixSteps;
  readonly leases: Leases;
  private readonly saveTx: (runId: number, response: ResponseRow, judgment: JudgmentRow | undefined, fix: FixStepsRow | undefined) => void;
  private readonly judgeTx: (runId: number, judgments: readonly JudgmentRow[]) => void;

  constructor(
    readonly db: Database,
    readonly path: string,
  ) {
    this.runs = new Runs(db, path);
    this.responses = new Responses(db);
    this.judgments = new Judgments(db);
    this.fixSteps = new FixSteps(db);
    this.leases = new Leases(db);
    this.saveTx = db.transaction((runId, response, judgment, fix) => {
      this.responses.upsert(runId, response);
      this.fixSteps.replace(runId, response.response_id, fix);
      if (judgment !== undefined) this.judgments.put(runId, judgment);
    });
    this.judgeTx = db.transaction((runId, judgments) => {
      for (const j of judgments) this.judgments.put(runId, j);
    });
  }

  static open(path: string, options: OpenOptions = {}): Store {
    return new Store(openDatabase(path, options), path);
  }

  /** Commits one finished response (with its label if judged on the fly, and its fix steps) in one transaction. */
  saveResponse(runId: number, response: ResponseRow, judgment?: JudgmentRow, fix?: FixStepsRow): void {
    this.saveTx(runId, response, judgment, fix);
  }

  /** Commits a batch of labels in one transaction. */
  saveJudgments(runId: number, judgments: readonly JudgmentRow[]): void {
    this.judgeTx(runId, judgments);
  }

  close(): void {
    this.db.close();
  }
}
