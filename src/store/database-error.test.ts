import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseUnusableError, Store, databaseErrorOf, redactTarget, type DatabaseProblem } from './index.ts';
import { withoutPassword } from './database-error.ts';
import { openSqliteFile, valuesOf } from './testing/sqlite-file.ts';
import { NO_READ_ONLY_FOLDER, readOnlyFolder } from './testing/read-only-folder.ts';
import { NO_SMALL_DISK, smallDisk } from '../cli/testing/small-disk.ts';

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-dberr-'));
}

async function refused(open: () => Promise<unknown>, problem: DatabaseProblem, file: string): Promise<void> {
  await assert.rejects(open, (e: unknown) => {
    assert.ok(DatabaseUnusableError.isInstance(e), String(e));
    assert.equal(e.code, 'DATABASE_UNUSABLE');
    assert.equal(e.problem, problem);
    assert.equal(e.file, file);
    assert.ok(!e.message.includes('\n'), 'one line');
    return true;
  });
}

/** A database holding a few hundred runs, so cutting it short damages real pages. */
async function fullDatabase(dir: string): Promise<string> {
  const file = path.join(dir, 'full.db');
  const store = await Store.open(file);
  for (let i = 0; i < 200; i++) await store.runs.create({ name: `r${i}`, config: 'x'.repeat(2000), request_set_hash: 'h', code_version: 'v' });
  await store.close();
  return file;
}

test('a database in a folder that does not exist: the folder is named', async () => {
  const file = path.join(tempDir(), 'missing', 'r.db');
  await refused(() => Store.open(file), 'missing_folder', file);
  assert.match(new DatabaseUnusableError(file, 'missing_folder', '').message, /folder .*missing does not exist/);
});

test('a file that is not a database, for writers and readers alike', async () => {
  const file = path.join(tempDir(), 'notes.db');
  fs.writeFileSync(file, 'these are my notes, not a database\n'.repeat(50));
  await refused(() => Store.open(file), 'not_a_database', file);
  await refused(() => Store.open(file, { mustExist: true }), 'not_a_database', file);
  await refused(() => Store.open(file, { readonly: true }), 'not_a_database', file);
});

test('a database cut short is reported as damaged', async () => {
  const dir = tempDir();
  const cut = path.join(dir, 'cut.db');
  fs.writeFileSync(cut, fs.readFileSync(await fullDatabase(dir)).subarray(0, 5000));
  await refused(async () => (await Store.open(cut, { mustExist: true })).runs.list(), 'damaged', cut);
});

test('a folder passed as the database', async () => {
  const dir = tempDir();
  await refused(() => Store.open(dir), 'is_folder', dir);
});

test('the real SQLITE_READONLY error maps to read_only (the boundary, as any user sees it)', async () => {
  const file = path.join(tempDir(), 'r.db');
  await (await Store.open(file)).close();
  const conn = openSqliteFile(file);
  let error: unknown;
  try {
    conn.exec("INSERT INTO schema_version VALUES (99, 'x', 'y')");
  } catch (e) {
    error = e;
  } finally {
    conn.close();
  }
  assert.equal((error as { code?: string }).code, 'ERR_SQLITE_ERROR');
  assert.equal((error as { errcode?: number }).errcode, 8, 'SQLITE_READONLY');
  assert.equal(databaseErrorOf(file, error)?.problem, 'read_only');
  assert.equal(databaseErrorOf(file, new Error('something else')), undefined);
});

test("SQLite's extended result codes map by their primary code; a busy or constraint error is no unusable database", () => {
  const file = path.join(tempDir(), 'r.db');
  fs.writeFileSync(file, '');
  // Shaped as node:sqlite throws them: ERR_SQLITE_ERROR, SQLite's (extended) code in errcode.
  const sqliteError = (errcode: number, message: string) => Object.assign(new Error(message), { code: 'ERR_SQLITE_ERROR', errcode, errstr: message });
  assert.equal(databaseErrorOf(file, sqliteError(1032, 'attempt to write a readonly database'))?.problem, 'read_only', 'SQLITE_READONLY_DBMOVED');
  assert.equal(databaseErrorOf(file, sqliteError(779, 'database disk image is malformed'))?.problem, 'damaged', 'SQLITE_CORRUPT_INDEX');
  assert.equal(databaseErrorOf(file, sqliteError(522, 'disk I/O error'))?.problem, 'damaged', 'SQLITE_IOERR_SHORT_READ');
  assert.equal(databaseErrorOf(file, sqliteError(26, 'file is not a database'))?.problem, 'not_a_database');
  assert.equal(databaseErrorOf(file, sqliteError(5, 'database is locked')), undefined, 'SQLITE_BUSY');
  assert.equal(databaseErrorOf(file, sqliteError(1555, 'UNIQUE constraint failed: t.x')), undefined, 'SQLITE_CONSTRAINT_PRIMARYKEY');
});

