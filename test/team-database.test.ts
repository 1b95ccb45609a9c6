/**
 * A team database: the same commands on a PostgreSQL URL as on a SQLite file. The same
 * scripted run exported from either holds the same responses and labels; a judgment made by one
 * process is reused by every other on the database (a forced second `judge` from another process
 * makes no model call); and the URL's password appears in no output, no stored row and no report.
 * Skips with the reason when no PostgreSQL server is configured.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scriptedJudge } from '../src/check/llm/testing/scripted-judge.ts';
import { startScriptedServer } from '../src/llm/testing/scripted-chat-server.ts';
import type { LabelRecord } from '../src/core/types.ts';
import { Store } from '../src/store/index.ts';
import { freshPostgresDatabase, postgresSkip } from '../src/store/testing/postgres.ts';
import { writeBenchRequests } from './helpers/bench-requests.ts';
import { runCli, type Finished } from './helpers/cli.ts';
import { gridModel } from './helpers/grid-model.ts';

const skip = (await postgresSkip()) || false;

/** The password of the test server's URL: the string that must never be seen. */
function passwordOf(url: string): string {
  const password = decodeURIComponent(new URL(url).password);
  assert.ok(password.length >= 6, 'precondition: the test server URL carries a password');
  return password;
}

/** Every stored text of every felicity table, as one string. */
async function everythingStored(url: string): Promise<string> {
  const store = await Store.open(url, { mustExist: true });
  try {
    const parts: string[] = [];
    for (const table of ['schema_version', 'runs', 'responses', 'judgments', 'run_leases', 'judge_cache', 'fix_steps']) {
      parts.push(JSON.stringify((await store.query(`SELECT * FROM ${table}`)).rows));
    }
    return parts.join('\n');
  } finally {
    await store.close();
  }
}

/** Copies a run with its responses and labels from one database to another, through the store. */
async function copyRun(from: string, to: string, name: string): Promise<void> {
  const source = await Store.open(from, { mustExist: true });
  const target = await Store.open(to);
  try {
    const run = await source.runs.get(name);
    const { id } = await target.runs.create({ name, config: run.config, request_set_hash: run.request_set_hash, code_version: run.code_version });
    for await (const row of source.responses.iterate(run.id)) {
      await target.saveResponse(id, row);
      const { rows } = await source.query<{ engine: string; label: string }>('SELECT engine, label FROM judgments WHERE run_id = $1 AND response_id = $2', [run.id, row.response_id]);
      await target.saveJudgments(id, rows.map((j) => ({ response_id: row.response_id, engine: j.engine, prompt_hashes: {}, label: JSON.parse(j.label) as LabelRecord })));
    }
  } finally {
    await source.close();
    await target.close();
  }
}

/** A JSON Lines export with the measured latencies set aside (two runs never take equally long). */
function withoutLatency(jsonl: string): string {
  return jsonl.replace(/"latency_ms":[0-9.eE+-]+/g, '"latency_ms":0');
}

