/**
 * The runs table: one row per named run with the configuration it was started with, the hash of
 * its request set and the code version that last wrote to it.
 */
import { RunNotFoundError } from './errors.ts';
import type { SqlTx } from './sql.ts';

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
  constructor(
    private readonly db: SqlTx,
    /** Where the database is, for errors (never a password). */
    private readonly location: string,
  ) {}

  async find(name: string): Promise<RunRow | undefined> {
    const { rows } = await this.db.query<RunRow>('SELECT * FROM runs WHERE name = $1', [name]);
    return rows[0];
  }

  /** The run, or a RunNotFoundError listing the runs that do exist. */
  async get(name: string): Promise<RunRow> {
    const run = await this.find(name);
    if (run === undefined) throw new RunNotFoundError(name, this.location, await this.list());
    return run;
  }

  /**
   * Creates the run; when another process (a worker started with the same command) created it
   * first, returns that one: compare its config before using it.
   */
  async create(run: NewRun): Promise<RunRow> {
    const now = new Date().toISOString();
    await this.db.query(
      `INSERT INTO runs (name, config, request_set_hash, code_version, created_at, updated_at)
      VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (name) DO NOTHING`,
      [run.name, run.config, run.request_set_hash, run.code_version, now],
    );
    return this.get(run.name);
  }

  /**
   * Marks the run as written by this code version now (a resume by newer code is recorded), and
   * records the configuration it was resumed with when given (only uncompared fields can differ).
   */
  async touchRun(id: number, codeVersion: string, config?: string): Promise<void> {
    await this.db.query('UPDATE runs SET code_version = $1, config = COALESCE($2, config), updated_at = $3 WHERE id = $4', [
      codeVersion,
      config ?? null,
      new Date().toISOString(),
      id,
    ]);
  }

  /** Records a run extended with more requests or samples: its new configuration and request-set hash. */
  async extendRun(id: number, codeVersion: string, config: string, requestSetHash: string): Promise<void> {
    await this.db.query('UPDATE runs SET code_version = $1, config = $2, request_set_hash = $3, updated_at = $4 WHERE id = $5', [
      codeVersion,
      config,
      requestSetHash,
      new Date().toISOString(),
      id,
    ]);
  }

  async list(): Promise<string[]> {
    const { rows } = await this.db.query<{ name: string }>('SELECT name FROM runs ORDER BY created_at, id');
    return rows.map((r) => r.name);
  }
}
