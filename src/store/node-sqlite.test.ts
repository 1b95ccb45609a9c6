import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exitCodeFor, EXIT } from '../cli/exit-codes.ts';
import { NODE_FOR_SQLITE, NodeTooOldError, nodeSqlite } from './node-sqlite.ts';

test("the SQLite store loads Node's own node:sqlite, with what the store uses", () => {
  const sqlite = nodeSqlite('the benchmark store');
  const db = new sqlite.DatabaseSync(':memory:');
  assert.equal(typeof db.isTransaction, 'boolean');
  assert.deepEqual(db.prepare('SELECT 1 AS one').columns().map((c) => c.name), ['one']);
  db.close();
});

test('a Node.js without node:sqlite (or an older one) is one line naming the version needed, exit 2', async () => {
  const real = process.getBuiltinModule;
  // A fresh copy of the module, which has not loaded SQLite yet, on a Node that has none.
  process.getBuiltinModule = (() => undefined) as unknown as typeof real;
  try {
    const copy: string = './node-sqlite.ts?without-sqlite';
    const fresh = (await import(copy)) as typeof import('./node-sqlite.ts');
    assert.throws(
      () => fresh.nodeSqlite('the benchmark store (run, judge, export, report)'),
      (error: unknown) =>
        error instanceof fresh.NodeTooOldError &&
        error.message === `the benchmark store (run, judge, export, report) needs Node.js ${NODE_FOR_SQLITE} or later for its built-in SQLite (node:sqlite); this is Node.js ${process.versions.node}`,
    );
  } finally {
    process.getBuiltinModule = real;
  }
  assert.equal(exitCodeFor(new NodeTooOldError('the benchmark store', '20.20.2')), EXIT.badInput);
});
