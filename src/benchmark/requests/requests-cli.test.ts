import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RequestsIO } from '../../cli/requests-action.ts';
import { requestsCommand } from '../../cli/requests.ts';
import { jsonl, validRecord } from './test-helpers.ts';

interface Run {
  stdout: string;
  stderr: string;
  exitCode: number;
}

async function run(args: string[], stdin = ''): Promise<Run> {
  const out: Run = { stdout: '', stderr: '', exitCode: 0 };
  const io: RequestsIO = {
    stdout: (t) => void (out.stdout += t),
    stderr: (t) => void (out.stderr += t),
    readStdin: async () => stdin,
    setExitCode: (c) => void (out.exitCode = c),
  };
  const cmd = requestsCommand(io);
  for (const c of [cmd, ...cmd.commands]) {
    c.exitOverride().configureOutput({ writeOut: (t) => void (out.stdout += t), writeErr: (t) => void (out.stderr += t) });
  }
  try {
    await cmd.parseAsync(args, { from: 'user' });
  } catch (err) {
    const code = (err as { exitCode?: number }).exitCode;
    if (code === undefined) throw err;
    out.exitCode = code;
  }
  return out;
}

const V1 = new URL('../../../data/requests/v1.jsonl', import.meta.url).pathname;

test('validate: v1 passes with exit 0 and a summary on stderr', async () => {
  const r = await run(['validate', V1]);
  assert.equal(r.exitCode, 0);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /293 records, 293 valid, 0 problems/);
});

test('validate: problems go to stderr one per line as FILE:LINE: FIELD: REASON, exit 2', async () => {
  const text = jsonl([validRecord(), validRecord({ request: 'Call me on 555 123 4567.' }), validRecord({ category: 'errand' })]);
  const r = await run(['validate', '-'], text);
  assert.equal(r.exitCode, 2);
  const lines = r.stderr.trim().split('\n');
  assert.match(lines[0]!, /^<stdin>:2: request: contains a phone number/);
  assert.match(lines[1]!, /^<stdin>:3: category: /);
  assert.match(lines.at(-1)!, /3 records, 1 valid, 2 problems on 2 lines/);
});

test('validate: an unreadable file is one line on stderr and exit 2 (bad input)', async () => {
  const r = await run(['validate', '/nonexistent/requests.jsonl']);
  assert.equal(r.exitCode, 2);
  assert.equal(r.stderr, 'felicity requests: /nonexistent/requests.jsonl:0: expected a readable file, got ENOENT\n');
});

test('stats: composition table and version hash on stdout', async () => {
  const r = await run(['stats', V1]);
  assert.equal(r.exitCode, 0);
  assert.match(r.stdout, /^category\s+slurp\s+bitext\s+template\s+hand\s+total$/m);
  assert.match(r.stdout, /^reminder\s+93\s+0\s+0\s+0\s+93$/m);
  assert.match(r.stdout, /^total\s+120\s+25\s+130\s+18\s+293$/m);
  assert.match(r.stdout, /^version [0-9a-f]{12}$/m);
  const json = JSON.parse((await run(['stats', '--json', V1])).stdout) as { total: number; hash: string };
  assert.equal(json.total, 293);
  assert.equal(r.stdout.includes(`version ${json.hash}`), true);
});

test('mine: writes candidates to --out and a summary to stderr', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'felicity-mine-'));
  const input = join(dir, 'slurp.jsonl');
  await writeFile(input, `${JSON.stringify({ slurp_id: 9, sentence: 'remind me to call mom at six', intent: 'calendar_set' })}\n`);
  const out = join(dir, 'candidates.jsonl');
  const r = await run(['mine', '--from', 'slurp', input, '--out', out]);
  assert.equal(r.exitCode, 0);
  assert.equal(r.stdout, '');
  const [candidate] = (await readFile(out, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as { candidate_id: string });
  assert.equal(candidate?.candidate_id, 'slurp:slurp.jsonl:9');
  assert.match(r.stderr, /1 rows read, 1 distinct candidates \(reminder 1\) written to/);

  const over = await run(['mine', '--from', 'slurp', input, '--out', input]);
  assert.equal(over.exitCode, 2, 'the corpus itself is never overwritten');
  assert.match(over.stderr, /^felicity requests: --out .*slurp\.jsonl: is the input file/);
  assert.match(await readFile(input, 'utf8'), /remind me to call mom/);
});

test('mine: --from is required and limited to known corpora', async () => {
  assert.notEqual((await run(['mine', 'x.jsonl'])).exitCode, 0);
  const r = await run(['mine', '--from', 'wildchat', 'x.jsonl']);
  assert.notEqual(r.exitCode, 0);
  assert.match(r.stderr, /Allowed choices are slurp, massive, bitext/);
});

test('every subcommand has --help with an example', async () => {
  for (const sub of ['validate', 'stats', 'mine']) {
    const r = await run([sub, '--help']);
    assert.match(r.stdout, /Example:\n\s+\$ npx felicity requests /, sub);
  }
});
