import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import {
  DatabaseNotFoundError,
  MIGRATIONS,
  RunNotFoundError,
  SCHEMA_VERSION,
  SchemaTooNewError,
  Store,
  migrate,
  schemaVersion,
  type ResponseRow,
} from './index.ts';
import { SqliteDatabase } from './sqlite-database.ts';
import { testBackends } from './testing/backends.ts';
import { valueOf } from './testing/sqlite-file.ts';
import type { LabelRecord } from '../core/types.ts';

function tempDb(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-store-')), 'test.db');
}

function memory(): SqliteDatabase {
  return new SqliteDatabase(new DatabaseSync(':memory:'), ':memory:');
}

function response(id: string, error: string | null = null): ResponseRow {
  return {
    response_id: id,
    request_id: id.split('/')[0]!,
    model: 'm',
    setup: 'C2',
    variant: 'inferred',
    persona: 'generic',
    fix: 'none',
    sample: 0,
    category: 'reminder',
    messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }],
    usage: { prompt_tokens: 3, completion_tokens: 1 },
    latency_ms: 12.345678901234567,
    error,
  };
}

function label(id: string, outcome: LabelRecord['outcome']): LabelRecord {
  return {
    id,
    outcome,
    failure: outcome === 'empty',
    commitments: [],
    booleans: { false_action_claim: false, declines_request: false, hands_back_to_user: false, did_task_now: false, asks_clarification: false },
    engine: { detector: 'rules@1', judge: 'rules@1' },
  };
}

async function collect<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

test('a new SQLite database is in WAL mode', async () => {
  const store = await Store.open(tempDb());
  assert.equal(valueOf((store.db as SqliteDatabase).raw, 'PRAGMA journal_mode'), 'wal');
  await store.close();
});

test('migrations apply in order and only the pending ones', async () => {
  const db = memory();
  const steps = [
    { version: 1, name: 'a', sql: 'CREATE TABLE a (x INTEGER)' },
    { version: 2, name: 'b', sql: 'ALTER TABLE a ADD COLUMN y INTEGER' },
  ];
  assert.deepEqual((await migrate(db, steps.slice(0, 1))).map((m) => m.version), [1]);
  assert.equal(await schemaVersion(db), 1);
  assert.deepEqual((await migrate(db, steps)).map((m) => m.version), [2]);
  assert.equal(await schemaVersion(db), 2);
  assert.deepEqual(await migrate(db, steps), []);
  await db.query('INSERT INTO a (x, y) VALUES (1, 2)');
});

