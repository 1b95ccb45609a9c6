/**
 * Opening a felicity database: SQLite in WAL mode, migrated to the current schema.
 *
 * Durability: WAL with synchronous=NORMAL. Every committed transaction survives a crash or
 * SIGKILL of the process (the WAL is in the OS page cache); only a power loss can roll back the
 * last commits since a checkpoint, and never corrupts the file. That trade keeps one commit per
 * response cheap (no fsync each), which is what makes per-response commits affordable.
 */
import fs from 'node:fs';
import type BetterSqlite3 from 'better-sqlite3';
import type { Database } from 'better-sqlite3';
import { requireOptional } from '../optional-packages.ts';
import { databaseErrorOf } from './database-error.ts';
import { DatabaseNotFoundError } from './errors.ts';
import { migrate } from './migrations.ts';

export interface OpenOptions {
  /** Refuse to create a new file (export, judge: a missing database is a user error). */
  mustExist?: boolean;
  /** Open read-only, without migrating (observers such as tests polling a live run). */
  readonly?: boolean;
}

/** @throws DatabaseNotFoundError, DatabaseUnusableError (missing folder, not a database, damaged, read-only), SchemaTooNewError */
export function openDatabase(path: string, options: OpenOptions = {}): Database {
  if ((options.mustExist || options.readonly) && path !== ':memory:' && !fs.existsSync(path)) {
    throw new DatabaseNotFoundError(path);
  }
  const Sqlite = requireOptional<typeof BetterSqlite3>('better-sqlite3', 'the benchmark store (run, judge, export, report)');
  let db: Database | undefined;
  try {
    db = new Sqlite(path, { readonly: options.readonly ?? false });
    // A second process (a resumed run, a reader) waits for the writer's lock instead of failing.
    db.pragma('busy_timeout = 10000');
    if (options.readonly) {
      db.pragma('schema_version'); // reads the header: a file that is not a database fails here
      return db;
    }
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    migrate(db, path);
    return db;
  } catch (error) {
    db?.close();
    throw databaseErrorOf(path, error) ?? error;
  }
}
