/**
 * `felicity run` when things go wrong around it: a second process on the same run, a holder that
 * died, a server that is down, a server that moved, and databases it cannot use. Each case ends
 * in one line on stderr and the documented exit code (README, "Exit codes").
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openSqliteFile, readSqliteFile, valueOf, valuesOf } from '../src/store/testing/sqlite-file.ts';
import { reply, startScriptedServer } from '../src/llm/testing/scripted-chat-server.ts';
import { Store } from '../src/store/index.ts';
import { NO_READ_ONLY_FOLDER, readOnlyFolder } from '../src/store/testing/read-only-folder.ts';
import { writeBenchRequests } from './helpers/bench-requests.ts';
import { runCli, startCli, storedResponses } from './helpers/cli.ts';
import { gridModel } from './helpers/grid-model.ts';

/** Polls until a run holds a lease in `db`; fails if the child exits first or calls the model without one. */
async function waitForLease(db: string, started: ReturnType<typeof startCli>, modelCalls: () => number): Promise<void> {
  let exited = false;
  void started.done.then(() => (exited = true));
  for (;;) {
    if (held(db)) return;
    if (exited) throw new Error(`the run exited before taking its lease: ${(await started.done).stderr}`);
    if (modelCalls() > 0 && !held(db)) {
      started.child.kill('SIGKILL');
      throw new Error('the run is calling the model without holding a lease');
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

function held(db: string): boolean {
  if (!fs.existsSync(db)) return false;
  return readSqliteFile(db, (conn) => {
    const table = valueOf(conn, "SELECT 1 FROM sqlite_master WHERE name = 'run_leases'");
    return table !== undefined && valueOf(conn, 'SELECT COUNT(*) FROM run_leases') === 1;
  });
}

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-hard-'));
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** Writes a lease row as another holder would have left it. */
async function writeLease(db: string, run: string, holder: { host: string; pid: number }, heartbeatAgeMs: number): Promise<void> {
  await (await Store.open(db)).close(); // create and migrate
  const conn = openSqliteFile(db, { readOnly: false });
  conn.prepare('INSERT OR REPLACE INTO run_leases (run_name, host, pid, started_at, heartbeat_at) VALUES (?, ?, ?, ?, ?)')
    .run(run, holder.host, holder.pid, '2026-12-01T08:00:00.000Z', Date.now() - heartbeatAgeMs);
  conn.close();
}

test('a second run of the same name and database refuses, naming the holder; after kill -9 the next one takes over', async () => {
  const dir = tempDir();
  const db = path.join(dir, 'r.db');
  const requests = writeBenchRequests(dir, 20);
  // Responses wait at a gate (endpoint checks pass), so the first run is surely still running.
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const model = gridModel();
  let gated = 0;
  const server = await startScriptedServer(async (req, i) => {
    if (req.body.messages.at(-1)?.content !== 'Reply with the word OK.') {
      gated++;
      await gate;
    }
    return model(req, i);
  }, { record: false });
  try {
    const args = ['run', '--model', `openai-compatible:${server.url}#grid`, '--requests', requests, '--db', db, '--name', 'twice', '--setups', 'C0,C2', '--concurrency', '2'];
    const first = startCli(args);
    await waitForLease(db, first, () => gated);
    const before = server.count();
    const second = await runCli(args);
    assert.equal(second.code, 1, second.stderr);
    assert.match(second.stderr, new RegExp(`^felicity run: run "twice" is already running: ${os.hostname()}, pid ${first.child.pid}, started \\S+, last heartbeat \\d+ s ago`, 'm'));
    assert.ok(server.count() - before <= 1 + 2, 'the refused run made no model calls beyond its endpoint check');

    first.child.kill('SIGKILL');
    await first.done;
    open();
    const third = await runCli(args);
    assert.equal(third.code, 0, third.stderr);
    assert.match(third.stderr, new RegExp(`taking the run over from ${os.hostname()} pid ${first.child.pid}, which stopped without finishing`));
    assert.equal(storedResponses(db), 20 * 8);
  } finally {
    open();
    await server.close();
  }
});

test('a lease from another host is honoured while its heartbeat is fresh and taken over once it is stale', async () => {
  const dir = tempDir();
  const db = path.join(dir, 'r.db');
  const requests = writeBenchRequests(dir, 1);
  const server = await startScriptedServer(gridModel(), { record: false });
  try {
    const args = ['run', '--model', `openai-compatible:${server.url}#grid`, '--requests', requests, '--db', db, '--name', 'shared', '--setups', 'C0'];
    await writeLease(db, 'shared', { host: 'elsewhere', pid: 4242 }, 2_000);
    const fresh = await runCli(args);
    assert.equal(fresh.code, 1);
    assert.match(fresh.stderr, /run "shared" is already running: elsewhere, pid 4242/);
    assert.equal(storedResponses(db), 0);

    await writeLease(db, 'shared', { host: 'elsewhere', pid: 4242 }, 10 * 60_000);
    const stale = await runCli(args);
    assert.equal(stale.code, 0, stale.stderr);
    assert.match(stale.stderr, /taking the run over from elsewhere pid 4242/);
    assert.equal(storedResponses(db), 4);
  } finally {
    await server.close();
  }
});

test('a server that is down: the run stops before it starts, with one line, exit 1, nothing stored', async () => {
  const dir = tempDir();
  const db = path.join(dir, 'r.db');
  const url = `http://127.0.0.1:${await closedPort()}/v1`;
  const r = await runCli(['run', '--model', `openai-compatible:${url}#m`, '--requests', writeBenchRequests(dir, 3), '--db', db, '--name', 'down']);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, new RegExp(`^felicity run: openai-compatible:${url.replaceAll('.', '\\.')}#m is not usable before the run starts: network.*\\(is the server running at that URL\\?\\)\\n$`));
  assert.equal(storedResponses(db), 0);
});

test('a resumed run may reach the same model at another URL; --retry-errors redoes the errors there', async () => {
  const dir = tempDir();
  const db = path.join(dir, 'r.db');
  const requests = writeBenchRequests(dir, 2);
  const model = gridModel();
  // The first server fails every C0 response (a 400 is not retried).
  const flaky = await startScriptedServer((req, i) => (i > 0 && !req.body.tools ? reply.status(400, 'scripted failure') : model(req, i)));
  const moved = await startScriptedServer(model);
  try {
    const common = ['--requests', requests, '--db', db, '--name', 'moving', '--setups', 'C0,C2'];
    const first = await runCli(['run', '--model', `openai-compatible:${flaky.url}#grid`, ...common]);
    assert.equal(first.code, 1, first.stderr);
    assert.match(first.stderr, /8 responses in run "moving" hold errors/);

    const second = await runCli(['run', '--model', `openai-compatible:${moved.url}#grid`, ...common, '--retry-errors']);
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stderr, /8 responses this time \(0 errors\), 8 already finished/);
    const { config, models } = readSqliteFile(db, (conn) => ({
      config: JSON.parse(valueOf<string>(conn, 'SELECT config FROM runs')!) as { grid: { models: string[] }; endpoints: Record<string, string> },
      models: valuesOf(conn, 'SELECT DISTINCT model FROM responses'),
    }));
    assert.deepEqual(config.grid.models, ['openai-compatible:grid']);
    assert.deepEqual(models, ['openai-compatible:grid'], 'responses are stored under the model, not its URL');
    assert.equal(config.endpoints['openai-compatible:grid'], `openai-compatible:${moved.url}#grid`, 'the latest URL is recorded');
  } finally {
    await flaky.close();
    await moved.close();
  }
});

test('databases felicity cannot use: one line naming the file and what to do, exit 2, for every command', async () => {
  const dir = tempDir();
  const notes = path.join(dir, 'notes.db');
  fs.writeFileSync(notes, 'my notes, not a database\n'.repeat(40));
  const full = path.join(dir, 'full.db');
  const store = await Store.open(full);
  for (let i = 0; i < 200; i++) await store.runs.create({ name: `r${i}`, config: 'x'.repeat(2000), request_set_hash: 'h', code_version: 'v' });
  await store.close();
  const cut = path.join(dir, 'cut.db');
  fs.writeFileSync(cut, fs.readFileSync(full).subarray(0, 5000));
  const missingFolder = path.join(dir, 'no', 'such', 'r.db');
  const model = 'openai-compatible:http://127.0.0.1:9/v1#m';
  const requests = writeBenchRequests(dir, 1);
  const cases: [string[], RegExp][] = [
    [['export', 'r', '--db', notes], /^felicity export: database .*notes\.db: not a SQLite database/],
    [['judge', 'r', '--engine', 'rules', '--db', notes], /^felicity judge: database .*notes\.db: not a SQLite database/],
    [['run', '--model', model, '--requests', requests, '--db', notes], /^felicity run: database .*notes\.db: not a SQLite database/],
    [['export', 'r1', '--db', cut], /^felicity export: database .*cut\.db: the database is damaged or cut short/],
    [['run', '--model', model, '--requests', requests, '--db', missingFolder], /^felicity run: database .*r\.db: folder .*such does not exist/],
    [['run', '--model', model, '--requests', requests, '--db', dir], /^felicity run: database .*: it is a folder/],
  ];
  for (const [args, expected] of cases) {
    const r = await runCli(args);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, expected);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.doesNotMatch(r.stderr, /\bat .*\.ts:\d+/, 'no stack trace');
  }
  assert.equal(fs.existsSync(path.dirname(missingFolder)), false);
});

