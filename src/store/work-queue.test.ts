import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pool } from 'pg';
import { couldNotReach } from '../benchmark/runner.ts';
import { Store } from './index.ts';
import type { ResponseRow } from './responses.ts';
import { freshPostgresDatabase, postgresSkip } from './testing/postgres.ts';
import { UNREACHED_ERROR_PATTERN, WorkQueue } from './work-queue.ts';

const skip = (await postgresSkip()) || false;
const LEASE = 60_000;

function row(id: string, error: string | null = null): ResponseRow {
  return {
    response_id: id, request_id: id, model: 'm', setup: 'C0', variant: 'inferred', persona: 'generic', fix: 'none', sample: 0,
    category: 'reminder', messages: [{ role: 'user', content: id }], usage: null, latency_ms: 1, error,
  };
}

const ids = (n: number, prefix = 't') => Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(3, '0')}`);

test('the SQL pattern for errors a resume redoes agrees with runner.ts couldNotReach', () => {
  const errors = ['network: ECONNREFUSED', 'timeout: 120 s', 'server (HTTP 500): boom', 'bad_response: cut', 'networking: x', 'timeout (HTTP 408): slow'];
  for (const e of errors) assert.equal(new RegExp(UNREACHED_ERROR_PATTERN).test(e), couldNotReach(e), e);
});

describe('work queue (PostgreSQL)', { skip }, () => {
  let drop: () => Promise<void>;
  let store: Store;
  let pool: Pool;
  let queue: WorkQueue;
  let run = 0;

  before(async () => {
    const db = await freshPostgresDatabase('felicity_wq');
    drop = db.drop;
    store = await Store.open(db.url, { connections: 8 });
    pool = store.postgresPool!;
    queue = new WorkQueue(pool);
  });
  after(async () => {
    await store?.close();
    await drop?.();
  });

  /** A new run per test, with `workers` registered. */
  async function newRun(...workers: string[]): Promise<number> {
    const { rows } = await pool.query(
      `INSERT INTO runs (name, config, request_set_hash, code_version, created_at, updated_at) VALUES ($1, '{}', 'h', 'v', 'now', 'now') RETURNING id`,
      [`run-${++run}`],
    );
    const id = Number(rows[0].id);
    for (const w of workers) await queue.register(id, { worker: w, host: 'h', pid: 1, concurrency: 4 }, LEASE);
    return id;
  }

  const states = async (runId: number) => {
    const { rows } = await pool.query('SELECT response_id, state, worker FROM run_tuples WHERE run_id = $1 ORDER BY response_id', [runId]);
    return rows as { response_id: string; state: string; worker: string | null }[];
  };

  test('enqueue is idempotent: the same ids twice make each tuple once, pending', async () => {
    const runId = await newRun();
    assert.equal(await queue.enqueue(runId, ids(2500)), 2500);
    assert.equal(await queue.enqueue(runId, ids(2500)), 2500);
    assert.equal((await states(runId)).length, 2500);
    assert.equal(await queue.open(runId), 2500);
  });

  test('enqueue counts answered tuples done, and leaves unreached errors (and with retryErrors every error) pending', async () => {
    const runId = await newRun();
    const save = store.saveResponse.bind(store);
    await save(runId, row('t000'));
    await save(runId, row('t001', 'network: ECONNREFUSED'));
    await save(runId, row('t002', 'server (HTTP 400): bad'));
    assert.equal(await queue.enqueue(runId, ids(4)), 2);
    assert.deepEqual((await states(runId)).map((s) => s.state), ['done', 'pending', 'done', 'pending']);
    assert.equal(await queue.enqueue(runId, ids(4), { retryErrors: true }), 3);
    assert.deepEqual((await states(runId)).map((s) => s.state), ['done', 'pending', 'pending', 'pending']);
  });

  test('two concurrent claimers never get the same tuple, and between them get all of them', async () => {
    const runId = await newRun('a', 'b');
    await queue.enqueue(runId, ids(300));
    const got = { a: [] as string[], b: [] as string[] };
    const claimer = async (w: 'a' | 'b') => {
      for (;;) {
        const batch = await queue.claim(runId, w, 7, LEASE);
        if (batch.length === 0) return;
        got[w].push(...batch);
      }
    };
    await Promise.all([claimer('a'), claimer('b'), claimer('a'), claimer('b')]);
    const all = [...got.a, ...got.b];
    assert.equal(new Set(all).size, all.length, 'a tuple was claimed twice');
    assert.deepEqual(all.sort(), ids(300));
    // How the 300 split between a and b is the scheduler's business, not the queue's: not asserted.
    for (const s of await states(runId)) assert.equal(s.state, 'claimed');
  });

  test('a claim is held while its lease runs; an expired lease is reclaimed by the next claimer', async () => {
    const runId = await newRun('dead', 'alive');
    await queue.enqueue(runId, ids(3));
    assert.deepEqual(await queue.claim(runId, 'dead', 2, LEASE), ['t000', 't001']);
    assert.deepEqual(await queue.claim(runId, 'alive', 5, LEASE), ['t002']);
    assert.deepEqual(await queue.claim(runId, 'alive', 5, LEASE), [], 'live leases are not taken');
    // The dead worker's leases run out (set in the past: the database clock decides).
    await pool.query(`UPDATE run_tuples SET lease_until = lease_until - $2 WHERE run_id = $1 AND worker = 'dead'`, [runId, 2 * LEASE]);
    assert.deepEqual(await queue.claim(runId, 'alive', 5, LEASE), ['t000', 't001']);
    const progress = await queue.progress(runId);
    assert.equal(progress.workers.find((w) => w.worker === 'alive')?.claimed, 3);
    assert.equal(progress.workers.find((w) => w.worker === 'dead')?.claimed, 0);
  });

  test('complete() after losing the claim returns false and the response is not written', async () => {
    const runId = await newRun('slow', 'fast');
    const save = store.saveResponse.bind(store);
    await queue.enqueue(runId, ids(1));
    await queue.claim(runId, 'slow', 1, 1);
    await new Promise((r) => setTimeout(r, 20)); // a 1 ms lease is over
    assert.deepEqual(await queue.claim(runId, 'fast', 1, LEASE), ['t000']);
    assert.equal(await queue.heartbeat(runId, 'slow', LEASE, ['t000']), false, 'the heartbeat sees the claim is gone');
    const late = { ...row('t000'), messages: [{ role: 'user' as const, content: 'late' }] };
    assert.equal(await save(runId, late, undefined, undefined, (tx) => queue.complete(tx, runId, 't000', 'slow')), false);
    assert.equal((await pool.query('SELECT count(*)::int AS n FROM responses WHERE run_id = $1', [runId])).rows[0].n, 0);
    assert.equal(await save(runId, row('t000'), undefined, undefined, (tx) => queue.complete(tx, runId, 't000', 'fast')), true);
    const stored = await pool.query('SELECT messages FROM responses WHERE run_id = $1', [runId]);
    assert.deepEqual(JSON.parse(stored.rows[0].messages), row('t000').messages);
    assert.equal(await save(runId, row('t000'), undefined, undefined, (tx) => queue.complete(tx, runId, 't000', 'fast')), false, 'done once');
    const progress = await queue.progress(runId);
    assert.deepEqual(progress.totals, { total: 1, pending: 0, claimed: 0, expired: 0, done: 1, errors: 0 });
    assert.equal(progress.workers.find((w) => w.worker === 'fast')?.done, 1);
    assert.equal(progress.workers.find((w) => w.worker === 'slow')?.done, 0);
  });

  test('heartbeat keeps claims alive and reports them held, done ones included', async () => {
    const runId = await newRun('w');
    await queue.enqueue(runId, ids(2));
    await queue.claim(runId, 'w', 2, 1);
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(await queue.heartbeat(runId, 'w', LEASE, ['t000', 't001']), true);
    assert.equal((await queue.progress(runId)).totals.expired, 0);
    assert.equal(await store.saveResponse(runId, row('t000'), undefined, undefined, (tx) => queue.complete(tx, runId, 't000', 'w')), true);
    assert.equal(await queue.heartbeat(runId, 'w', LEASE, ['t000', 't001']), true);
  });

  test('release gives unfinished claims back and records how the worker ended', async () => {
    const runId = await newRun('w', 'other');
    await queue.enqueue(runId, ids(4));
    await queue.claim(runId, 'w', 3, LEASE);
    await queue.unclaim(runId, 'w', ['t002']);
    assert.deepEqual((await states(runId)).map((s) => s.state), ['claimed', 'claimed', 'pending', 'pending']);
    await queue.release(runId, 'w', 'stopped');
    assert.deepEqual((await states(runId)).map((s) => s.state), ['pending', 'pending', 'pending', 'pending']);
    const progress = await queue.progress(runId);
    assert.equal(progress.workers.find((w) => w.worker === 'w')?.status, 'stopped');
    assert.equal(progress.workers.find((w) => w.worker === 'other')?.status, 'running');
  });

  test('progress calls a running worker whose heartbeat is older than its lease stale', async () => {
    const runId = await newRun('w');
    await pool.query('UPDATE run_workers SET heartbeat_at = heartbeat_at - $2 WHERE run_id = $1', [runId, LEASE + 1000]);
    const [w] = (await queue.progress(runId)).workers;
    assert.equal(w?.status, 'stale');
    assert.ok(w!.heartbeatAgeMs > LEASE);
  });
});
