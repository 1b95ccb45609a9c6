import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pool } from 'pg';
import { Store } from '../store/index.ts';
import { freshPostgresDatabase, postgresSkip } from '../store/testing/postgres.ts';
import { WorkQueue } from '../store/work-queue.ts';
import type { Grid } from './conditions.ts';
import { RunConfigChangedError, type RunConfig } from './run-config.ts';
import { openRun, type RunnerRequest, type TurnExecutor } from './runner.ts';
import { runWorker, type WorkerOptions } from './worker.ts';

const skip = (await postgresSkip()) || false;

const requests: RunnerRequest[] = Array.from({ length: 20 }, (_, i) => ({ id: `rq-${String(i).padStart(2, '0')}`, category: 'reminder' }));
const grid: Grid = { models: ['m'], setups: ['C0'], variants: ['inferred'], personas: ['generic'], fixes: ['none'], samples: 3 };
const TUPLES = 60;

function config(g: Grid = grid): RunConfig {
  return { grid: g, requests: { hash: 'h', count: requests.length, limit: null }, sampling: { temperature: 0, max_tokens: null, seed: null, thinking: false } };
}

/** An executor that records every call by response id and answers after `delayMs`. */
function recordingExecutor(calls: string[], delayMs = 0): TurnExecutor<RunnerRequest> {
  return async (tuple) => {
    calls.push(tuple.responseId);
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    return { messages: [{ role: 'assistant', content: tuple.responseId }], usage: null, latency_ms: delayMs };
  };
}

