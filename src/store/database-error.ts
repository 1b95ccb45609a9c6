/**
 * A database felicity cannot use, as facts: which file (or server, its URL without the password),
 * what is wrong with it, and what the user can do. SQLite's own errors (node:sqlite's
 * ERR_SQLITE_ERROR with SQLite's result code: SQLITE_NOTADB, SQLITE_CORRUPT, SQLITE_CANTOPEN,
 * SQLITE_READONLY…) and PostgreSQL's connection errors are mapped here, at the store's boundary.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isPostgresTarget, redactTarget } from './sql.ts';

export type DatabaseProblem = 'missing_folder' | 'is_folder' | 'not_a_database' | 'not_felicity' | 'damaged' | 'read_only' | 'disk_full' | 'cannot_open' | 'cannot_connect' | 'bad_url';

const ADVICE: Record<DatabaseProblem, (file: string, detail: string) => string> = {
  missing_folder: (file) => `folder ${path.dirname(file)} does not exist (create it, or pass another --db)`,
  is_folder: () => 'it is a folder, not a file (pass a file path to --db)',
  not_a_database: () => 'not a SQLite database (pass the database felicity run wrote, or a new file name)',
  // Another program's SQLite file, or felicity's with a table dropped: writing to it would mix
  // felicity's tables into it, and reading it fails on the missing table.
  not_felicity: (_file, detail) =>
    `it is not a felicity database, or felicity's tables in it were changed (${detail}); pass the database felicity run wrote, or a new file name`,
  damaged: () => 'the database is damaged or cut short (restore it from a copy, or start a new --db)',
  read_only: () =>
    'it is on a read-only file system or in a folder felicity cannot write to; SQLite writes a journal beside the database even to read it, so copy it to a writable folder and pass that --db',
  // Each response is stored in its own transaction: what was written before stays, whole.
  disk_full: () => 'the disk it is on is full (free some space, then run the same command again: what was stored so far is kept)',
  cannot_open: () => 'cannot open it (check the path and its permissions)',
  bad_url: (_file, detail) => `not a valid PostgreSQL URL (${detail}); expected postgres://USER:PASSWORD@HOST:PORT/DATABASE`,
  cannot_connect: (_file, detail) =>
    `cannot use the PostgreSQL database: ${detail} (check the URL, that the server runs and the database exists, and the password: in the URL or PGPASSWORD)`,
};

export class DatabaseUnusableError extends Error {
  readonly code = 'DATABASE_UNUSABLE';
  constructor(
    /** The file, or the server's URL with its password replaced by `***`. */
    readonly file: string,
    readonly problem: DatabaseProblem,
    /** SQLite's, PostgreSQL's or the system's own words. */
    readonly detail: string,
  ) {
    super(`database ${file}: ${ADVICE[problem](file, detail)}`);
    this.name = 'DatabaseUnusableError';
  }

  static isInstance(error: unknown): error is DatabaseUnusableError {
    return error instanceof Error && error.name === 'DatabaseUnusableError' && 'problem' in error;
  }
}

/** SQLite's primary result codes felicity tells apart (https://sqlite.org/rescode.html). */
const SQLITE = { PERM: 3, READONLY: 8, IOERR: 10, CORRUPT: 11, FULL: 13, CANTOPEN: 14, NOTADB: 26 } as const;
/** An extended code: a file shorter than its header says, as a copy cut short. */
const SQLITE_IOERR_SHORT_READ = SQLITE.IOERR | (2 << 8);

/** The unusable-database error `error` stands for, or undefined when it is about something else. */
export function databaseErrorOf(file: string, error: unknown): DatabaseUnusableError | undefined {
  if (!(error instanceof Error)) return undefined;
  if (isPostgresTarget(file)) return postgresErrorOf(file, error);
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  if (code !== 'ERR_SQLITE_ERROR' || typeof errcode !== 'number') return undefined;
  // node:sqlite reports extended codes (SQLITE_READONLY_DBMOVED…); the low byte is the primary one.
  const primary = errcode & 0xff;
  const detail = error.message;
  if (primary === SQLITE.FULL) return new DatabaseUnusableError(file, 'disk_full', detail);
  if (primary === SQLITE.NOTADB) return new DatabaseUnusableError(file, 'not_a_database', detail);
  if (primary === SQLITE.CORRUPT || errcode === SQLITE_IOERR_SHORT_READ) return new DatabaseUnusableError(file, 'damaged', detail);
  if (primary === SQLITE.READONLY || primary === SQLITE.CANTOPEN || primary === SQLITE.IOERR || primary === SQLITE.PERM) {
    return new DatabaseUnusableError(file, whyCannotOpen(file, primary === SQLITE.READONLY), detail);
  }
  return undefined;
}

/** SQLite says only "unable to open"; the file system says why. */
function whyCannotOpen(file: string, readOnly: boolean): DatabaseProblem {
  if (file === ':memory:') return 'cannot_open';
  const dir = path.dirname(path.resolve(file));
  if (!fs.existsSync(dir)) return 'missing_folder';
  if (fs.existsSync(file) && fs.statSync(file).isDirectory()) return 'is_folder';
  if (readOnly || !writable(dir) || (fs.existsSync(file) && !writable(file))) return 'read_only';
  return 'cannot_open';
}

function writable(target: string): boolean {
  try {
    fs.accessSync(target, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * PostgreSQL errors that mean the database cannot be used at all: the server does not answer,
 * refuses the user or password, or has no such database (SQLSTATE classes 08 and 28, 3D000),
 * and the socket errors of a server that is not there. The password is kept out of the message.
 */
function postgresErrorOf(url: string, error: Error): DatabaseUnusableError | undefined {
  const code = (error as { code?: unknown }).code;
  const connection =
    typeof code === 'string' &&
    (/^(08|28)/.test(code) || code === '3D000' || code === '57P03' || /^E(CONNREFUSED|CONNRESET|NOTFOUND|AI_AGAIN|TIMEDOUT|HOSTUNREACH|NETUNREACH)$/.test(code));
  if ((error as { code?: unknown }).code === 'ERR_INVALID_URL') return new DatabaseUnusableError(redactTarget(url), 'bad_url', 'the port, host or an escape in it cannot be read');
  const timeout = /timeout exceeded when trying to connect|Connection terminated/i.test(error.message);
  // TLS refused or not verified: the server has no SSL, or its certificate is not trusted.
  const tls = /does not support SSL|certificate|SSL routines/i.test(error.message) || /CERT|SELF_SIGNED|TLS/.test(String(code));
  if (!connection && !timeout && !tls) return undefined;
  return new DatabaseUnusableError(redactTarget(url), 'cannot_connect', withoutPassword(error.message || String(code), url));
}

/** `text` with the URL's password (if any) replaced, wherever it appears. */
export function withoutPassword(text: string, url: string): string {
  let password = '';
  try {
    password = decodeURIComponent(new URL(url).password);
  } catch {
    // An unparseable URL: nothing to find.
  }
  return password === '' ? text : text.replaceAll(password, '***');
}
