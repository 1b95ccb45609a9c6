/**
 * Workers sharing a run: three `felicity run --worker` processes on one run against
 * a slow scripted model; one is killed with SIGKILL mid-run and started again. Every tuple must be
 * answered (written) exactly once, and no model call repeated except those the killed worker had
 * in flight, counted from the scripted server's log of requests.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type PgModule from 'pg';
import { tuples, type Grid } from '../src/benchmark/conditions.ts';
import type { ChatMessage } from '../src/core/types.ts';
import { reply, startScriptedServer } from '../src/llm/testing/scripted-chat-server.ts';
import { requireOptional } from '../src/optional-packages.ts';
import { freshPostgresDatabase, postgresSkip } from '../src/store/testing/postgres.ts';
import { Store } from '../src/store/index.ts';
import { WorkQueue } from '../src/store/work-queue.ts';
import { benchRequests, writeBenchRequests } from './helpers/bench-requests.ts';
import { REPO } from './helpers/cli.ts';
import { requestKey, startWorker, turnKey } from './helpers/worker-processes.ts';
import { spawn } from 'node:child_process';

/** Opening the store migrates a fresh database: felicity's tables, the work queue's among them. */
const createTables = async (url: string) => (await Store.open(url)).close();

const skip = (await postgresSkip()) || false;
const REQUESTS = 50;
const CONCURRENCY = 4;
const DELAY_MS = 150;
// Long enough that a live worker starved of CPU (2 cores, several test processes) keeps its claims.
const LEASE_MS = 4000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('three workers, one killed with SIGKILL mid-run and restarted: every tuple written once, only the killed worker\'s in-flight calls repeated', { skip, timeout: 180_000 }, async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-workers-'));
  const requestsFile = writeBenchRequests(dir, REQUESTS);
  const database = await freshPostgresDatabase('felicity_kill');
  const pool = new (requireOptional<typeof PgModule>('pg', 'tests').Pool)({ connectionString: database.url, max: 4 });
  // Every write of a response row, to prove none is written twice (an upsert would hide it).
  await createTables(database.url);
  await pool.query(`CREATE TABLE response_writes (response_id TEXT NOT NULL);
    CREATE FUNCTION log_write() RETURNS trigger AS $$ BEGIN INSERT INTO response_writes VALUES (NEW.response_id); RETURN NEW; END $$ LANGUAGE plpgsql;
    CREATE TRIGGER response_written AFTER INSERT OR UPDATE ON responses FOR EACH ROW EXECUTE FUNCTION log_write();`);
  const server = await startScriptedServer(async () => {
    await sleep(DELAY_MS);
    return reply.text("I can't do that once this chat ends; set an alarm on your phone.");
  });
  const model = `openai-compatible:${server.url}#slow`;
  const args = ['--db', database.url, '--model', model, '--requests', requestsFile, '--setups', 'C0', '--name', 'workers',
    '--concurrency', String(CONCURRENCY), '--lease-ms', String(LEASE_MS)];
  const grid: Grid = { models: ['openai-compatible:slow'], setups: ['C0'], variants: ['inferred', 'stated'], personas: ['generic', 'support'], fixes: ['none'], samples: 1 };
  const expected = new Set([...tuples(benchRequests(REQUESTS) as { id: string }[], grid)].map((t) => t.responseId));
  const count = async (sql: string, params: unknown[] = []) => Number((await pool.query(sql, params)).rows[0].n);
  const workers = [startWorker(args), startWorker(args), startWorker(args)];
  try {
    // Kill the first worker once it has written a few responses and holds claims in flight.
    const victim = workers[0]!;
    const pattern = `%/${victim.child.pid}/%`;
    let killedWorker: string | undefined;
    for (;;) {
      const exited = await Promise.race([victim.done.then(() => true), sleep(20).then(() => false)]);
      if (exited) assert.fail(`the worker exited before it could be killed: ${(await victim.done).stderr}`);
      const row = (await pool.query(`SELECT worker, count(*) FILTER (WHERE state = 'done')::int AS done, count(*) FILTER (WHERE state = 'claimed')::int AS claimed
        FROM run_tuples WHERE worker LIKE $1 GROUP BY worker`, [pattern])).rows[0];
      if (row !== undefined && row.done >= 8 && row.claimed > 0) {
        killedWorker = row.worker as string;
        break;
      }
    }
    victim.child.kill('SIGKILL');
    const killed = await victim.done;
    assert.equal(killed.signal, 'SIGKILL');
    // A request the victim had sent reaches the server's log a moment after the kill. No other
    // worker can call the victim's tuples before its lease ends, seconds later.
    await sleep(200);
    const callsAtKill = server.requests.length;
    const claimedAtKill = new Set((await pool.query(`SELECT response_id FROM run_tuples WHERE worker = $1 AND state = 'claimed'`, [killedWorker])).rows.map((r) => r.response_id as string));
    const doneAtKill = await count(`SELECT count(*)::int AS n FROM run_tuples WHERE state = 'done'`);
    assert.ok(doneAtKill < expected.size, `killed mid-run: ${doneAtKill} of ${expected.size} done`);

    const restarted = startWorker(args);
    const ends = await Promise.all([workers[1]!.done, workers[2]!.done, restarted.done]);
    for (const end of ends) assert.equal(end.code, 0, end.stderr);

    // Every tuple has exactly one response, written once.
    const stored = (await pool.query('SELECT response_id, messages FROM responses ORDER BY response_id')).rows as { response_id: string; messages: string }[];
    assert.deepEqual(new Set(stored.map((r) => r.response_id)), expected);
    assert.equal(await count('SELECT count(*)::int AS n FROM response_writes'), expected.size, 'a response was written twice');

    // Model calls per response id, from the server's log of requests.
    const idOf = new Map<string, string>();
    for (const r of stored) idOf.set(turnKey('slow', JSON.parse(r.messages) as ChatMessage[])!, r.response_id);
    assert.equal(idOf.size, expected.size, 'every tuple has its own first request');
    const calls = new Map<string, number>();
    const calledBeforeKill = new Set<string>();
    server.requests.forEach((request, index) => {
      const key = requestKey(request.body);
      if (key === undefined) return; // a worker's pre-run endpoint check
      const id = idOf.get(key);
      assert.ok(id !== undefined, `a model call matches no tuple: ${key}`);
      calls.set(id, (calls.get(id) ?? 0) + 1);
      if (index < callsAtKill) calledBeforeKill.add(id);
    });
    const inFlightAtKill = new Set([...claimedAtKill].filter((id) => calledBeforeKill.has(id)));
    const repeated = [...calls].filter(([, n]) => n > 1).map(([id]) => id);
    for (const id of expected) assert.ok((calls.get(id) ?? 0) >= 1, `${id} was never called`);
    for (const [id, n] of calls) assert.ok(n <= 2, `${id} called ${n} times`);
    const attempts = (await pool.query('SELECT response_id, attempts, worker FROM run_tuples WHERE attempts > 1')).rows;
    const where = (id: string) => server.requests.flatMap((r, i) => (idOf.get(requestKey(r.body) ?? '') === id ? [i] : []));
    for (const id of repeated) {
      assert.ok(inFlightAtKill.has(id), `${id} was called twice (requests ${where(id)}, kill at ${callsAtKill}) but was not in flight at the kill; claimed at kill: ${[...claimedAtKill]}; reclaimed: ${JSON.stringify(attempts)}`);
    }
    // And each of those was called again: its response had not been written.
    assert.deepEqual(new Set(repeated), inFlightAtKill);
    assert.ok(inFlightAtKill.size <= CONCURRENCY, `in flight at the kill: ${inFlightAtKill.size}`);
    t.diagnostic(`killed with ${doneAtKill}/${expected.size} done; ${claimedAtKill.size} claimed, ${inFlightAtKill.size} in flight; ${repeated.length} calls repeated`);

    // felicity status: the totals, the three that finished and the killed one, stale.
    const status = await new Promise<string>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'status', 'workers', '--db', database.url, '--json'], { cwd: REPO });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.on('close', () => resolve(out));
    });
    const progress = JSON.parse(status) as { totals: { done: number; total: number }; workers: { worker: string; status: string; done: number }[] };
    assert.deepEqual([progress.totals.done, progress.totals.total], [expected.size, expected.size]);
    assert.deepEqual(progress.workers.map((w) => w.status).sort(), ['finished', 'finished', 'finished', 'stale']);
    assert.equal(progress.workers.find((w) => w.worker === killedWorker)?.status, 'stale');
    assert.equal(progress.workers.reduce((n, w) => n + w.done, 0), expected.size);
  } finally {
    for (const w of workers) w.child.kill('SIGKILL');
    await server.close();
    await pool.end();
    await database.drop();
  }
});

