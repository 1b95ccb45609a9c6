import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
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
import type { LabelRecord } from '../core/types.ts';

function tempDb(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-store-')), 'test.db');
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
    latency_ms: 12,
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

test('a new database is migrated to the latest schema version, in WAL mode', () => {
  const file = tempDb();
  const store = Store.open(file);
  assert.equal(schemaVersion(store.db), SCHEMA_VERSION);
  assert.equal(store.db.pragma('journal_mode', { simple: true }), 'wal');
  const rows = store.db.prepare('SELECT version, name FROM schema_version ORDER BY version').all();
  assert.deepEqual(rows, MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
  store.close();
  // Reopening applies nothing twice.
  const again = Store.open(file);
  assert.equal(again.db.prepare('SELECT COUNT(*) AS n FROM schema_version').pluck().get(), MIGRATIONS.length);
  again.close();
});

test('migrations apply in order and only the pending ones', () => {
  const db = new BetterSqlite3(':memory:');
  const steps = [
    { version: 1, name: 'a', sql: 'CREATE TABLE a (x INTEGER)' },
    { version: 2, name: 'b', sql: 'ALTER TABLE a ADD COLUMN y INTEGER' },
  ];
  assert.deepEqual(migrate(db, ':memory:', steps.slice(0, 1)).map((m) => m.version), [1]);
  assert.equal(schemaVersion(db), 1);
  assert.deepEqual(migrate(db, ':memory:', steps).map((m) => m.version), [2]);
  assert.equal(schemaVersion(db), 2);
  assert.deepEqual(migrate(db, ':memory:', steps), []);
  db.prepare('INSERT INTO a (x, y) VALUES (1, 2)').run();
});

test('a failing migration leaves the database at the previous version', () => {
  const db = new BetterSqlite3(':memory:');
  const steps = [
    { version: 1, name: 'a', sql: 'CREATE TABLE a (x INTEGER)' },
    { version: 2, name: 'broken', sql: 'CREATE TABLE b (x INTEGER); THIS IS NOT SQL' },
  ];
  assert.throws(() => migrate(db, ':memory:', steps));
  assert.equal(schemaVersion(db), 1);
  assert.equal(db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name = 'b'").pluck().get(), 0);
});

test('a database from a newer felicity is refused', () => {
  const file = tempDb();
  Store.open(file).close();
  const raw = new BetterSqlite3(file);
  raw.prepare("INSERT INTO schema_version VALUES (?, 'future', 'now')").run(SCHEMA_VERSION + 1);
  raw.close();
  assert.throws(() => Store.open(file), (e: unknown) => e instanceof SchemaTooNewError && e.found === SCHEMA_VERSION + 1);
});

test('a missing database is an error when it must exist', () => {
  const file = tempDb();
  assert.throws(() => Store.open(file, { mustExist: true }), DatabaseNotFoundError);
  assert.equal(fs.existsSync(file), false);
});

test('runs: create, find, unknown names list the known ones', () => {
  const store = Store.open(tempDb());
  const run = store.runs.create({ name: 'r1', config: '{}', request_set_hash: 'abc', code_version: '0.1.0' });
  assert.equal(store.runs.get('r1').id, run.id);
  assert.throws(
    () => store.runs.get('nope'),
    (e: unknown) => e instanceof RunNotFoundError && e.known.includes('r1') && /no run named "nope"/.test(e.message),
  );
  store.close();
});

test('responses: save, state, counts, ordered streaming; a retry replaces the row and drops its labels', () => {
  const store = Store.open(tempDb());
  const { id } = store.runs.create({ name: 'r', config: '{}', request_set_hash: 'h', code_version: 'v' });
  store.saveResponse(id, response('q2/x'), { response_id: 'q2/x', engine: 'rules@1', prompt_hashes: {}, label: label('q2/x', 'anchored') });
  store.saveResponse(id, response('q1/x', 'HTTP 500'), { response_id: 'q1/x', engine: 'rules@1', prompt_hashes: {}, label: label('q1/x', 'other') });
  assert.equal(store.responses.stateOf(id, 'q2/x'), 'ok');
  assert.equal(store.responses.stateOf(id, 'q1/x'), 'error');
  assert.equal(store.responses.stateOf(id, 'q3/x'), 'missing');
  assert.deepEqual(store.responses.counts(id), { total: 2, errors: 1 });
  assert.deepEqual([...store.responses.iterate(id)].map((r) => r.response_id), ['q1/x', 'q2/x']);
  assert.deepEqual([...store.responses.iterate(id)][1], response('q2/x'));

  store.saveResponse(id, response('q1/x'));
  assert.deepEqual(store.responses.counts(id), { total: 2, errors: 0 });
  assert.equal(store.judgments.label(id, 'q1/x', 'rules@1'), undefined);
  assert.equal(store.judgments.label(id, 'q2/x', 'rules@1')?.outcome, 'anchored');
  assert.deepEqual(store.responses.unjudged(id, 'rules@1', '', 10).map((r) => r.response_id), ['q1/x']);
  assert.deepEqual(store.responses.unjudged(id, 'rules@1', '', 10, true).map((r) => r.response_id), ['q1/x', 'q2/x']);
  assert.deepEqual(store.judgments.outcomeCounts(id, 'rules@1'), [{ setup: 'C2', outcome: 'anchored', n: 1 }]);
  store.close();
});

test('a committed response is visible to another connection while the writer is open (WAL)', () => {
  const file = tempDb();
  const store = Store.open(file);
  const { id } = store.runs.create({ name: 'r', config: '{}', request_set_hash: 'h', code_version: 'v' });
  store.saveResponse(id, response('q1/x'));
  // Another connection sees the committed row while the writer is still open (WAL).
  const reader = Store.open(file, { readonly: true });
  assert.equal(reader.db.prepare('SELECT COUNT(*) FROM responses').pluck().get(), 1);
  reader.close();
  store.close();
});
