/**
 * The schema as an ordered list of migrations. A database records every migration applied in
 * `schema_version`; opening applies the missing ones in order, each in its own transaction, so a
 * database is always at exactly one version. Never edit a released migration: append a new one.
 */
import type { Database } from 'better-sqlite3';
import { DatabaseUnusableError } from './database-error.ts';
import { SchemaTooNewError } from './errors.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'runs, responses, judgments',
    sql: `
      CREATE TABLE runs (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        config TEXT NOT NULL,
        request_set_hash TEXT NOT NULL,
        code_version TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE responses (
        run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        response_id TEXT NOT NULL,
        request_id TEXT NOT NULL,
        model TEXT NOT NULL,
        setup TEXT NOT NULL,
        variant TEXT NOT NULL,
        persona TEXT NOT NULL,
        fix TEXT NOT NULL,
        sample INTEGER NOT NULL,
        category TEXT NOT NULL,
        messages TEXT NOT NULL,
        usage TEXT,
        latency_ms REAL,
        error TEXT,
        created_at TEXT NOT NULL,
        PRIMARY KEY (run_id, response_id)
      );
      CREATE INDEX responses_errors ON responses(run_id) WHERE error IS NOT NULL;
      CREATE TABLE judgments (
        run_id INTEGER NOT NULL,
        response_id TEXT NOT NULL,
        engine TEXT NOT NULL,
        prompt_hashes TEXT NOT NULL,
        label TEXT NOT NULL,
        outcome TEXT NOT NULL,
        failure INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (run_id, response_id, engine),
        FOREIGN KEY (run_id, response_id) REFERENCES responses(run_id, response_id) ON DELETE CASCADE
      );
    `,
  },
  {
    version: 2,
    name: 'run leases',
    // Keyed by run name, not id: the lease is taken before the run row may exist.
    sql: `
      CREATE TABLE run_leases (
        run_name TEXT PRIMARY KEY,
        host TEXT NOT NULL,
        pid INTEGER NOT NULL,
        started_at TEXT NOT NULL,
        heartbeat_at INTEGER NOT NULL
      );
    `,
  },
  {
    version: 3,
    name: 'judge cache',
    // Model judgments by the hash of what determines them (src/check/judge-cache.ts).
    sql: `
      CREATE TABLE judge_cache (
        key TEXT PRIMARY KEY,
        stage TEXT NOT NULL,
        prompt_hash TEXT NOT NULL,
        model TEXT NOT NULL,
        value TEXT NOT NULL,
        usage TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 4,
    name: 'fix steps',
    // What a fix arm did to a response (src/store/fix-steps.ts). Numbered 4 whatever lands before
    // it: migrate() applies every version a database lacks, so a gap is filled later.
    sql: `
      CREATE TABLE fix_steps (
        run_id INTEGER NOT NULL,
        response_id TEXT NOT NULL,
        fix TEXT NOT NULL,
        action TEXT NOT NULL,
        extra_calls INTEGER NOT NULL,
        steps TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (run_id, response_id),
        FOREIGN KEY (run_id, response_id) REFERENCES responses(run_id, response_id) ON DELETE CASCADE
      );
    `,
  },
];

export const SCHEMA_VERSION = MIGRATIONS.at(-1)?.version ?? 0;

/** The version a database is at: 0 for a fresh file. */
export function schemaVersion(db: Database): number {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'").get();
  if (table === undefined) return 0;
  const row = db.prepare('SELECT MAX(version) AS v FROM schema_version').get() as { v: number | null };
  return row.v ?? 0;
}

/** The tables the migrations create, in order. */
export function tablesOf(migrations: readonly Migration[]): string[] {
  return migrations.flatMap((m) => [...m.sql.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?(\w+)/g)].map((match) => match[1]!));
}

function tableNames(db: Database): Set<string> {
  return new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[]);
}

/**
 * Brings the database up to `SCHEMA_VERSION`; returns the migrations it applied.
 * @throws DatabaseUnusableError (not_felicity) for a database with tables but no record of its
 * migrations (another program's, or felicity's with `schema_version` dropped: migrating it would
 * fail half-way or mix felicity's tables into it), and for one missing a table its recorded
 * migrations made (every later query of that table would fail).
 */
export function migrate(db: Database, path: string, migrations: readonly Migration[] = MIGRATIONS): Migration[] {
  const before = tableNames(db);
  if (before.size > 0 && !before.has('schema_version')) throw new DatabaseUnusableError(path, 'not_felicity', 'schema_version is missing');
  db.exec(`CREATE TABLE IF NOT EXISTS schema_version (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const current = schemaVersion(db);
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) throw new SchemaTooNewError(path, current, latest);
  // Every migration the database lacks, in order: versions may land out of order, leaving gaps.
  const applied = new Set(db.prepare('SELECT version FROM schema_version').pluck().all() as number[]);
  const pending = migrations.filter((m) => !applied.has(m.version));
  const record = db.prepare('INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)');
  for (const m of pending) {
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.version, m.name, new Date().toISOString());
    }).immediate();
  }
  const present = tableNames(db);
  const missing = tablesOf(migrations).filter((table) => !present.has(table));
  if (missing.length > 0) throw new DatabaseUnusableError(path, 'not_felicity', `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing`);
  return pending;
}
