/**
 * Opening a run for a worker on PostgreSQL: runner.ts' openRun over SQL. Several workers start at
 * once with the same command, so creating is `INSERT … ON CONFLICT DO NOTHING` and whoever lost
 * the race reads the row the winner made, then compares configurations exactly as openRun does.
 * A STAND-IN until the PostgreSQL store lands (branch pg-store): then `openRun(store, …)`.
 */
import type { SqlQueryable } from '../store/sql-queryable.ts';
import { RunConfigChangedError, comparedConfig, diffConfig, onlyExtends, type RunConfig } from './run-config.ts';
import type { RunOptions, RunnerRequest } from './runner.ts';

export async function openRunInPostgres(
  db: SqlQueryable,
  name: string,
  config: RunConfig,
  codeVersion: string,
  coversEarlier?: RunOptions<RunnerRequest>['coversEarlier'],
): Promise<number> {
  const now = new Date().toISOString();
  const text = JSON.stringify(config);
  const created = await db.query(
    `INSERT INTO runs (name, config, request_set_hash, code_version, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)
     ON CONFLICT (name) DO NOTHING RETURNING id`,
    [name, text, config.requests.hash, codeVersion, now],
  );
  if (created.rows.length === 1) return Number(created.rows[0].id);
  const { rows } = await db.query('SELECT id, config FROM runs WHERE name = $1', [name]);
  const id = Number(rows[0].id);
  const earlier = JSON.parse(rows[0].config as string) as RunConfig;
  const changes = diffConfig(comparedConfig(earlier), comparedConfig(config));
  if (changes.length > 0) {
    if (coversEarlier === undefined || !onlyExtends(changes, earlier, config)) throw new RunConfigChangedError(name, changes);
    const problem = coversEarlier(earlier);
    if (problem !== undefined) throw new RunConfigChangedError(name, changes, problem);
    await db.query('UPDATE runs SET code_version = $2, config = $3, request_set_hash = $4, updated_at = $5 WHERE id = $1', [id, codeVersion, text, config.requests.hash, now]);
    return id;
  }
  await db.query('UPDATE runs SET code_version = $2, config = $3, updated_at = $4 WHERE id = $1', [id, codeVersion, text, now]);
  return id;
}

/** The run's id by name, or undefined. */
export async function findRunId(db: SqlQueryable, name: string): Promise<number | undefined> {
  const { rows } = await db.query('SELECT id FROM runs WHERE name = $1', [name]);
  return rows.length === 0 ? undefined : Number(rows[0].id);
}

/** Every run's name, oldest first (for a not-found message). */
export async function runNames(db: SqlQueryable): Promise<string[]> {
  const { rows } = await db.query('SELECT name FROM runs ORDER BY created_at, id');
  return rows.map((r: { name: string }) => r.name);
}
