/**
 * End to end: `felicity run` killed mid-run (SIGKILL) or stopped (SIGINT) against a loopback
 * scripted model, then resumed. Every tuple must end up stored exactly once, and nothing finished
 * before the interruption may be lost or redone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readSqliteFile, rowsOf } from '../src/store/testing/sqlite-file.ts';
import { startScriptedServer } from '../src/llm/testing/scripted-chat-server.ts';
import { tuples, type Grid } from '../src/benchmark/conditions.ts';
import { modelIdentity } from '../src/benchmark/run-config.ts';
import { benchRequests, writeBenchRequests } from './helpers/bench-requests.ts';
import { runCli, startCli, storedResponses, waitForResponses } from './helpers/cli.ts';
import { gridModel } from './helpers/grid-model.ts';

const REQUESTS = 50;

function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-kill-'));
  return { dir, db: path.join(dir, 'run.db'), requests: writeBenchRequests(dir, REQUESTS) };
}

function expectedIds(model: string): Set<string> {
  const grid: Grid = {
    models: [modelIdentity(model)],
    setups: ['C0', 'C1', 'C2', 'C3', 'C4'],
    variants: ['inferred', 'stated'],
    personas: ['generic', 'support'],
    fixes: ['none'],
    samples: 1,
  };
  return new Set([...tuples(benchRequests(REQUESTS) as { id: string }[], grid)].map((t) => t.responseId));
}

function rows(db: string): Map<string, string> {
  const all = readSqliteFile(db, (conn) => rowsOf<{ response_id: string; created_at: string }>(conn, 'SELECT response_id, created_at FROM responses'));
  return new Map(all.map((r) => [r.response_id, r.created_at]));
}

test('a run killed with SIGKILL mid-way resumes to every tuple exactly once, losing nothing', async () => {
  const { db, requests } = setup();
  // A few ms per answer keeps the run going long enough to be killed half-way.
  const server = await startScriptedServer(gridModel(8), { record: false });
  const model = `openai-compatible:${server.url}#grid`;
  const args = ['run', '--model', model, '--requests', requests, '--db', db, '--name', 'kill', '--concurrency', '4'];
  const expected = expectedIds(model);
  try {
    const first = startCli(args);
    await waitForResponses(db, 150, first);
    first.child.kill('SIGKILL');
    const killed = await first.done;
    assert.equal(killed.signal, 'SIGKILL');

    const before = rows(db);
    assert.ok(before.size >= 150 && before.size < expected.size, `mid-way: ${before.size} of ${expected.size}`);

    const second = await runCli(args);
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stderr, new RegExp(`${before.size} already finished`));

    const after = rows(db);
    assert.equal(after.size, expected.size);
    assert.deepEqual(new Set(after.keys()), expected);
    // Nothing finished before the kill was lost or run again.
    for (const [id, created] of before) assert.equal(after.get(id), created, id);
  } finally {
    await server.close();
  }
});

test('Ctrl-C stops taking work, stores in-flight responses, exits 130 with a resume hint', async () => {
  const { db, requests } = setup();
  const server = await startScriptedServer(gridModel(8), { record: false });
  const model = `openai-compatible:${server.url}#grid`;
  const args = ['run', '--model', model, '--requests', requests, '--db', db, '--concurrency', '4', '--setups', 'C0,C2'];
  try {
    const first = startCli(args);
    await waitForResponses(db, 40, first);
    first.child.kill('SIGINT');
    const stopped = await first.done;
    assert.equal(stopped.code, 130, stopped.stderr);
    assert.match(stopped.stderr, /stopping/);
    assert.match(stopped.stderr, /run the same command again to resume run "grid-[0-9a-f]{8}"/);
    const stored = storedResponses(db);
    assert.ok(stored < REQUESTS * 8);
    assert.match(stopped.stderr, new RegExp(`${stored}/${REQUESTS * 8} in`));

    const second = await runCli(args);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(storedResponses(db), REQUESTS * 8);
  } finally {
    await server.close();
  }
});