/** `felicity ARGS` from source; its exit code and output. */
function felicityFromSource(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { cwd: REPO });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test('run --worker on a SQLite file: one line saying workers need a shared postgres:// database, exit 2', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-workers-'));
  const r = await felicityFromSource(['run', '--worker', '--db', path.join(dir, 'run.db'), '--model', 'openai-compatible:http://127.0.0.1:9/v1#m']);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /^felicity run: --worker needs a database every worker shares: --db postgres:\/\/… \(got .*run\.db\)\n$/);
  assert.equal(fs.existsSync(path.join(dir, 'run.db')), false, 'no SQLite file was created');
});

test('status: an unknown run lists the runs; a refused password is never printed', { skip }, async () => {
  const database = await freshPostgresDatabase('felicity_status');
  const pool = new (requireOptional<typeof PgModule>('pg', 'tests').Pool)({ connectionString: database.url, max: 1 });
  try {
    await createTables(database.url);
    await pool.query(`INSERT INTO runs (name, config, request_set_hash, code_version, created_at, updated_at) VALUES ('a-run', '{}', 'h', 'v', 'now', 'now')`);
    const unknown = await felicityFromSource(['status', 'nope', '--db', database.url]);
    assert.equal(unknown.code, 2, unknown.stderr);
    assert.match(unknown.stderr, /no run named "nope" .*\(runs: a-run\)/);
    assert.doesNotMatch(unknown.stderr, /felicity-test-secret/);
    const wrong = new URL(database.url);
    wrong.password = 'not-the-password-42';
    const refused = await felicityFromSource(['status', 'a-run', '--db', wrong.toString()]);
    assert.equal(refused.code, 2, refused.stderr);
    assert.match(refused.stderr, /^felicity status: database postgres:\/\/felicity:\*\*\*@.*password authentication failed/);
    assert.doesNotMatch(refused.stderr, /not-the-password-42/);
  } finally {
    await pool.end();
    await database.drop();
  }
});