test('export from a database on a read-only mount: one line saying to copy it somewhere writable, exit 2', async (t) => {
  const place = await readOnlyFolder((store) => store.runs.create({ name: 'r', config: '{}', request_set_hash: 'h', code_version: 'v' }));
  if (place === undefined) return t.skip(NO_READ_ONLY_FOLDER);
  try {
    const r = await runCli(['export', 'r', '--db', path.join(place.dir, 'r.db')]);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /^felicity export: database .*r\.db: it is on a read-only file system .* copy it to a writable folder and pass that --db\n$/);
  } finally {
    place.cleanup();
  }
});

test('a key in the query string of an openai-compatible URL: refused in one line (exit 2), never printed or stored', async () => {
  const dir = tempDir();
  const db = path.join(dir, 'r.db');
  const server = await startScriptedServer(gridModel());
  try {
    const r = await runCli(['run', '--model', `openai-compatible:${server.url}?api_key=sk-live-SECRET#grid`, '--requests', writeBenchRequests(dir, 1), '--db', db, '--setups', 'C0']);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /^felicity run: bad model spec "openai-compatible:http:\/\/127\.0\.0\.1:\d+\/v1\?\*\*\*#grid": a query string in the base URL is not accepted/);
    assert.doesNotMatch(r.stderr + r.stdout, /SECRET/);
    assert.ok(!fs.existsSync(db) || !fs.readFileSync(db).includes('SECRET'), 'the key is not stored');
  } finally {
    await server.close();
  }
});

