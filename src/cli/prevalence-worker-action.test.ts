/**
 * `felicity prevalence --db … --worker` as a user runs it: two worker processes on the same file
 * print the estimate the single-process command prints; `--collect` prints it again from the
 * database; the database password never appears; usage mistakes are one line and exit code 2.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { postgresSkip } from '../store/testing/postgres.ts';
import { generateLog } from '../audit/testing/generate-log.ts';
import { labelledBy } from './prevalence-worker-action.ts';
import { scriptedJudge } from '../check/llm/testing/scripted-judge.ts';
import { reply, startScriptedServer } from '../llm/testing/scripted-chat-server.ts';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const skip = (await postgresSkip()) || false;

function felicity(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** The printed estimate without its timing line. */
const estimate = (stdout: string): string => stdout.replace(/\ntime: .*\n$/, '\n');

test('an audit records the judge model only hashed', () => {
  assert.equal(labelledBy('rules', undefined), 'rules');
  const id = labelledBy('llm', 'openai-compatible:http://u:s3cret@127.0.0.1:9/v1#judge');
  assert.match(id, /^llm, judge sha256:[0-9a-f]{16}$/);
  assert.notEqual(id, labelledBy('llm', 'ollama:qwen3:8b'));
});

test('usage mistakes are one line and exit code 2', async () => {
  const r = await felicity(['prevalence', '--db', 'postgres://u:pw-not-shown@127.0.0.1:1/x', '--collect']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--collect needs --name AUDIT/);
  const s = await felicity(['prevalence', 'logs.jsonl', '--db', 'postgres://u:pw-not-shown@127.0.0.1:1/x', '--worker', '--engine', 'llm']);
  assert.equal(s.code, 2);
  assert.match(s.stderr, /--engine llm needs --judge-model/);
  assert.ok(!`${r.stderr}${s.stderr}`.includes('pw-not-shown'));
});

test('two worker processes print the single-process estimate; --collect prints it again; the password is never printed', { skip }, async () => {
  const { freshPostgresDatabase } = await import('../store/testing/postgres.ts');
  const db = await freshPostgresDatabase('felicity_audit_cli');
  try {
    const file = join(mkdtempSync(join(tmpdir(), 'felicity-audit-cli-')), 'logs.jsonl');
    writeFileSync(file, generateLog(1500, 5));
    const common = ['--sample', '200', '--reps', '200', '--jobs', '1'];
    const [single, a, b] = await Promise.all([
      felicity(['prevalence', file, ...common]),
      felicity(['prevalence', file, ...common, '--db', db.url, '--worker', '--name', 'cli', '--chunk-bytes', '8000']),
      felicity(['prevalence', file, ...common, '--db', db.url, '--worker', '--name', 'cli', '--chunk-bytes', '8000']),
    ]);
    assert.equal(single.code, 2, 'the log has bad lines');
    for (const worker of [a, b]) {
      assert.equal(worker.code, 2, worker.stderr);
      assert.equal(estimate(worker.stdout), estimate(single.stdout));
      assert.match(worker.stdout, /audit "cli" in \d+ ranges/);
      // The same bad lines, at the same line numbers.
      assert.deepEqual(worker.stderr.split('\n').filter((l) => l.startsWith(file)), single.stderr.split('\n').filter((l) => l.startsWith(file)));
    }
    const collected = await felicity(['prevalence', '--db', db.url, '--name', 'cli', '--collect']);
    assert.equal(estimate(collected.stdout), estimate(single.stdout));
    const password = new URL(db.url).password;
    for (const r of [a, b, collected]) assert.ok(!`${r.stdout}${r.stderr}`.includes(password));
    const missing = await felicity(['prevalence', '--db', db.url, '--name', 'nope', '--collect']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /no audit named "nope"/);
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query(`INSERT INTO audits (name, file, file_size, file_hash, file_mtime_ms, options, chunk_bytes, chunks) VALUES ('half', 'f', 1, 'h', 0, '{}', 1, 2) RETURNING id`);
      await client.query(`INSERT INTO audit_chunks (audit_id, pass, chunk, start_byte, end_byte, state) VALUES ($1, 1, 0, 0, 1, 'done'), ($1, 1, 1, 1, 2, 'pending')`, [rows[0].id]);
    } finally {
      await client.end();
    }
    const half = await felicity(['prevalence', '--db', db.url, '--name', 'half', '--collect']);
    assert.equal(half.code, 1);
    assert.match(half.stderr, /audit "half" is not finished: pass 1 1\/2 ranges done, pass 2 not started/);
  } finally {
    await db.drop();
  }
});

test('--engine llm: a worker labels with the judge and prints the single-process estimate', { skip }, async () => {
  const { freshPostgresDatabase } = await import('../store/testing/postgres.ts');
  const db = await freshPostgresDatabase('felicity_audit_llm');
  // The judge finds a promise to follow up later in every reply, whatever the rules would say.
  const server = await startScriptedServer(
    scriptedJudge({
      detector: { commitments: [{ span: 'later', action: 'follow up', performer: 'self', trigger_type: 'unspecified_future', time_expression: null, required_capabilities: ['run_later', 'notify_user_later'], is_offer: false, confidence: 0.9 }] },
    }),
  );
  try {
    const file = join(mkdtempSync(join(tmpdir(), 'felicity-audit-llm-')), 'logs.jsonl');
    writeFileSync(file, generateLog(60, 9));
    const common = ['--sample', '10', '--reps', '100', '--engine', 'llm', '--judge-model', `openai-compatible:${server.url}#judge`, '--no-cache'];
    const single = await felicity(['prevalence', file, ...common]);
    const worker = await felicity(['prevalence', file, ...common, '--db', db.url, '--worker', '--chunk-bytes', '2000']);
    assert.equal(worker.code, single.code, worker.stderr);
    assert.match(single.stdout, /pooled/);
    assert.equal(estimate(worker.stdout), estimate(single.stdout));
    assert.match(worker.stdout, /engine llm, audit "logs.jsonl-[0-9a-f]{12}" in \d+ ranges/);
  } finally {
    await server.close();
    await db.drop();
  }
});

test('Ctrl-C: a worker gives back the range it is judging at once, says which, and exits 130', { skip }, async () => {
  const { freshPostgresDatabase } = await import('../store/testing/postgres.ts');
  const db = await freshPostgresDatabase('felicity_audit_sigint');
  // A judge that never answers: the worker holds its pass-2 range until it is stopped.
  const server = await startScriptedServer(() => reply.hang());
  try {
    const file = join(mkdtempSync(join(tmpdir(), 'felicity-audit-sigint-')), 'logs.jsonl');
    writeFileSync(file, generateLog(60, 9));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', MAIN, 'prevalence', file, '--sample', '10', '--reps', '100', '--engine', 'llm', '--judge-model', `openai-compatible:${server.url}#judge`, '--no-cache', '--db', db.url, '--worker', '--name', 'sigint', '--lease', '3600'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    while (server.count() === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    child.kill('SIGINT');
    assert.equal(await closed, 130, stderr);
    const back = /interrupted; pass 2 range (\d+) is back for the other workers/.exec(stderr);
    assert.ok(back, stderr);
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT c.state FROM audit_chunks c JOIN audits a ON a.id = c.audit_id WHERE a.name = 'sigint' AND c.pass = 2 AND c.chunk = $1`, [Number(back[1])]);
      assert.deepEqual(rows, [{ state: 'pending' }]);
    } finally {
      await client.end();
    }
  } finally {
    await server.close();
    await db.drop();
  }
});