describe('runWorker (PostgreSQL)', { skip }, () => {
  let drop: () => Promise<void>;
  let store: Store;
  let pool: Pool;
  let queue: WorkQueue;
  let runs = 0;

  before(async () => {
    const db = await freshPostgresDatabase('felicity_wk');
    drop = db.drop;
    store = await Store.open(db.url, { connections: 10 });
    pool = store.postgresPool!;
    queue = new WorkQueue(pool);
  });
  after(async () => {
    await store?.close();
    await drop?.();
  });

  function worker(runId: number, name: string, calls: string[], extra: Partial<WorkerOptions<RunnerRequest>> = {}): WorkerOptions<RunnerRequest> {
    return {
      queue, runId, worker: { worker: name, host: 'h', pid: 1, concurrency: 3 }, requests, grid,
      execute: recordingExecutor(calls, 5), save: store.saveResponse.bind(store), leaseMs: 10_000, ...extra,
    };
  }

  const stored = async (runId: number) =>
    (await pool.query('SELECT response_id FROM responses WHERE run_id = $1 ORDER BY response_id', [runId])).rows.map((r: { response_id: string }) => r.response_id);

  test('workers opening one run at once share it; another configuration under the name is refused', async () => {
    const name = `open-${++runs}`;
    const ids = await Promise.all([1, 2, 3].map(() => openRun(store, name, config(), 'v')));
    assert.equal(new Set(ids).size, 1);
    await assert.rejects(openRun(store, name, config({ ...grid, setups: ['C1'] }), 'v'), RunConfigChangedError);
  });

  test('two workers on one run: every tuple executed and stored once, both did some', async () => {
    const runId = await openRun(store, `two-${++runs}`, config(), 'v');
    const a: string[] = [];
    const b: string[] = [];
    const [sa, sb] = await Promise.all([runWorker(worker(runId, 'a', a)), runWorker(worker(runId, 'b', b))]);
    const all = [...a, ...b];
    assert.equal(all.length, TUPLES);
    assert.equal(new Set(all).size, TUPLES, 'a tuple was executed twice');
    assert.ok(a.length > 0 && b.length > 0, `a ${a.length}, b ${b.length}`);
    assert.equal(sa.done + sb.done, TUPLES);
    assert.equal((await stored(runId)).length, TUPLES);
    const progress = await queue.progress(runId);
    assert.equal(progress.totals.done, TUPLES);
    const byName = progress.workers.map((w) => [w.worker, w.status, w.done]).sort((x, y) => String(x[0]).localeCompare(String(y[0])));
    assert.deepEqual(byName, [['a', 'finished', a.length], ['b', 'finished', b.length]]);
  });

  test('a worker started on a finished run does nothing; one stopped mid-way gives its claims back', async () => {
    const runId = await openRun(store, `stop-${++runs}`, config(), 'v');
    const stop = new AbortController();
    const first: string[] = [];
    const summary = await runWorker(
      worker(runId, 'first', first, {
        onProgress: (p) => {
          if (p.done >= 10) stop.abort();
        },
        stop: stop.signal,
      }),
    );
    assert.equal(summary.interrupted, true);
    assert.ok(summary.done >= 10 && summary.done < TUPLES);
    assert.equal(first.length, summary.done, 'in-flight tuples finished and were stored');
    assert.equal((await queue.progress(runId)).totals.claimed, 0, 'nothing left claimed');
    const second: string[] = [];
    const rest = await runWorker(worker(runId, 'second', second));
    assert.equal(rest.done, TUPLES - summary.done);
    assert.equal(new Set([...first, ...second]).size, TUPLES);
    const idle: string[] = [];
    assert.equal((await runWorker(worker(runId, 'late', idle))).done, 0);
    assert.equal(idle.length, 0);
  });

  test('a worker that stalls past its lease loses its claims: the other worker writes those responses, it writes none of them and stops', async () => {
    const runId = await openRun(store, `stall-${++runs}`, config(), 'v');
    const slow: string[] = [];
    const fast: string[] = [];
    let release!: () => void;
    const stalled = new Promise<void>((r) => (release = r));
    // The slow worker's first calls hang past its 100 ms lease, and it sends no heartbeat.
    const stallingExecutor: TurnExecutor<RunnerRequest> = async (tuple, signal) => {
      slow.push(tuple.responseId);
      await stalled;
      return recordingExecutor([])(tuple, signal);
    };
    const slowRun = runWorker(worker(runId, 'slow', slow, { execute: stallingExecutor, leaseMs: 100, heartbeatMs: 60_000 }));
    while (slow.length < 3) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 150));
    const fastSummary = await runWorker(worker(runId, 'fast', fast, { leaseMs: 10_000 }));
    release();
    const slowSummary = await slowRun;
    assert.equal(fastSummary.done, TUPLES);
    assert.equal(slowSummary.done, 0);
    assert.equal(slowSummary.lostClaims, 3);
    assert.match(slowSummary.stoppedBecause ?? '', /lost its claims/);
    assert.equal((await stored(runId)).length, TUPLES);
    const bodies = await pool.query('SELECT count(*)::int AS n FROM responses WHERE run_id = $1', [runId]);
    assert.equal(bodies.rows[0].n, TUPLES);
    assert.equal((await queue.progress(runId)).workers.find((w) => w.worker === 'slow')?.status, 'lost');
  });

  test('endpoints that stop answering stop the worker after N unreachable responses in a row; the rest go back to the queue', async () => {
    const runId = await openRun(store, `down-${++runs}`, config(), 'v');
    const calls: string[] = [];
    const down: TurnExecutor<RunnerRequest> = async (tuple) => {
      calls.push(tuple.responseId);
      return { messages: [], usage: null, latency_ms: 1, error: { kind: 'network', message: 'ECONNREFUSED' } };
    };
    const summary = await runWorker(worker(runId, 'w', calls, { execute: down, maxConsecutiveUnreachable: 5 }));
    assert.match(summary.stoppedBecause ?? '', /responses in a row could not reach the model \(last: network: ECONNREFUSED\)/);
    assert.ok(summary.done >= 5 && summary.done < TUPLES, `done ${summary.done}`);
    const progress = await queue.progress(runId);
    assert.deepEqual([progress.totals.claimed, progress.totals.errors, progress.workers[0]?.status], [0, summary.done, 'stopped']);
    // A worker started once the server is back redoes them: they never reached the model.
    const again: string[] = [];
    assert.equal((await runWorker(worker(runId, 'w2', again))).done, TUPLES);
  });

  test('abandoned in-flight tuples are not stored and go back to the queue', async () => {
    const runId = await openRun(store, `abandon-${++runs}`, config(), 'v');
    const abandon = new AbortController();
    const hanging: TurnExecutor<RunnerRequest> = (_tuple, signal) =>
      new Promise((resolve) => {
        signal.addEventListener('abort', () => resolve({ messages: [], usage: null, latency_ms: 0, error: { kind: 'aborted', message: 'abandoned' } }));
        setTimeout(() => abandon.abort(), 20);
      });
    const summary = await runWorker(worker(runId, 'w', [], { execute: hanging, abandon: abandon.signal }));
    assert.deepEqual([summary.done, summary.interrupted], [0, true]);
    assert.equal((await stored(runId)).length, 0);
    assert.equal((await queue.progress(runId)).totals.pending, TUPLES);
  });
});
