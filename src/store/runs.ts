/**
 * The runs table: one row per named run with the configuration it was started with, the hash of
 * its request set and the code version that last wrote to it.
 */
import type { Database, Statement } from 'better-sqlite3';
import { RunNotFoundError } from './errors.ts';

export interface RunRow {
  id: number;
  name: string;
  /** The run configuration as JSON text (the runner owns its shape). */
  config: string;
  request_set_hash: string;
  code_version: string;
  created_at: string;
  updated_at: string;
}

export interface NewRun {
  name: string;
  config: string;
  request_set_hash: string;
  code_version: string;
}

export class Runs {
  private readonly byName: Statement<[string], RunRow>;
  private readonly insert: Statement<[NewRun & { now: string }]>;
  private readonly touch: Statement<[{ id: number; code_version: string; config: string | null; now: string }]>;
  private readonly names: Statement<[], { name: string }>;
  private readonly extend: Statement<[{ id: number; code_version: string; config: string; request_set_hash: string; now: string }]>;

  constructor(
    db: Database,
    private readonly path: string,
  ) {
    this.byName = db.prepare('SELECT * FROM runs WHERE name = ?');
    this.insert = db.prepare(`INSERT INTO runs (name, config, request_set_hash, code_version, created_at, updated_at)
      VALUES (@name, @config, @request_set_hash, @code_version, @now, @now)`);
    this.touch = db.prepare('UPDATE runs SET code_version = @code_version, config = COALESCE(@config, config), updated_at = @now WHERE id = @id');
    this.names = db.prepare('SELECT name FROM runs ORDER BY created_at, id');
    this.extend = db.prepare('UPDATE runs SET code_version = @code_version, config = @config, request_set_hash = @request_set_hash, updated_at = @now WHERE id = @id');
  }

  find(name: string): RunRow | undefined {
    return this.byName.get(name);
  }

  /** The run, or a RunNotFoundError listing the runs that do exist. */
  get(name: string): RunRow {
    const run = this.find(name);
    if (run === undefined) throw new RunNotFoundError(name, this.path, this.list());
    return run;
  }

  create(run: NewRun): RunRow {
    this.insert.run({ ...run, now: new Date().toISOString() });
    return this.get(run.name);
  }

  /**
   * Marks the run as written by this code version now (a resume by newer code is recorded), and
   * records the configuration it was resumed with when given (only uncompared fields can differ).
   */
  touchRun(id: number, codeVersion: string, config?: string): void {
    this.touch.run({ id, code_version: codeVersion, config: config ?? null, now: new Date().toISOString() });
  }

  /** Records a run extended with more requests or samples: its new configuration and request-set hash. */
  extendRun(id: number, codeVersion: string, config: string, requestSetHash: string): void {
    this.extend.run({ id, code_version: codeVersion, config, request_set_hash: requestSetHash, now: new Date().toISOString() });
  }

  list(): string[] {
    return this.names.all().map((r) => r.name);
  }
}
