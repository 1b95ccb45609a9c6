import assert from 'node:assert/strict';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { MIGRATIONS, type Migration } from '../store/migrations.ts';
import { AUDIT_CHUNKS_MIGRATION } from './audit-chunks-schema.ts';

test('the audit chunks migration follows the store\'s, and its SQLite dialect applies after them', () => {
  const migration: Migration = AUDIT_CHUNKS_MIGRATION;
  assert.ok(migration.version > Math.max(...MIGRATIONS.map((m) => m.version)));
  const db = new Database(':memory:');
  for (const m of MIGRATIONS) db.exec(m.sql);
  db.exec(migration.sql);
  db.prepare("INSERT INTO audits (name, file, file_size, file_hash, file_mtime_ms, options, chunk_bytes, chunks, created_at) VALUES ('a', 'f', 1, 'h', 0, '{}', 1, 1, 'now')").run();
  db.prepare('INSERT INTO audit_chunks (audit_id, pass, chunk, start_byte, end_byte) VALUES (1, 1, 0, 0, 1)').run();
  assert.throws(() => db.prepare('INSERT INTO audit_chunks (audit_id, pass, chunk, start_byte, end_byte) VALUES (1, 3, 0, 0, 1)').run(), /CHECK/);
  assert.equal((db.prepare('SELECT state FROM audit_chunks').get() as { state: string }).state, 'pending');
});
