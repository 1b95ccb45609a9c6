import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Store } from './index.ts';
import { MIGRATIONS, SCHEMA_VERSION, schemaVersion, tablesOf } from './migrations.ts';
import { freshPostgresDatabase, postgresSkip } from './testing/postgres.ts';

const skip = (await postgresSkip()) || false;
const drops: (() => Promise<void>)[] = [];
after(async () => {
  for (const drop of drops) await drop();
});

async function stores(): Promise<[string, () => Promise<Store>][]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-schemas-'));
  const out: [string, () => Promise<Store>][] = [['sqlite', () => Store.open(path.join(dir, 'q.db'))]];
  if (!skip) {
    out.push([
      'postgres',
      async () => {
        const db = await freshPostgresDatabase('felicity_schemas');
        drops.push(db.drop);
        return Store.open(db.url);
      },
    ]);
  }
  return out;
}

test('the work queue (5) and audit chunks (6) are migrations like the others: the same tables in both dialects', () => {
  const byVersion = new Map(MIGRATIONS.map((m) => [m.version, m]));
  for (const version of [5, 6]) {
    const m = byVersion.get(version)!;
    assert.ok(m.postgres, `migration ${version} has PostgreSQL DDL`);
    assert.deepEqual(tablesOf([{ ...m, sql: m.postgres }]), tablesOf([m]));
  }
  assert.deepEqual(tablesOf([byVersion.get(5)!]), ['run_tuples', 'run_workers']);
  assert.deepEqual(tablesOf([byVersion.get(6)!]), ['audits', 'audit_chunks']);
});

for (const [kind, open] of await stores()) {
  test(`${kind}: a new database reaches the last version; the queue's states are checked and go with their run`, async () => {
    const store = await open();
    try {
      assert.equal(await schemaVersion(store.db), SCHEMA_VERSION);
      const run = await store.runs.create({ name: 'r', config: '{}', request_set_hash: 'h', code_version: 'v' });
      await store.query(`INSERT INTO run_tuples (run_id, response_id) VALUES ($1, 'a')`, [run.id]);
      assert.equal((await store.query<{ state: string }>('SELECT state FROM run_tuples')).rows[0]!.state, 'pending');
      await assert.rejects(store.query(`INSERT INTO run_tuples (run_id, response_id, state) VALUES ($1, 'b', 'lost')`, [run.id]), /check/i);
      await store.query(`INSERT INTO run_workers (run_id, worker, host, pid, started_at, heartbeat_at, lease_ms, concurrency) VALUES ($1, 'w', 'h', 1, 0, 0, 30000, 4)`, [run.id]);
      await store.query('DELETE FROM runs');
      assert.equal((await store.query<{ n: number }>('SELECT count(*) AS n FROM run_tuples')).rows[0]!.n, 0, 'a run deleted takes its queue with it');
      await store.query(`INSERT INTO audits (name, file, file_size, file_hash, file_mtime_ms, options, chunk_bytes, chunks, created_at) VALUES ('a', 'f', 1, 'h', 0, '{}', 1, 1, 'now')`);
      const audit = (await store.query<{ id: number }>('SELECT id FROM audits')).rows[0]!.id;
      await store.query('INSERT INTO audit_chunks (audit_id, pass, chunk, start_byte, end_byte) VALUES ($1, 1, 0, 0, 1)', [audit]);
      await assert.rejects(store.query('INSERT INTO audit_chunks (audit_id, pass, chunk, start_byte, end_byte) VALUES ($1, 3, 1, 0, 1)', [audit]), /check/i);
    } finally {
      await store.close();
    }
  });
}