test('a database on a read-only mount: one line saying to copy it somewhere writable', async (t) => {
  const place = await readOnlyFolder();
  if (place === undefined) return t.skip(NO_READ_ONLY_FOLDER);
  try {
    const file = path.join(place.dir, 'r.db');
    await refused(() => Store.open(file, { mustExist: true }), 'read_only', file);
    await refused(() => Store.open(file, { readonly: true }), 'read_only', file);
    assert.match(new DatabaseUnusableError(file, 'read_only', '').message, /copy it to a writable folder/);
  } finally {
    place.cleanup();
  }
});

test("another program's database, or felicity's with a table dropped: not_felicity, and nothing is added to it", async () => {
  const dir = tempDir();
  const other = path.join(dir, 'other.db');
  const conn = openSqliteFile(other, { readOnly: false });
  conn.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)');
  conn.close();
  await refused(() => Store.open(other), 'not_felicity', other);
  const after = openSqliteFile(other);
  assert.deepEqual(valuesOf(after, "SELECT name FROM sqlite_master WHERE type = 'table'"), ['notes'], 'no felicity table added');
  after.close();

  for (const table of ['schema_version', 'judgments', 'fix_steps']) {
    const file = path.join(dir, `no-${table}.db`);
    await (await Store.open(file)).close();
    const c = openSqliteFile(file, { readOnly: false });
    c.exec(`DROP TABLE ${table}`);
    c.close();
    await refused(() => Store.open(file, { mustExist: true }), 'not_felicity', file);
    await assert.rejects(Store.open(file), new RegExp(`felicity's tables in it were changed \\(${table} is missing\\)`));
  }
  // A new, empty file is still a database to create.
  const empty = path.join(dir, 'empty.db');
  fs.writeFileSync(empty, '');
  await (await Store.open(empty)).close();
});

test('a PostgreSQL server that cannot be reached: one line naming the URL without its password', async () => {
  const url = 'postgres://someone:hunter2-secret@127.0.0.1:1/felicity';
  await assert.rejects(Store.open(url), (e: unknown) => {
    assert.ok(DatabaseUnusableError.isInstance(e), String(e));
    assert.equal(e.problem, 'cannot_connect');
    assert.equal(e.file, 'postgres://someone:***@127.0.0.1:1/felicity');
    assert.ok(!e.message.includes('hunter2'), e.message);
    assert.ok(!e.message.includes('\n'), 'one line');
    return true;
  });
});

test('a PostgreSQL URL is printed without its password, wherever it was given', () => {
  assert.equal(redactTarget('postgresql://u:p%40ss@db.example:5432/team?sslmode=require'), 'postgresql://u:***@db.example:5432/team?sslmode=require');
  assert.equal(redactTarget('postgres://u@db/team?password=hunter2'), 'postgres://u@db/team?password=***');
  assert.equal(redactTarget('postgres://u@db/team'), 'postgres://u@db/team');
  assert.equal(redactTarget('postgres://u:hunter2@[broken'), 'postgres://***');
  assert.equal(redactTarget('./felicity.db'), './felicity.db');
  assert.equal(withoutPassword('auth failed for hunter2', 'postgres://u:hunter2@h/db'), 'auth failed for ***');
});

test('a full disk is one error, as node:sqlite reports it (errcode 13, or an extended code on it)', () => {
  const full = Object.assign(new Error('database or disk is full'), { code: 'ERR_SQLITE_ERROR', errcode: 13, errstr: 'database or disk is full' });
  const extended = Object.assign(new Error('database or disk is full'), { code: 'ERR_SQLITE_ERROR', errcode: 13 | (1 << 8), errstr: 'database or disk is full' });
  for (const error of [full, extended]) {
    const mapped = databaseErrorOf('/data/results.db', error);
    assert.ok(mapped !== undefined, String((error as { errcode: number }).errcode));
    assert.equal(mapped.problem, 'disk_full');
    assert.match(mapped.message, /^database \/data\/results\.db: the disk it is on is full .*run the same command again/);
    assert.ok(!mapped.message.includes('\n'));
  }
});

const canMount = (() => {
  const probe = smallDisk(64);
  probe?.cleanup();
  return probe !== undefined;
})();

test('a real full disk during writes is that error', { skip: !canMount && NO_SMALL_DISK }, async () => {
  const disk = smallDisk(256)!;
  try {
    const file = path.join(disk.dir, 'full.db');
    const store = await Store.open(file);
    const error = await (async () => {
      try {
        for (let i = 0; i < 10_000; i++) await store.runs.create({ name: `r${i}`, config: 'x'.repeat(4000), request_set_hash: 'h', code_version: 'v' });
      } catch (caught) {
        return caught;
      } finally {
        await store.close().catch(() => undefined);
      }
      return undefined;
    })();
    assert.equal(databaseErrorOf(file, error)?.problem, 'disk_full', String(error));
  } finally {
    disk.cleanup();
  }
});
