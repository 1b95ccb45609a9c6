import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RunLeaseHeldError, Store } from '../store/index.ts';
import { postgresBackend } from '../store/testing/backends.ts';
import { RunConfigChangedError, type RunConfig } from './run-config.ts';
import { runBenchmark, type RunOptions, type RunnerRequest, type TurnExecutor, type TurnOutput } from './runner.ts';

const requests: RunnerRequest[] = Array.from({ length: 5 }, (_, i) => ({ id: `r${i}`, category: 'reminder' as const }));
const config: RunConfig = {
  grid: { models: ['a:m'], setups: ['C0', 'C2'], variants: ['inferred', 'stated'], personas: ['generic'], fixes: ['none'], samples: 1 },
  requests: { hash: 'h', count: 5, limit: null },
  sampling: { temperature: 0.7, max_tokens: null, seed: null, thinking: true },
};
const TOTAL = 5 * 4;

function tempStore(): Promise<Store> {
  return Store.open(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-runner-')), 'run.db'));
}

function ok(text: string): TurnOutput {
  return { messages: [{ role: 'user', content: 'q' }, { role: 'assistant', content: text }], usage: { total_tokens: 3 }, latency_ms: 1 };
}

/** An executor that records what it ran and answers after a microtask. */
function recorder(answer: (id: string) => TurnOutput = () => ok('fine')) {
  const ran: string[] = [];
  const execute: TurnExecutor<RunnerRequest> = async (tuple) => {
    ran.push(tuple.responseId);
    await new Promise((r) => setImmediate(r));
    return answer(tuple.responseId);
  };
  return { ran, execute };
}

function options(store: Store, execute: TurnExecutor<RunnerRequest>, extra: Partial<RunOptions<RunnerRequest>> = {}): RunOptions<RunnerRequest> {
  return { store, name: 'run', config, codeVersion: 'test', requests, execute, concurrency: 3, ...extra };
}

test('a run stores every tuple once', async () => {
  const store = await tempStore();
  const { ran, execute } = recorder();
  const summary = await runBenchmark(options(store, execute));
  assert.equal(summary.done, TOTAL);
  assert.equal(summary.interrupted, false);
  assert.equal(new Set(ran).size, TOTAL);
  assert.deepEqual(await store.responses.counts(summary.runId), { total: TOTAL, errors: 0 });
  await store.close();
});

test('stopping takes no new work; resuming runs only the unfinished tuples', async () => {
  const store = await tempStore();
  const stop = new AbortController();
  const first = recorder();
  const wrapped: TurnExecutor<RunnerRequest> = async (t, s) => {
    if (first.ran.length === 7) stop.abort();
    return first.execute(t, s);
  };
  const partial = await runBenchmark(options(store, wrapped, { stop: stop.signal }));
  assert.equal(partial.interrupted, true);
  // In-flight tuples finished and were stored.
  assert.equal((await store.responses.counts(partial.runId)).total, first.ran.length);

  const second = recorder();
  const rest = await runBenchmark(options(store, second.execute));
  assert.equal(rest.skipped, first.ran.length);
  assert.equal(rest.done, TOTAL - first.ran.length);
  assert.deepEqual(new Set([...first.ran, ...second.ran]).size, TOTAL);
  assert.equal(first.ran.filter((id) => second.ran.includes(id)).length, 0);
  await store.close();
});

test('a changed configuration is refused with a diff and nothing runs', async () => {
  const store = await tempStore();
  await runBenchmark(options(store, recorder().execute));
  const again = recorder();
  const changed: RunConfig = { ...config, sampling: { ...config.sampling, temperature: 0.2 } };
  await assert.rejects(
    runBenchmark(options(store, again.execute, { config: changed })),
    (e: unknown) => e instanceof RunConfigChangedError && e.changes.length === 1 && /sampling\.temperature: 0\.7 → 0\.2/.test(e.message),
  );
  assert.equal(again.ran.length, 0);
  await store.close();
});

test('errors are stored and kept on resume; --retry-errors redoes only them, replacing them', async () => {
  const store = await tempStore();
  const failing = (id: string): TurnOutput =>
    id.includes('/C2/') && id.startsWith('r1/') ? { ...ok(''), error: { kind: 'server', status: 500, message: 'boom' } } : ok('fine');
  const first = await runBenchmark(options(store, recorder(failing).execute));
  assert.equal(first.errors, 2);
  const plain = recorder();
  await runBenchmark(options(store, plain.execute));
  assert.equal(plain.ran.length, 0);

  const retry = recorder();
  const summary = await runBenchmark(options(store, retry.execute, { retryErrors: true }));
  assert.deepEqual(retry.ran.sort(), ['r1/C2/inferred/generic/none@a:m/s0', 'r1/C2/stated/generic/none@a:m/s0']);
  assert.equal(summary.skipped, TOTAL - 2);
  assert.deepEqual(await store.responses.counts(summary.runId), { total: TOTAL, errors: 0 });
  await store.close();
});

test('labels are stored with their response; a labeller failure leaves the response unlabelled', async () => {
  const store = await tempStore();
  const events: string[] = [];
  const summary = await runBenchmark(
    options(store, recorder().execute, {
      label: (row) => {
        if (row.request_id === 'r3') throw new Error('cannot label');
        return { response_id: row.response_id, engine: 'test@1', prompt_hashes: {}, label: { id: row.response_id, outcome: 'other', failure: false, commitments: [], booleans: { false_action_claim: false, declines_request: false, hands_back_to_user: false, did_task_now: false, asks_clarification: false }, engine: { detector: 'test@1', judge: 'test@1' } } };
      },
      onProgress: (p) => p.labelFailure && events.push(p.labelFailure.message),
    }),
  );
  assert.equal(summary.labelFailures, 4);
  assert.equal(events.length, 4);
  assert.deepEqual((await store.judgments.outcomeCounts(summary.runId, 'test@1')).map((c) => c.n).reduce((a, b) => a + b), TOTAL - 4);
  await store.close();
});

test('abandoning drops aborted in-flight results; an executor throw stops the run', async () => {
  const store = await tempStore();
  const abandon = new AbortController();
  const summary = await runBenchmark(
    options(store, async (_t, signal) => {
      abandon.abort();
      return signal.aborted ? { ...ok(''), error: { kind: 'aborted', message: 'cancelled' } } : ok('x');
    }, { abandon: abandon.signal }),
  );
  assert.equal(summary.done, 0);
  assert.equal(summary.interrupted, true);

  const other = await tempStore();
  let calls = 0;
  await assert.rejects(
    runBenchmark(options(other, async () => {
      calls++;
      throw new Error('bug');
    }, { name: 'b' })),
    /bug/,
  );
  assert.ok(calls <= 3);
  await store.close();
  await other.close();
});

const holder = (pid: number) => ({ host: 'test-host', pid, startedAt: '2026-12-01T09:00:00.000Z' });

test('a second run of the same name on the same database is refused while the first holds the lease', async () => {
  const store = await tempStore();
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const slow: TurnExecutor<RunnerRequest> = async () => {
    await gate;
    return ok('fine');
  };
  const lease = { holder: holder(1), staleMs: 30_000, heartbeatMs: 1000 };
  const first = runBenchmark(options(store, slow, { lease }));
  const second = recorder();
  await assert.rejects(
    runBenchmark(options(store, second.execute, { lease: { ...lease, holder: holder(2) } })),
    (e: unknown) => RunLeaseHeldError.isInstance(e) && e.holder.pid === 1 && /run "run" is already running: test-host, pid 1/.test(e.message),
  );
  assert.equal(second.ran.length, 0);
  release();
  assert.equal((await first).done, TOTAL);
  // Finished: the lease is released and the next process may resume the run.
  const third = await runBenchmark(options(store, recorder().execute, { lease: { ...lease, holder: holder(3) } }));
  assert.equal(third.skipped, TOTAL);
  await store.close();
});

test('a lease left by a holder that is gone is taken over, and the takeover is reported', async () => {
  const store = await tempStore();
  await store.leases.acquire('run', holder(9), { now: Date.now() - 60_000, staleMs: 30_000 });
  const takenFrom: number[] = [];
  const summary = await runBenchmark(
    options(store, recorder().execute, { lease: { holder: holder(1), staleMs: 30_000, heartbeatMs: 1000, onTakeover: (h) => takenFrom.push(h.pid) } }),
  );
  assert.equal(summary.done, TOTAL);
  assert.deepEqual(takenFrom, [9]);
  await store.close();
});

test('after N responses in a row that cannot reach the model the run stops with the reason', async () => {
  const store = await tempStore();
  const down = recorder(() => ({ ...ok(''), error: { kind: 'network', message: 'connect ECONNREFUSED 127.0.0.1:9' } }));
  const summary = await runBenchmark(options(store, down.execute, { concurrency: 1, maxConsecutiveUnreachable: 4 }));
  assert.equal(down.ran.length, 4);
  assert.equal(summary.interrupted, true);
  assert.match(summary.stoppedBecause ?? '', /^4 responses in a row could not reach the model \(last: network: connect ECONNREFUSED/);

  // Failures that are not about reaching the endpoint (a 400) do not count; a success resets the run.
  const other = await tempStore();
  let i = 0;
  const mixed = recorder(() => (i++ % 3 === 2 ? ok('fine') : { ...ok(''), error: { kind: 'network', message: 'reset' } }));
  const full = await runBenchmark(options(other, mixed.execute, { concurrency: 1, maxConsecutiveUnreachable: 3 }));
  assert.equal(full.stoppedBecause, undefined);
  assert.equal(full.done, TOTAL);
  await store.close();
  await other.close();
});

test('after an outage stopped the run, resuming redoes the responses that could not reach the model; errors the server returned stay until --retry-errors', async () => {
  const store = await tempStore();
  // The first response gets a 400 from the server; then the server goes away.
  let calls = 0;
  const outage = recorder(() =>
    calls++ === 0
      ? { ...ok(''), error: { kind: 'client', status: 400, message: 'bad request' } }
      : { ...ok(''), error: { kind: calls % 2 ? 'network' : 'timeout', message: 'connect ECONNREFUSED 127.0.0.1:9' } },
  );
  const stopped = await runBenchmark(options(store, outage.execute, { concurrency: 1, maxConsecutiveUnreachable: 4 }));
  assert.match(stopped.stoppedBecause ?? '', /^4 responses in a row could not reach the model/);
  assert.deepEqual(await store.responses.counts(stopped.runId), { total: 5, errors: 5 });

  // The same command again, once the server answers: everything but the 400 is run.
  const resumed = recorder();
  const summary = await runBenchmark(options(store, resumed.execute));
  assert.equal(resumed.ran.length, TOTAL - 1);
  assert.ok(!resumed.ran.includes(outage.ran[0]!), 'the response the server refused is kept');
  assert.equal(summary.skipped, 1);
  assert.deepEqual(await store.responses.counts(summary.runId), { total: TOTAL, errors: 1 });
  await store.close();
});

const postgres = await postgresBackend();

test('postgres: a stopped run resumes with only its unfinished tuples; an outage is redone, a refused response kept', { skip: postgres.skip }, async () => {
  const { target, drop } = await postgres.fresh();
  const store = await Store.open(target);
  try {
    const stop = new AbortController();
    let calls = 0;
    // The first response is refused (a 400), the next few cannot reach the model, then the run is stopped.
    const first = recorder(() => (calls++ === 0 ? { ...ok(''), error: { kind: 'client', status: 400, message: 'bad request' } } : { ...ok(''), error: { kind: 'network', message: 'reset' } }));
    const wrapped: TurnExecutor<RunnerRequest> = async (t, s) => {
      if (first.ran.length === 7) stop.abort();
      return first.execute(t, s);
    };
    const lease = { holder: { host: 'h', pid: 1, startedAt: 'now' }, staleMs: 30_000, heartbeatMs: 1000 };
    const partial = await runBenchmark(options(store, wrapped, { stop: stop.signal, lease }));
    assert.equal(partial.interrupted, true);
    assert.equal((await store.responses.counts(partial.runId)).errors, first.ran.length);

    const second = recorder();
    const rest = await runBenchmark(options(store, second.execute, { lease }));
    assert.equal(rest.skipped, 1, 'only the refused response counts as finished');
    assert.equal(second.ran.length, TOTAL - 1);
    assert.ok(!second.ran.includes(first.ran[0]!));
    assert.deepEqual(await store.responses.counts(rest.runId), { total: TOTAL, errors: 1 });
  } finally {
    await store.close();
    await drop();
  }
});