test('run --timeout: a server that stops answering is cut off after the timeout and the response records it; the timeout is recorded, not compared on resume', async () => {
  const dir = tempDir();
  const db = path.join(dir, 'r.db');
  const requests = writeBenchRequests(dir, 1);
  // Answers the one-token check before each run (checkEndpoint), and never a turn of the run.
  const server = await startScriptedServer((req) => (req.body.messages[0]?.content === 'Reply with the word OK.' ? reply.text('OK') : reply.hang()));
  try {
    const common = ['--model', `openai-compatible:${server.url}#grid`, '--requests', requests, '--db', db, '--name', 'slow', '--setups', 'C0', '--variants', 'inferred', '--personas', 'generic'];
    const r = await runCli(['run', ...common, '--timeout', '0.2']);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /1 responses in run "slow" hold errors/);
    const { error, config } = readSqliteFile(db, (conn) => ({
      error: valueOf<string>(conn, 'SELECT error FROM responses'),
      config: JSON.parse(valueOf<string>(conn, 'SELECT config FROM runs')!) as { timeout_s?: number },
    }));
    assert.equal(error, 'timeout: no complete response within 200 ms');
    assert.equal(config.timeout_s, 0.2);

    // Another timeout is an operational change: the run resumes (the response is redone, as one that never reached the model).
    const again = await runCli(['run', ...common, '--timeout', '0.3']);
    assert.doesNotMatch(again.stderr, /different configuration/);
    assert.match(again.stderr, /1 responses this time \(1 errors\)/);
  } finally {
    await server.close();
  }
});

test("run --timeout takes a positive number of seconds; the default is the model clients' (120)", async () => {
  const { runCommand } = await import('../src/cli/run.ts');
  const { DEFAULT_TIMEOUT_MS } = await import('../src/llm/openai-chat-model.ts');
  const timeout = runCommand().options.find((o) => o.long === '--timeout');
  assert.ok(timeout, 'run has --timeout');
  assert.equal(timeout.defaultValue, 120);
  assert.equal(timeout.defaultValue * 1000, DEFAULT_TIMEOUT_MS);
  const r = await runCli(['run', '--model', 'openai-compatible:http://127.0.0.1:9/v1#m', '--timeout', '0']);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /--timeout.*expected a number of seconds > 0, got "0"/);
});