test('a worker refuses a run that a `felicity run` without --worker is running: every call would be made twice', { skip }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-workers-'));
  const database = await freshPostgresDatabase('felicity_held');
  const pool = new (requireOptional<typeof PgModule>('pg', 'tests').Pool)({ connectionString: database.url, max: 1 });
  const server = await startScriptedServer(() => reply.text('ok'), { record: false });
  try {
    await createTables(database.url);
    await pool.query(`INSERT INTO run_leases (run_name, host, pid, started_at, heartbeat_at) VALUES ('held', 'elsewhere', 4242, '2026-01-01T00:00:00Z', $1)`, [Date.now()]);
    const worker = startWorker(['--db', database.url, '--model', `openai-compatible:${server.url}#m`, '--requests', writeBenchRequests(dir, 2), '--setups', 'C0', '--name', 'held']);
    const end = await worker.done;
    assert.equal(end.code, 1, end.stderr);
    assert.match(end.stderr, /run "held" is already running: elsewhere, pid 4242/);
    assert.equal(Number((await pool.query('SELECT count(*)::int AS n FROM run_tuples')).rows[0].n), 0, 'it queued nothing');
  } finally {
    await server.close();
    await pool.end();
    await database.drop();
  }
});

test('a `felicity run` without --worker refuses a run that live workers are working on', { skip }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-workers-'));
  const database = await freshPostgresDatabase('felicity_live');
  const server = await startScriptedServer(() => reply.text('ok'), { record: false });
  const store = await Store.open(database.url);
  try {
    const requests = writeBenchRequests(dir, 2);
    const args = ['--db', database.url, '--model', `openai-compatible:${server.url}#m`, '--requests', requests, '--setups', 'C0', '--name', 'shared'];
    // The run exists (a first runner made it and finished) and a worker has joined it since.
    const first = await felicityFromSource(['run', ...args]);
    assert.equal(first.code, 0, first.stderr);
    const { id } = await store.runs.get('shared');
    await new WorkQueue(store.postgresPool!).register(id, { worker: 'elsewhere/7/ab', host: 'elsewhere', pid: 7, concurrency: 2 }, 60_000);
    const second = await felicityFromSource(['run', ...args]);
    assert.equal(second.code, 2, second.stderr);
    assert.match(second.stderr, /run "shared" has 1 live worker\(s\) \(elsewhere\/7\/ab\): join them with --worker/);
  } finally {
    await store.close();
    await server.close();
    await database.drop();
  }
});
