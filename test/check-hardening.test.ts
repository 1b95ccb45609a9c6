/**
 * `felicity check` and `export` around their input and output: an --out that is the input, an
 * --out in a missing folder, a crash while writing, errored responses on both labelling paths,
 * bytes that are not UTF-8, and a deployment file with several mistakes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { reply, startScriptedServer } from '../src/llm/testing/scripted-chat-server.ts';
import { writeBenchRequests } from './helpers/bench-requests.ts';
import { felicity } from './helpers/felicity-bin.ts';
import { REPO, runCli } from './helpers/cli.ts';
import { gridModel } from './helpers/grid-model.ts';

const EXAMPLES = path.join(REPO, 'examples', 'turns.jsonl');

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-checkhard-'));
}

const lines = (text: string) => text.split('\n').filter(Boolean);

test('--out that is the input (same path, symlink, hard link) is refused with exit 2; the input is untouched', async () => {
  const dir = tempDir();
  const input = path.join(dir, 'turns.jsonl');
  fs.copyFileSync(EXAMPLES, input);
  fs.symlinkSync(input, path.join(dir, 'soft.jsonl'));
  fs.linkSync(input, path.join(dir, 'hard.jsonl'));
  const original = fs.readFileSync(input, 'utf8');
  for (const out of ['turns.jsonl', 'soft.jsonl', 'hard.jsonl']) {
    const r = await felicity(['check', input, '--out', path.join(dir, out)]);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /^felicity check: --out .*: is the input file .*turns\.jsonl; writing it would destroy the input/);
    assert.equal(lines(r.stderr).length, 1, r.stderr);
    assert.equal(fs.readFileSync(input, 'utf8'), original);
  }
  assert.deepEqual(fs.readdirSync(dir).sort(), ['hard.jsonl', 'soft.jsonl', 'turns.jsonl']);
});

test('--out into a folder that does not exist: one line, exit 2, for check and export', async () => {
  const dir = tempDir();
  const out = path.join(dir, 'missing', 'labels.jsonl');
  const check = await felicity(['check', EXAMPLES, '--out', out]);
  assert.equal(check.code, 2, check.stderr);
  assert.match(check.stderr, /^felicity check: --out .*labels\.jsonl: folder .*missing does not exist \(create it first\)\n$/);

  const db = path.join(dir, 'r.db');
  const server = await startScriptedServer(gridModel(), { record: false });
  try {
    await runCli(['run', '--model', `openai-compatible:${server.url}#grid`, '--requests', writeBenchRequests(dir, 1), '--db', db, '--name', 'r', '--setups', 'C0']);
  } finally {
    await server.close();
  }
  const exp = await runCli(['export', 'r', '--db', db, '--out', out]);
  assert.equal(exp.code, 2, exp.stderr);
  assert.match(exp.stderr, /^felicity export: --out .*labels\.jsonl: folder .*missing does not exist/);
  assert.equal(lines(exp.stderr).length, 1);
  const onDb = await runCli(['export', 'r', '--db', db, '--out', db]);
  assert.equal(onDb.code, 2, 'exporting over the database itself is refused');
});

test('killed while writing --out: the old file is still whole, never half a file', async () => {
  const dir = tempDir();
  const big = path.join(dir, 'big.jsonl');
  const example = fs.readFileSync(EXAMPLES, 'utf8');
  fs.writeFileSync(big, example.repeat(60));
  const out = path.join(dir, 'labels.jsonl');
  fs.writeFileSync(out, 'the previous labels\n');
  const run = felicity(['check', big, '--out', out]);
  let exited = false;
  void run.then(() => (exited = true));
  // Kill as soon as the temporary file has content: the command is mid-way.
  for (;;) {
    const temp = fs.readdirSync(dir).find((f) => f.endsWith('.tmp'));
    if (temp !== undefined && fs.statSync(path.join(dir, temp)).size > 0) break;
    assert.ok(!exited, 'the command finished without ever writing to a temporary file');
    await new Promise((r) => setTimeout(r, 5));
  }
  run.child.kill('SIGKILL');
  const r = await run;
  assert.equal(r.signal, 'SIGKILL');
  assert.equal(fs.readFileSync(out, 'utf8'), 'the previous labels\n');

  const whole = await felicity(['check', big, '--out', out]);
  assert.equal(whole.code, 0, whole.stderr);
  assert.equal(lines(fs.readFileSync(out, 'utf8')).length, lines(example).length * 60);
});

test('errored responses: export | check and judge both leave them unlabelled and count them, out of every rate', async () => {
  const dir = tempDir();
  const db = path.join(dir, 'r.db');
  const model = gridModel();
  // Every C0 response fails (a 400 is not retried); the endpoint check is request 0.
  const server = await startScriptedServer((req, i) => (i > 0 && !req.body.tools ? reply.status(400, 'scripted failure') : model(req, i)), { record: false });
  try {
    const run = await runCli(['run', '--model', `openai-compatible:${server.url}#grid`, '--requests', writeBenchRequests(dir, 3), '--db', db, '--name', 'e', '--setups', 'C0,C2']);
    assert.equal(run.code, 1, run.stderr);
  } finally {
    await server.close();
  }
  const exported = path.join(dir, 'e.jsonl');
  const exp = await runCli(['export', 'e', '--db', db, '--out', exported]);
  assert.equal(exp.code, 0, exp.stderr);
  assert.match(exp.stderr, /24 responses \(12 errored/);

  const check = await felicity(['check', exported]);
  assert.equal(check.code, 0, 'errored responses are not bad input');
  const reported = lines(check.stderr).filter((l) => l.includes(': error: the model call failed'));
  assert.equal(reported.length, 12);
  assert.match(reported[0]!, /^.*e\.jsonl:\d+: error: the model call failed \(bad_request \(HTTP 400\): .*scripted failure.*\); not labelled$/);
  const labels = lines(check.stdout).map((l) => JSON.parse(l) as { id: string; outcome: string });
  assert.equal(labels.length, 12);
  assert.ok(labels.every((l) => l.id.includes('/C2/')), 'only the C2 responses are labelled');
  assert.match(check.stderr, /felicity check: 12 turns labelled: anchored 12; failure rate 0\.0% \(0\); 12 errored responses not labelled \(the model call failed\)/);

  const judge = await runCli(['judge', 'e', '--engine', 'rules', '--db', db]);
  assert.equal(judge.code, 0, judge.stderr);
  assert.match(judge.stderr, /12 responses labelled/);
  assert.match(judge.stderr, /felicity judge: 12 errored responses not labelled \(the model call failed\)/);
  assert.match(judge.stderr, /^C2: anchored 12$/m);
  assert.doesNotMatch(judge.stderr, /^C0:/m, 'no outcome is counted for the errored setup');
});

test('a line that is not UTF-8 is a FILE:LINE problem (exit 2), never U+FFFD quoted in a span', async () => {
  const dir = tempDir();
  const file = path.join(dir, 'latin1.jsonl');
  const [first, second] = lines(fs.readFileSync(EXAMPLES, 'utf8'));
  const broken = Buffer.from(JSON.stringify({ id: 'bad', setup: 'C0', messages: [{ role: 'user', content: 'Remind me at 9, caf\u00e9?' }, { role: 'assistant', content: "I'll remind you at 9." }] }), 'latin1');
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`${first}\n`), broken, Buffer.from(`\n${second}\n`)]));
  const r = await felicity(['check', file]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, new RegExp(`^${file.replaceAll('.', '\\.')}:2: \\(line\\): not valid UTF-8`, 'm'));
  assert.equal(lines(r.stdout).length, 2);
  assert.ok(!r.stdout.includes('\ufffd'));
});

test('a deployment file with five mistakes shows all five on one line, with the same exit code in check and chat', async () => {
  const dir = tempDir();
  const file = path.join(dir, 'bot.yaml');
  fs.writeFileSync(
    file,
    ['id: bot', 'tools:', '  - name: "bad name"', '    capabilities: [emial]', '  - name: ok_tool', '    description: 5', '    capabilities: [run_later, smoke_signals]', '  - capabilities: []', ''].join('\n'),
  );
  const check = await felicity(['check', EXAMPLES, '--setup', file]);
  const chat = await felicity(['chat', '--model', 'openai-compatible:http://127.0.0.1:9/v1#m', '--setup', file, 'Remind me.']);
  for (const [r, command] of [[check, 'check'], [chat, 'chat']] as const) {
    assert.equal(r.code, 2, `${command}: ${r.stderr}`);
    assert.equal(lines(r.stderr).length, 1, r.stderr);
    assert.match(r.stderr, /bot\.yaml: 5 mistakes: /);
    for (const field of ['tools[0].name', 'tools[0].capabilities[0]', 'tools[1].description', 'tools[1].capabilities[1]', 'tools[2].name']) {
      assert.ok(r.stderr.includes(`${field}: `), `${command} names ${field}`);
    }
    assert.doesNotMatch(r.stderr, /and \d+ more/);
  }
});

test('usage errors found by the option parser exit 2 like every other bad input; help exits 0', async () => {
  for (const args of [['check', '--bogus'], ['export'], ['judge', 'r', '--engine', 'nope'], ['chat', '--model', 'ollama:m', 'x']]) {
    const r = await felicity(args);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
  }
  assert.equal((await felicity(['check', '--help'])).code, 0);
});

test('a reply longer than 50,000 characters: the label says truncated and stderr warns at its line; exit 0', async () => {
  const reply = `${'Here is what I found in your files. '.repeat(1500)}I'll remind you tomorrow at 9.`;
  const record = JSON.stringify({ id: 'long', setup: 'C0', messages: [{ role: 'user', content: 'Sort my files and remind me tomorrow.' }, { role: 'assistant', content: reply }] });
  const r = await felicity(['check', '-'], `${record}\n`);
  assert.equal(r.code, 0, r.stderr);
  assert.equal((JSON.parse(r.stdout) as { truncated?: boolean }).truncated, true);
  assert.match(r.stderr, /^stdin:1: warning: the reply is longer than 50,000 characters: only that much was read/m);
});
