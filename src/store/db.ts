/**
 * Opening a felicity database, migrated to the current schema: a SQLite file (the default), or a
 * PostgreSQL database when the target is a `postgres://` or `postgresql://` URL.
 *
 * SQLite durability: WAL with synchronous=NORMAL. Every committed transaction survives a crash or
 * SIGKILL of the process (the WAL is in the OS page cache); only a power loss can roll back the
 * last commits since a checkpoint, and never corrupts the file. That trade keeps one commit per
 * response cheap (no fsync each), which is what makes per-response commits affordable.
 */
import fs from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { databaseErrorOf } from './database-error.ts';
import { DatabaseNotFoundError, SchemaTooNewError } from './errors.ts';
import { migrate, SCHEMA_VERSION, schemaVersion, tableNames } from './migrations.ts';
import { nodeSqlite } from './node-sqlite.ts';
import { PostgresDatabase } from './postgres-database.ts';
import { isPostgresTarget, redactTarget, type SqlDatabase } from './sql.ts';
import { SqliteDatabase } from './sqlite-database.ts';

export interface OpenOptions {
  /** Refuse to create a new database (export, judge: a missing database is a user error). */
  mustExist?: boolean;
  /** Open without migrating (observers such as tests polling a live run); SQLite opens it read-only. */
  readonly?: boolean;
  /** PostgreSQL: connections the pool may open (default 10; many workers share one server). */
  connections?: number;
}

/**
 * @param target a SQLite file path, or a PostgreSQL URL (its password never leaves the connection pool)
 * @throws DatabaseNotFoundError, DatabaseUnusableError (missing folder, not a database, damaged,
 * read-only, cannot connect), SchemaTooNewError
 */
export async function openDatabase(target: string, options: OpenOptions = {}): Promise<SqlDatabase> {
  return isPostgresTarget(target) ? openPostgres(target, options) : openSqlite(target, options);
}

async function openSqlite(path: string, options: OpenOptions): Promise<SqliteDatabase> {
  if ((options.mustExist || options.readonly) && path !== ':memory:' && !fs.existsSync(path)) {
    throw new DatabaseNotFoundError(path);
  }
  const { DatabaseSync } = nodeSqlite('the benchmark store (run, judge, export, report)');
  let raw: DatabaseSync | undefined;
  try {
    // A second process (a resumed run, a reader) waits for the writer's lock instead of failing.
    raw = new DatabaseSync(path, { readOnly: options.readonly ?? false, timeout: 10_000 });
    const db = new SqliteDatabase(raw, path);
    if (options.readonly) {
      raw.exec('PRAGMA schema_version'); // reads the header: a file that is not a database fails here
      await refuseTooNew(db);
      return db;
    }
    raw.exec('PRAGMA journal_mode = WAL');
    raw.exec('PRAGMA synchronous = NORMAL');
    raw.exec('PRAGMA foreign_keys = ON');
    await migrate(db);
    return db;
  } catch (error) {
    raw?.close();
    throw databaseErrorOf(path, error) ?? error;
  }
}

async function openPostgres(url: string, options: OpenOptions): Promise<PostgresDatabase> {
  const location = redactTarget(url);
  const db = new PostgresDatabase(url, location, options.connections === undefined ? {} : { max: options.connections });
  try {
    const tables = await tableNames(db);
    // A database without felicity's tables holds no run to export or judge.
    if ((options.mustExist || options.readonly) && !tables.has('schema_version') && tables.size === 0) throw new DatabaseNotFoundError(location);
    if (options.readonly) {
      await refuseTooNew(db);
      return db;
    }
    await migrate(db);
    return db;
  } catch (error) {
    await db.close().catch(() => {});
    throw databaseErrorOf(url, error) ?? error;
  }
}

/** A reader does not migrate, but still refuses a schema it does not know. */
async function refuseTooNew(db: SqlDatabase): Promise<void> {
  const found = await schemaVersion(db);
  if (found > SCHEMA_VERSION) throw new SchemaTooNewError(db.location, found, SCHEMA_VERSION);
}
