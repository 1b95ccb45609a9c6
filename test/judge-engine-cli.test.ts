/**
 * Model engines on a stored run, end to end: a scripted benchmark run, then `felicity judge --engine
 * hybrid|llm` against a scripted loopback judge. Judgments are cached in the run's database, so a
 * forced second pass makes no model call; `--no-cache` asks again; `--dry-run` asks nothing; and
 * `run --judge llm` labels the responses once the run is done.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readSqliteFile, rowsOf } from '../src/store/testing/sqlite-file.ts';
import { scriptedJudge } from '../src/check/llm/testing/scripted-judge.ts';
import { reply, startScriptedServer } from '../src/llm/testing/scripted-chat-server.ts';
import { writeBenchRequests } from './helpers/bench-requests.ts';
import { runCli } from './helpers/cli.ts';
import { gridModel } from './helpers/grid-model.ts';

function judgedBy(db: string): Map<string, number> {
  const rows = readSqliteFile(db, (conn) => rowsOf<{ engine: string; n: number }>(conn, 'SELECT engine, COUNT(*) AS n FROM judgments GROUP BY engine'));
  return new Map(rows.map((r) => [r.engine, r.n]));
}

test('judge --engine hybrid on a stored run: share sent to the model, cache in the database, forced pass free', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-judge-llm-'));
  const db = path.join(dir, 'run.db');
  const requests = writeBenchRequests(dir, 10);
  // A completion report with no call behind it: where the rules do not call it a claim, hybrid asks the model.
  const model = await startScriptedServer(() => reply.text("I've added it to the list."), { record: false });
  const judge = await startScriptedServer(scriptedJudge());
  try {
    const run = await runCli(['run', '--model', `openai-compatible:${model.url}#grid`, '--requests', requests, '--db', db, '--name', 'g', '--fixes', 'none']);
    assert.equal(run.code, 0, run.stderr);
    const spec = `openai-compatible:${judge.url}#judge`;
    const base = ['judge', 'g', '--engine', 'hybrid', '--judge-model', spec, '--db', db];

    const dry = await runCli([...base, '--dry-run']);
    assert.equal(dry.code, 0, dry.stderr);
    const planned = /dry run: (\d+) of 200 turns sent to the model .*; (\d+) calls/.exec(dry.stderr);
    assert.ok(planned, dry.stderr);
    assert.equal(judge.count(), 0);

    const first = await runCli(base);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stderr, /200 responses labelled by hybrid\(rules@.*\+llm\(openai-compatible:judge\)/);
    const sent = Number(planned[1]);
    assert.ok(sent > 0, 'precondition: some turns trip a hybrid trigger');
    assert.match(first.stderr, new RegExp(`felicity judge: ${sent} of 200 turns sent to the model`));
    assert.equal(judge.count(), Number(planned[2]), 'the dry run counted the calls the pass made');

    const again = await runCli([...base, '--force']);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(judge.count(), Number(planned[2]), 'a forced second pass is answered from the run database');
    assert.match(again.stderr, new RegExp(`0 model calls, ${2 * sent} cache hits \\(cache: the run database\\)`), 'a detector and a response judgment per turn sent');

    await runCli([...base, '--force', '--no-cache']);
    // Without a cache only judgments already in flight are shared, so how many repeat depends on timing: at least every distinct one is asked again.
    assert.ok(judge.count() >= 2 * Number(planned[2]), '--no-cache asks again');
    const engines = judgedBy(db);
    assert.equal([...engines.values()].reduce((a, b) => a + b, 0), 200, 'one label per response for this engine');
  } finally {
    await model.close();
    await judge.close();
  }
});

test('run --judge llm labels every response with the judge once the run is done', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-judge-llm-'));
  const db = path.join(dir, 'run.db');
  const requests = writeBenchRequests(dir, 2);
  const model = await startScriptedServer(gridModel(), { record: false });
  const judge = await startScriptedServer(scriptedJudge());
  try {
    const spec = `openai-compatible:${judge.url}#judge`;
    const run = await runCli(['run', '--model', `openai-compatible:${model.url}#grid`, '--requests', requests, '--db', db, '--name', 'g', '--fixes', 'none', '--setups', 'C0', '--judge', 'llm', '--judge-model', spec]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /felicity run: 8 responses labelled by llm\(/);
    const stats = /felicity run: (\d+) model calls, (\d+) cache hits/.exec(run.stderr);
    assert.ok(stats, run.stderr);
    assert.equal(Number(stats[1]) + Number(stats[2]), 16, 'a detector and a response judgment per response');
    assert.equal(judge.count(), Number(stats[1]), 'identical judgments are asked once');
    const entries = [...judgedBy(db)];
    assert.equal(entries.length, 1);
    const [engine, n] = entries[0]!;
    assert.match(engine, /^llm\(openai-compatible:judge\)@[0-9a-f]{8}$/);
    assert.equal(n, 8);
    const missing = await runCli(['judge', 'g', '--engine', 'llm', '--db', db]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /^felicity judge: --engine llm needs --judge-model SPEC/);
    // The short name the labels were made with finds them in the report, which names the full id.
    const report = await runCli(['report', 'g', '--db', db, '--engine', 'llm', '--out', path.join(dir, 'report'), '--formats', 'json', '--reps', '10', '--verbose']);
    assert.equal(report.code, 0, report.stderr);
    assert.ok(report.stderr.includes(`run "g": labels from engine ${engine}`), report.stderr);
    // A short name the run holds no labels for says which it does hold.
    const none = await runCli(['report', 'g', '--db', db, '--engine', 'hybrid', '--out', path.join(dir, 'report2'), '--formats', 'json']);
    assert.equal(none.code, 1);
    assert.ok(none.stderr.includes(`it has labels from ${engine}`), none.stderr);
  } finally {
    await model.close();
    await judge.close();
  }
});