test('the same run on SQLite and on PostgreSQL exports the same responses and labels; the password is never shown or stored', { skip }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-team-'));
  const file = path.join(dir, 'run.db');
  const pg = await freshPostgresDatabase();
  const secret = passwordOf(pg.url);
  const requests = writeBenchRequests(dir, 3);
  const model = await startScriptedServer(gridModel(), { record: false });
  const outputs: Finished[] = [];
  const cli = async (args: string[], expectCode = 0) => {
    const r = await runCli(args);
    outputs.push(r);
    assert.equal(r.code, expectCode, `${args.join(' ')}: ${r.stderr}`);
    return r;
  };
  try {
    const run = ['run', '--model', `openai-compatible:${model.url}#grid`, '--requests', requests, '--name', 'g', '--judge', 'rules', '--concurrency', '1'];
    await cli([...run, '--db', file]);
    const onPg = await cli([...run, '--db', pg.url]);
    assert.match(onPg.stderr, /in postgres:\/\/felicity:\*\*\*@127\.0\.0\.1/, 'the summary names the database without its password');

    for (const format of ['jsonl', 'csv']) {
      const a = await cli(['export', 'g', '--db', file, '--format', format, '--engine', 'rules']);
      const b = await cli(['export', 'g', '--db', pg.url, '--format', format, '--engine', 'rules']);
      if (format === 'jsonl') {
        assert.ok(a.stdout.split('\n').length > 10, 'precondition: responses exported');
        assert.equal(withoutLatency(b.stdout), withoutLatency(a.stdout), 'identical responses and labels, in the same order');
      } else {
        // CSV rows line up one for one (same order, same count): the exact bytes are the JSON Lines check's.
        assert.equal(b.stdout.split('\r\n').length, a.stdout.split('\r\n').length);
      }
    }
    // The SQLite run copied row by row into another PostgreSQL database, latencies and all: its
    // exports are the same bytes, CSV included.
    const copy = await freshPostgresDatabase();
    try {
      await copyRun(file, copy.url, 'g');
      for (const format of ['jsonl', 'csv']) {
        const a = await cli(['export', 'g', '--db', file, '--format', format, '--engine', 'rules']);
        const b = await cli(['export', 'g', '--db', copy.url, '--format', format, '--engine', 'rules']);
        assert.equal(b.stdout, a.stdout, `${format}: byte for byte`);
      }
    } finally {
      await copy.drop();
    }
    // The password from PGPASSWORD instead of the URL (the child inherits the variable).
    const bare = new URL(pg.url);
    bare.password = '';
    process.env['PGPASSWORD'] = secret;
    try {
      const viaEnv = await cli(['export', 'g', '--db', bare.toString(), '--format', 'jsonl']);
      assert.equal(viaEnv.stdout.split('\n').length, (await cli(['export', 'g', '--db', pg.url, '--format', 'jsonl'])).stdout.split('\n').length);
    } finally {
      delete process.env['PGPASSWORD'];
    }
    const report = path.join(dir, 'report');
    await cli(['report', 'g', '--db', pg.url, '--engine', 'rules', '--out', report, '--formats', 'json,html', '--reps', '10']);
    // A wrong run name: the error names the database, without the password.
    const missing = await cli(['export', 'nope', '--db', pg.url], 2);
    assert.match(missing.stderr, /no run named "nope" in postgres:\/\/felicity:\*\*\*@/);

    for (const r of outputs) {
      assert.ok(!r.stdout.includes(secret) && !r.stderr.includes(secret), 'no command prints the password');
    }
    assert.ok(!(await everythingStored(pg.url)).includes(secret), 'no stored row holds the password');
    const files = fs.readdirSync(report, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    assert.ok(files.length > 0, 'precondition: the report was written');
    for (const f of files) {
      assert.ok(!fs.readFileSync(path.join(f.parentPath, f.name), 'latin1').includes(secret), `${f.name} does not hold the password`);
    }
  } finally {
    await model.close();
    await pg.drop();
  }
});

test('the judge cache of a team database is shared: a second judge from another process makes no model call', { skip }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-team-judge-'));
  const pg = await freshPostgresDatabase();
  const requests = writeBenchRequests(dir, 2);
  const model = await startScriptedServer(gridModel(), { record: false });
  const judge = await startScriptedServer(scriptedJudge());
  try {
    const run = (name: string) => ['run', '--model', `openai-compatible:${model.url}#grid`, '--requests', requests, '--db', pg.url, '--name', name, '--fixes', 'none', '--setups', 'C0,C2'];
    assert.equal((await runCli(run('g'))).code, 0);
    const spec = `openai-compatible:${judge.url}#judge`;
    const base = ['judge', 'g', '--engine', 'llm', '--judge-model', spec, '--db', pg.url];

    const first = await runCli(base);
    assert.equal(first.code, 0, first.stderr);
    const calls = judge.count();
    assert.ok(calls > 0, 'precondition: the first pass asks the model');
    assert.match(first.stderr, /responses labelled by llm\(/);

    const again = await runCli([...base, '--force']);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(judge.count(), calls, 'the second process is answered from the shared cache');
    assert.match(again.stderr, /felicity judge: 0 model calls, \d+ cache hits \(cache: the run database\)/);

    // Another run of the same requests (a teammate's): the same judge inputs, so no call either.
    assert.equal((await runCli(run('g2'))).code, 0);
    const teammate = await runCli(['judge', 'g2', '--engine', 'llm', '--judge-model', spec, '--db', pg.url]);
    assert.equal(teammate.code, 0, teammate.stderr);
    assert.equal(judge.count(), calls, "a teammate's run of the same responses reuses every judgment");
  } finally {
    await model.close();
    await judge.close();
    await pg.drop();
  }
});