test('a failing migration leaves the database at the previous version', async () => {
  const db = memory();
  const steps = [
    { version: 1, name: 'a', sql: 'CREATE TABLE a (x INTEGER)' },
    { version: 2, name: 'broken', sql: 'CREATE TABLE b (x INTEGER); THIS IS NOT SQL' },
  ];
  await assert.rejects(migrate(db, steps));
  assert.equal(await schemaVersion(db), 1);
  assert.equal(valueOf(db.raw, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'b'"), 0);
});

test('a missing SQLite file is an error when it must exist', async () => {
  const file = tempDb();
  await assert.rejects(Store.open(file, { mustExist: true }), DatabaseNotFoundError);
  assert.equal(fs.existsSync(file), false);
});

test('a committed response is visible to another connection while the writer is open (WAL)', async () => {
  const file = tempDb();
  const store = await Store.open(file);
  const { id } = await store.runs.create({ name: 'r', config: '{}', request_set_hash: 'h', code_version: 'v' });
  await store.saveResponse(id, response('q1/x'));
  // Another connection sees the committed row while the writer is still open (WAL).
  const reader = await Store.open(file, { readonly: true });
  assert.deepEqual((await reader.query('SELECT COUNT(*) AS n FROM responses')).rows, [{ n: 1 }]);
  await reader.close();
  await store.close();
});

test('SQLite: transactions of one process never interleave, whatever their awaits', async () => {
  const store = await Store.open(tempDb());
  const { id } = await store.runs.create({ name: 'r', config: '{}', request_set_hash: 'h', code_version: 'v' });
  // Each transaction reads the count, waits, then writes: interleaved they would all read 0.
  const seen = await Promise.all(
    [1, 2, 3].map((i) =>
      store.transaction(async (tx) => {
        const { rows } = await tx.query<{ n: number }>('SELECT COUNT(*) AS n FROM responses WHERE run_id = $1', [id]);
        await new Promise((r) => setImmediate(r));
        await tx.query("INSERT INTO responses (run_id, response_id, request_id, model, setup, variant, persona, fix, sample, category, messages, created_at) VALUES ($1, $2, 'q', 'm', 'C2', 'v', 'p', 'none', 0, 'c', '[]', 'now')", [id, `q${i}`]);
        return rows[0]!.n;
      }),
    ),
  );
  assert.deepEqual(seen, [0, 1, 2]);
  await store.close();
});

for (const backend of await testBackends()) {
  const spec = (name: string, fn: (target: string) => Promise<void>) =>
    test(`${backend.name}: ${name}`, { skip: backend.skip }, async () => {
      const { target, drop } = await backend.fresh();
      try {
        await fn(target);
      } finally {
        await drop();
      }
    });

  spec('a new database is migrated to the latest schema version; reopening applies nothing twice', async (target) => {
    const store = await Store.open(target);
    assert.equal(await schemaVersion(store.db), SCHEMA_VERSION);
    const { rows } = await store.query('SELECT version, name FROM schema_version ORDER BY version');
    assert.deepEqual(rows, MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
    await store.close();
    const again = await Store.open(target);
    assert.deepEqual(await migrate(again.db), []);
    assert.deepEqual((await again.query('SELECT COUNT(*) AS n FROM schema_version')).rows, [{ n: MIGRATIONS.length }]);
    await again.close();
  });

  spec('a database from a newer felicity is refused', async (target) => {
    const store = await Store.open(target);
    await store.query("INSERT INTO schema_version VALUES ($1, 'future', 'now')", [SCHEMA_VERSION + 1]);
    await store.close();
    await assert.rejects(Store.open(target), (e: unknown) => e instanceof SchemaTooNewError && e.found === SCHEMA_VERSION + 1);
    await assert.rejects(Store.open(target, { readonly: true }), SchemaTooNewError);
  });

  spec('runs: create, find, unknown names list the known ones', async (target) => {
    const store = await Store.open(target);
    const run = await store.runs.create({ name: 'r1', config: '{}', request_set_hash: 'abc', code_version: '0.1.0' });
    assert.equal(typeof run.id, 'number');
    assert.equal((await store.runs.get('r1')).id, run.id);
    await assert.rejects(
      store.runs.get('nope'),
      (e: unknown) => e instanceof RunNotFoundError && e.known.includes('r1') && /no run named "nope"/.test(e.message),
    );
    await store.close();
  });

  spec('responses: save, state, counts, ordered streaming; a retry replaces the row and drops its labels', async (target) => {
    const store = await Store.open(target);
    const { id } = await store.runs.create({ name: 'r', config: '{}', request_set_hash: 'h', code_version: 'v' });
    await store.saveResponse(id, response('q2/x'), { response_id: 'q2/x', engine: 'rules@1', prompt_hashes: {}, label: label('q2/x', 'anchored') });
    await store.saveResponse(id, response('q1/x', 'HTTP 500'), { response_id: 'q1/x', engine: 'rules@1', prompt_hashes: {}, label: label('q1/x', 'other') });
    assert.equal(await store.responses.stateOf(id, 'q2/x'), 'ok');
    assert.equal(await store.responses.stateOf(id, 'q1/x'), 'error');
    assert.equal(await store.responses.stateOf(id, 'q3/x'), 'missing');
    assert.deepEqual(await store.responses.counts(id), { total: 2, errors: 1 });
    const rows = await collect(store.responses.iterate(id));
    assert.deepEqual(rows.map((r) => r.response_id), ['q1/x', 'q2/x']);
    assert.deepEqual(rows[1], response('q2/x'));

    await store.saveResponse(id, response('q1/x'));
    assert.deepEqual(await store.responses.counts(id), { total: 2, errors: 0 });
    assert.equal(await store.judgments.label(id, 'q1/x', 'rules@1'), undefined);
    assert.equal((await store.judgments.label(id, 'q2/x', 'rules@1'))?.outcome, 'anchored');
    assert.deepEqual((await store.responses.unjudged(id, 'rules@1', '', 10)).map((r) => r.response_id), ['q1/x']);
    assert.deepEqual((await store.responses.unjudged(id, 'rules@1', '', 10, true)).map((r) => r.response_id), ['q1/x', 'q2/x']);
    assert.deepEqual(await store.judgments.outcomeCounts(id, 'rules@1'), [{ setup: 'C2', outcome: 'anchored', n: 1 }]);
    // A second label from the same engine replaces the first.
    await store.saveJudgments(id, [{ response_id: 'q2/x', engine: 'rules@1', prompt_hashes: {}, label: label('q2/x', 'empty') }]);
    assert.deepEqual(await store.judgments.outcomeCounts(id, 'rules@1'), [{ setup: 'C2', outcome: 'empty', n: 1 }]);
    await store.close();
  });

  spec('saveResponse writes nothing when its precondition says no, inside the same transaction', async (target) => {
    const store = await Store.open(target);
    const { id } = await store.runs.create({ name: 'r', config: '{}', request_set_hash: 'h', code_version: 'v' });
    const judgment = { response_id: 'q1/x', engine: 'rules@1', prompt_hashes: {}, label: label('q1/x', 'anchored') };
    let sawTx = false;
    const refused = await store.saveResponse(id, response('q1/x'), judgment, undefined, async (tx) => {
      sawTx = (await tx.query('SELECT 1 AS one')).rows.length === 1;
      return false;
    });
    assert.deepEqual([refused, sawTx], [false, true]);
    assert.deepEqual(await store.responses.counts(id), { total: 0, errors: 0 });
    assert.equal(await store.saveResponse(id, response('q1/x'), judgment, undefined, async () => true), true);
    assert.equal((await store.judgments.label(id, 'q1/x', 'rules@1'))?.outcome, 'anchored');
    await store.close();
  });

  spec('streamed responses come in byte order of their ids, across pages', async (target) => {
    const store = await Store.open(target);
    const { id } = await store.runs.create({ name: 'r', config: '{}', request_set_hash: 'h', code_version: 'v' });
    // Upper before lower case, '_' between them, accented letters last: SQLite's binary order.
    const special = ['b/x', 'B/x', '_/x', 'a/x', 'é/x', 'Z/x', '1/x', 'a-b/x', 'a.b/x'];
    const many = Array.from({ length: 1100 }, (_, i) => `q${String(i).padStart(4, '0')}/x`);
    await store.transaction(async (tx) => {
      for (const rid of [...special, ...many]) {
        await tx.query(
          "INSERT INTO responses (run_id, response_id, request_id, model, setup, variant, persona, fix, sample, category, messages, created_at) VALUES ($1, $2, 'q', 'm', 'C2', 'v', 'p', 'none', 0, 'c', '[]', 'now')",
          [id, rid],
        );
      }
    });
    const ids = (await collect(store.responses.iterate(id))).map((r) => r.response_id);
    const bytewise = [...special, ...many].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    assert.deepEqual(ids, bytewise);
    assert.deepEqual((await collect(store.responses.states(id))).map((r) => r.response_id), bytewise);
    await store.close();
  });

  spec("another program's tables without schema_version: not_felicity, and nothing is added", async (target) => {
    const store = await Store.open(target);
    await store.query('DROP TABLE schema_version');
    await store.close();
    await assert.rejects(Store.open(target), (e: unknown) => (e as { problem?: string }).problem === 'not_felicity' && /schema_version is missing/.test((e as Error).message));
  });

  spec('a database missing a table its migrations made: not_felicity naming it', async (target) => {
    const store = await Store.open(target);
    await store.query('DROP TABLE fix_steps');
    await store.close();
    await assert.rejects(Store.open(target), /fix_steps is missing/);
  });

  if (backend.name === 'postgres') {
    spec('processes opening a fresh database at once all succeed: migrations run once, under a lock', async (target) => {
      const stores = await Promise.all([1, 2, 3, 4].map(() => Store.open(target)));
      const { rows } = await stores[0]!.query('SELECT version FROM schema_version ORDER BY version');
      assert.deepEqual(rows, MIGRATIONS.map((m) => ({ version: m.version })));
      await Promise.all(stores.map((s) => s.close()));
    });

    spec('an empty database is not a felicity database to read from (export, judge)', async (target) => {
      await assert.rejects(Store.open(target, { mustExist: true }), DatabaseNotFoundError);
      await (await Store.open(target)).close();
      await (await Store.open(target, { mustExist: true })).close();
    });
  }
}
