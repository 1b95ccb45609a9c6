import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DatabaseSync } from 'node:sqlite';
import { migrate, schemaVersion, Store, type ResponseRow } from './index.ts';
import { SqliteDatabase } from './sqlite-database.ts';
import { testBackends } from './testing/backends.ts';

function response(id: string, error: string | null = null): ResponseRow {
  return {
    response_id: id,
    request_id: 'rq-1',
    model: 'm',
    setup: 'C2',
    variant: 'inferred',
    persona: 'generic',
    fix: 'guard',
    sample: 0,
    category: 'reminder',
    messages: [{ role: 'user', content: 'Remind me.' }, { role: 'assistant', content: 'Which time?' }],
    usage: null,
    latency_ms: 1,
    error,
  };
}

for (const backend of await testBackends()) {
test(`${backend.name}: fix steps are saved with their response, replaced on retry and dropped when the retry has none`, { skip: backend.skip }, async () => {
  const { target, drop } = await backend.fresh();
  const store = await Store.open(target);
  const { id } = await store.runs.create({ name: 'r', config: '{}', request_set_hash: 'h', code_version: 'v' });
  const steps = { fix: 'guard', action: 'rewrite', extra_calls: 1, steps: { before: 'empty', after: 'deferral' } };
  await store.saveResponse(id, response('a'), undefined, { response_id: 'a', ...steps });
  await store.saveResponse(id, response('b'), undefined, { response_id: 'b', fix: 'guard', action: 'none', extra_calls: 0, steps: {} });
  assert.deepEqual(await store.fixSteps.get(id, 'a'), { response_id: 'a', ...steps });
  assert.deepEqual(await store.fixSteps.callCounts(id), [{ fix: 'guard', responses: 2, changed: 1, extra_calls: 1 }]);

  await store.saveResponse(id, response('a'), undefined, { response_id: 'a', ...steps, extra_calls: 2, action: 'reanchor' });
  assert.equal((await store.fixSteps.get(id, 'a'))?.extra_calls, 2);
  await store.saveResponse(id, response('a', 'server: down'));
  assert.equal(await store.fixSteps.get(id, 'a'), undefined);
  await store.close();
  await drop();
});
}

test('migrations apply every version a database lacks, so one numbered past a gap fills in later', async () => {
  const db = new SqliteDatabase(new DatabaseSync(':memory:'), ':memory:');
  const one = { version: 1, name: 'a', sql: 'CREATE TABLE a (x INTEGER)' };
  const three = { version: 3, name: 'c', sql: 'CREATE TABLE c (x INTEGER)' };
  const two = { version: 2, name: 'b', sql: 'CREATE TABLE b (x INTEGER)' };
  assert.deepEqual((await migrate(db, [one, three])).map((m) => m.version), [1, 3]);
  assert.equal(await schemaVersion(db), 3);
  assert.deepEqual((await migrate(db, [one, two, three])).map((m) => m.version), [2]);
  assert.deepEqual(await migrate(db, [one, two, three]), []);
  await db.query('INSERT INTO b (x) VALUES (1)');
});
