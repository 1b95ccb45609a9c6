/**
 * Representative samples and growing runs, end to end: `run --sample N --seed S` stores a
 * stratified sample; the same command with a larger N extends that run without asking the model
 * again for anything finished (and its progress starts at what is done); a request file whose
 * earlier requests changed cannot extend it. `--summary-json` of run and judge counts the labels.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readSqliteFile, rowsOf } from '../src/store/testing/sqlite-file.ts';
import { startScriptedServer } from '../src/llm/testing/scripted-chat-server.ts';
import { benchRequests, writeBenchRequests } from './helpers/bench-requests.ts';
import { runCli } from './helpers/cli.ts';
import { gridModel } from './helpers/grid-model.ts';

function stored(db: string): { response_id: string; request_id: string; category: string }[] {
  return readSqliteFile(db, (conn) => rowsOf<{ response_id: string; request_id: string; category: string }>(conn, 'SELECT response_id, request_id, category FROM responses ORDER BY response_id'));
}

test('run --sample is stratified; a larger --sample extends the run without redoing anything', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-extend-'));
  const db = path.join(dir, 'r.db');
  const requests = writeBenchRequests(dir, 293);
  const model = gridModel();
  let calls = 0;
  const server = await startScriptedServer((req, i) => {
    calls++;
    return model(req, i);
  });
  try {
    const base = ['run', '--model', `openai-compatible:${server.url}#grid`, '--requests', requests, '--db', db, '--setups', 'C0', '--personas', 'generic', '--variants', 'inferred'];
    const first = await runCli([...base, '--sample', '10', '--seed', '3', '--judge', 'rules']);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stderr, /a stratified sample of 10 of 293 requests \(seed 3\)/);
    const before = stored(db);
    assert.equal(before.length, 10);
    assert.equal(new Set(before.map((r) => r.category)).size, 5, 'every category is in a sample of 10 (--limit 10 would give only reminders)');
    const callsBefore = calls;

    const summaryFile = path.join(dir, 'run-summary.json');
    const second = await runCli([...base, '--sample', '25', '--seed', '3', '--judge', 'rules', '--summary-json', summaryFile]);
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stderr, /extending run "/);
    assert.match(second.stderr, /15 responses this time \(0 errors\), 10 already finished, 25\/25/);
    // Progress starts at what is done: the first progress line off a terminal reads 10/25.
    assert.match(second.stderr, /\b10\/25\b/);
    const after = stored(db);
    assert.equal(after.length, 25);
    for (const r of before) assert.ok(after.some((a) => a.response_id === r.response_id), `${r.response_id} kept`);
    // The endpoint check costs one call per attempt; every other call is a new response.
    assert.equal(calls - callsBefore, 15 + 1);
    const runs = readSqliteFile(db, (conn) => rowsOf(conn, 'SELECT name FROM runs'));
    assert.equal(runs.length, 1, 'one run, extended');

    const summary = JSON.parse(fs.readFileSync(summaryFile, 'utf8')) as { command: string; labelled: number; engine: string; outcomes: Record<string, number> };
    assert.equal(summary.command, 'run');
    assert.equal(summary.labelled, 25);
    assert.match(summary.engine, /^rules@/);
    assert.equal(Object.values(summary.outcomes).reduce((a, b) => a + b, 0), 25);

    // judge --summary-json counts the same labels (relabelled with --force).
    const name = /extending run "([^"]+)"/.exec(second.stderr)![1]!;
    const judgeSummary = path.join(dir, 'judge-summary.json');
    const judged = await runCli(['judge', name, '--engine', 'rules', '--db', db, '--force', '--jobs', '1', '--summary-json', judgeSummary]);
    assert.equal(judged.code, 0, judged.stderr);
    const j = JSON.parse(fs.readFileSync(judgeSummary, 'utf8')) as typeof summary & { run: string; failures: number; failure_rate: number | null };
    assert.equal(j.command, 'judge');
    assert.equal(j.run, name);
    assert.deepEqual(j.outcomes, summary.outcomes);
    assert.equal(j.failure_rate, j.labelled === 0 ? null : Number((j.failures / j.labelled).toFixed(6)));
  } finally {
    await server.close();
  }
});

test('a named run cannot be extended from a file whose earlier requests changed', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-extend-'));
  const db = path.join(dir, 'r.db');
  const file = path.join(dir, 'requests.jsonl');
  const records = benchRequests(20);
  fs.writeFileSync(file, records.slice(0, 10).map((r) => `${JSON.stringify(r)}\n`).join(''));
  const server = await startScriptedServer(gridModel());
  try {
    const base = ['run', '--model', `openai-compatible:${server.url}#grid`, '--requests', file, '--db', db, '--name', 'n', '--setups', 'C0', '--personas', 'generic', '--variants', 'inferred'];
    assert.equal((await runCli(base)).code, 0);
    // Appended requests extend the named run.
    fs.writeFileSync(file, records.slice(0, 15).map((r) => `${JSON.stringify(r)}\n`).join(''));
    const grown = await runCli(base);
    assert.equal(grown.code, 0, grown.stderr);
    assert.match(grown.stderr, /5 responses this time .* 10 already finished, 15\/15/);
    // An edited earlier request does not.
    const edited = records.slice(0, 16).map((r, i) => (i === 2 ? { ...r, context: 'Changed context for this request.' } : r));
    fs.writeFileSync(file, edited.map((r) => `${JSON.stringify(r)}\n`).join(''));
    const refused = await runCli(base);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /cannot be extended either: the request file no longer holds the run's 15 requests unchanged/);
    assert.equal(stored(db).length, 15);
  } finally {
    await server.close();
  }
});

test('--sample and --limit together are refused', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-extend-'));
  const r = await runCli(['run', '--model', 'openai-compatible:http://127.0.0.1:9/v1#m', '--requests', writeBenchRequests(dir, 5), '--db', path.join(dir, 'r.db'), '--sample', '2', '--limit', '2']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /give --sample or --limit, not both/);
});
