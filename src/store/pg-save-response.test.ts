import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type PgModule from 'pg';
import type { LabelRecord } from '../core/types.ts';
import { requireOptional } from '../optional-packages.ts';
import { postgresSaveResponse } from './pg-save-response.ts';
import type { ResponseRow } from './responses.ts';
import { freshPostgresDatabase, postgresSkip } from './testing/postgres.ts';
import { createWorkerTables } from './testing/worker-tables.ts';

const skip = (await postgresSkip()) || false;
let drop: () => Promise<void>;
let pool: PgModule.Pool;

before(async () => {
  if (skip) return;
  const db = await freshPostgresDatabase('felicity_save');
  drop = db.drop;
  pool = new (requireOptional<typeof PgModule>('pg', 'tests').Pool)({ connectionString: db.url, max: 2 });
  await createWorkerTables(pool);
  await pool.query(`INSERT INTO runs (name, config, request_set_hash, code_version, created_at, updated_at) VALUES ('r', '{}', 'h', 'v', 'now', 'now')`);
});
after(async () => {
  await pool?.end();
  await drop?.();
});

const row = (error: string | null): ResponseRow => ({
  response_id: 'a', request_id: 'rq', model: 'm', setup: 'C0', variant: 'inferred', persona: 'generic', fix: 'guard', sample: 0,
  category: 'reminder', messages: [{ role: 'assistant', content: error === null ? 'ok' : '' }], usage: { total_tokens: 3 }, latency_ms: 2, error,
});
const label = { outcome: 'anchored', failure: false } as LabelRecord;
const count = async (table: string) => Number((await pool.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n);

test('a response is stored with its label and fix steps; a retry replaces it, its old label and steps', { skip }, async () => {
  const save = postgresSaveResponse(pool);
  const fix = { response_id: 'a', fix: 'guard', action: 'rewrite', extra_calls: 1, steps: { draft: 'x' } };
  assert.equal(await save(1, row(null), { response_id: 'a', engine: 'rules@1', prompt_hashes: {}, label }, fix), true);
  assert.deepEqual([await count('responses'), await count('judgments'), await count('fix_steps')], [1, 1, 1]);
  const stored = (await pool.query('SELECT messages, usage, error FROM responses')).rows[0];
  assert.deepEqual([JSON.parse(stored.messages), JSON.parse(stored.usage), stored.error], [row(null).messages, { total_tokens: 3 }, null]);
  // Redone (say it failed this time): one row, no stale label or steps.
  assert.equal(await save(1, row('network: down')), true);
  assert.deepEqual([await count('responses'), await count('judgments'), await count('fix_steps')], [1, 0, 0]);
  assert.equal((await pool.query('SELECT error FROM responses')).rows[0].error, 'network: down');
});

test('a refusing precondition writes nothing, a throwing one rolls back what it did', { skip }, async () => {
  const save = postgresSaveResponse(pool);
  const before = (await pool.query('SELECT error FROM responses')).rows;
  assert.equal(await save(1, row(null), undefined, undefined, async () => false), false);
  await assert.rejects(
    save(1, row(null), undefined, undefined, async (tx) => {
      await tx.query(`UPDATE runs SET name = 'renamed'`);
      throw new Error('boom');
    }),
    /boom/,
  );
  assert.deepEqual((await pool.query('SELECT error FROM responses')).rows, before);
  assert.equal((await pool.query('SELECT name FROM runs')).rows[0].name, 'r');
});
