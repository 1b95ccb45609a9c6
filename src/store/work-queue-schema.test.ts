import { test } from 'node:test';
import assert from 'node:assert/strict';
import BetterSqlite3 from 'better-sqlite3';
import { MIGRATIONS, migrate, tablesOf } from './migrations.ts';
import { WORK_QUEUE_MIGRATION } from './work-queue-schema.ts';

test('migration 5 follows the released ones and applies to a SQLite database after them', () => {
  assert.equal(WORK_QUEUE_MIGRATION.version, Math.max(...MIGRATIONS.map((m) => m.version)) + 1);
  const db = new BetterSqlite3(':memory:');
  try {
    db.pragma('foreign_keys = ON');
    migrate(db, ':memory:');
    const applied = migrate(db, ':memory:', [...MIGRATIONS, WORK_QUEUE_MIGRATION]);
    assert.deepEqual(applied.map((m) => m.version), [5]);
    // The SQLite tables take the rows the PostgreSQL queue writes, and keep the state closed.
    db.prepare(`INSERT INTO runs (name, config, request_set_hash, code_version, created_at, updated_at) VALUES ('r', '{}', 'h', 'v', 'now', 'now')`).run();
    db.prepare(`INSERT INTO run_tuples (run_id, response_id) VALUES (1, 'a')`).run();
    assert.equal(db.prepare('SELECT state FROM run_tuples').pluck().get(), 'pending');
    assert.throws(() => db.prepare(`INSERT INTO run_tuples (run_id, response_id, state) VALUES (1, 'b', 'lost')`).run(), /CHECK/);
    db.prepare(`INSERT INTO run_workers (run_id, worker, host, pid, started_at, heartbeat_at, lease_ms, concurrency) VALUES (1, 'w', 'h', 1, 0, 0, 30000, 4)`).run();
    db.prepare('DELETE FROM runs').run();
    assert.equal(db.prepare('SELECT count(*) FROM run_tuples').pluck().get(), 0, 'a run deleted takes its queue with it');
  } finally {
    db.close();
  }
});

test('both dialects create the same tables', () => {
  const names = (sql: string) => tablesOf([{ version: 5, name: 'x', sql }]);
  assert.deepEqual(names(WORK_QUEUE_MIGRATION.sql), ['run_tuples', 'run_workers']);
  assert.deepEqual(names(WORK_QUEUE_MIGRATION.postgres), names(WORK_QUEUE_MIGRATION.sql));
});
