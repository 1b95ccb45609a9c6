/**
 * End to end: the run, export and judge commands' behaviour at the command line — export output
 * that `felicity check` accepts, refusal of a changed configuration, retrying errors, and
 * one-line failures on bad input.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { reply, startScriptedServer } from '../src/llm/testing/scripted-chat-server.ts';
import { RESPONSE_FIELDS } from '../src/benchmark/response-record.ts';
import { LABEL_COLUMNS } from '../src/benchmark/export.ts';
import { writeBenchRequests } from './helpers/bench-requests.ts';
import { runCli, storedResponses } from './helpers/cli.ts';
import { gridModel } from './helpers/grid-model.ts';

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-cli-'));
}

test('run then export: jsonl response records and csv rows', async () => {
  const dir = tempDir();
  const db = path.join(dir, 'r.db');
  const requests = writeBenchRequests(dir, 3);
  const server = await startScriptedServer(gridModel());
  try {
    const model = `openai-compatible:${server.url}#grid`;
    const run = await runCli(['run', '--model', model, '--requests', requests, '--db', db, '--name', 'e', '--setups', 'C0,C2']);
    assert.equal(run.code, 0, run.stderr);
    const out = path.join(dir, 'e.jsonl');
    const exp = await runCli(['export', 'e', '--db', db, '--out', out]);
    assert.equal(exp.code, 0, exp.stderr);
    const records = fs.readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.equal(records.length, 3 * 8);
    for (const r of records) assert.deepEqual(Object.keys(r), RESPONSE_FIELDS.filter((f) => f !== 'error'));
    const c2 = records.find((r) => r.setup === 'C2' && r.variant === 'inferred')!;
    const calls = (c2.messages as { role: string; tool_calls?: { function: { name: string } }[] }[]).flatMap((m) => m.tool_calls ?? []);
    assert.deepEqual(calls.map((c) => c.function.name), ['create_reminder']);

    const csv = await runCli(['export', 'e', '--db', db, '--format', 'csv']);
    assert.equal(csv.code, 0, csv.stderr);
    assert.ok(csv.stdout.startsWith(`\ufeff${RESPONSE_FIELDS.join(',')},final_reply,${LABEL_COLUMNS.join(',')}\r\n`), 'the label columns, empty: the run is not labelled');
    assert.equal(csv.stdout.trimEnd().split('\r\n').length, 1 + 24);
  } finally {
    await server.close();
  }
});

test('resuming with a changed configuration is refused with a field diff', async () => {
  const dir = tempDir();
  const db = path.join(dir, 'r.db');
  const requests = writeBenchRequests(dir, 2);
  const server = await startScriptedServer(gridModel());
  try {
    const base = ['run', '--model', `openai-compatible:${server.url}#grid`, '--requests', requests, '--db', db, '--name', 'c', '--setups', 'C0'];
    assert.equal((await runCli(base)).code, 0);
    const changed = await runCli([...base, '--temperature', '0', '--personas', 'generic']);
    assert.equal(changed.code, 2);
    assert.match(changed.stderr, /run "c" was started with a different configuration/);
    assert.match(changed.stderr, /grid\.personas: \["generic","support"\] → \["generic"\]/);
    assert.match(changed.stderr, /sampling\.temperature: 0\.7 → 0/);
    assert.equal(storedResponses(db), 2 * 4);
  } finally {
    await server.close();
  }
});

test('--retry-errors redoes only the failed responses', async () => {
  const dir = tempDir();
  const db = path.join(dir, 'r.db');
  const requests = writeBenchRequests(dir, 4);
  let failing = true;
  const model = gridModel();
  // The first attempt fails every C0 request of rq-0002 with a 400 (not retried by the client).
  const server = await startScriptedServer((req, i) => {
    const user = req.body.messages.find((m) => m.role === 'user')?.content;
    if (failing && typeof user === 'string' && user.includes('1001') && !req.body.tools) return reply.status(400, 'scripted failure');
    return model(req, i);
  });
  try {
    const base = ['run', '--model', `openai-compatible:${server.url}#grid`, '--requests', requests, '--db', db, '--name', 'x', '--setups', 'C0,C1'];
    const first = await runCli(base);
    assert.equal(first.code, 1, 'responses failed: the run is not complete');
    assert.match(first.stderr, /32 responses this time \(4 errors\)/);
    assert.match(first.stderr, /4 responses in run "x" hold errors \(the model call failed\); run the same command with --retry-errors to redo them/);
    failing = false;
    const plain = await runCli(base);
    assert.equal(plain.code, 1);
    assert.match(plain.stderr, /0 responses this time \(0 errors\), 32 already finished/);
    assert.match(plain.stderr, /--retry-errors to redo them/, 'a resume that still holds errors says how to redo them');
    const before = server.count();
    const retry = await runCli([...base, '--retry-errors']);
    assert.equal(retry.code, 0, retry.stderr);
    assert.match(retry.stderr, /4 responses this time \(0 errors\), 28 already finished/);
    assert.doesNotMatch(retry.stderr, /hold errors/);
    assert.equal(server.count() - before, 1 + 4, 'one endpoint check, then the four failed responses');
    const exp = await runCli(['export', 'x', '--db', db]);
    assert.ok(!exp.stdout.includes('"error"'));
  } finally {
    await server.close();
  }
});

test('bad input: one line, exit code 2', async () => {
  const dir = tempDir();
  const missing = path.join(dir, 'none.db');
  const cases: [string[], RegExp][] = [
    [['export', 'r', '--db', missing], /^felicity export: no database at .*none\.db\n$/],
    [['judge', 'r', '--engine', 'rules', '--db', missing], /^felicity judge: no database at .*none\.db\n$/],
    [['run', '--db', path.join(dir, 'x.db')], /^felicity run: at least one --model is required\n$/],
    [['run', '--model', 'openai:m', '--setups', 'C9', '--db', path.join(dir, 'x.db')], /^felicity run: --setups: unknown value "C9"/],
    [['run', '--model', 'nope', '--requests', writeBenchRequests(dir, 1), '--db', path.join(dir, 'x.db')], /^felicity run: bad model spec "nope"/],
    [['run', '--model', 'openai:m', '--requests', path.join(dir, 'missing.jsonl'), '--db', path.join(dir, 'x.db')], /^felicity run: .*missing\.jsonl/],
  ];
  for (const [args, expected] of cases) {
    const r = await runCli(args);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, expected);
  }
  // An unknown run names the runs that exist.
  const db = path.join(dir, 'x.db');
  const server = await startScriptedServer(gridModel());
  try {
    await runCli(['run', '--model', `openai-compatible:${server.url}#grid`, '--requests', writeBenchRequests(dir, 1), '--db', db, '--name', 'known', '--setups', 'C0']);
  } finally {
    await server.close();
  }
  const unknown = await runCli(['export', 'other', '--db', db]);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /^felicity export: no run named "other" in .* \(runs: known\)\n$/);
});

test('every command has --help with an example', async () => {
  for (const command of ['run', 'export', 'judge']) {
    const help = await runCli([command, '--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /Example:\n {2}\$ npx felicity /);
  }
});
