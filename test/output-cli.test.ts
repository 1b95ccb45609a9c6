/**
 * `--out` as users point it, through the whole command: at a device, a FIFO or a symlink (written
 * through, never replaced), and at a disk that fills up (one line, exit 2, no temp file left).
 */
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NO_DEVICE_NODES, NO_SMALL_DISK, deviceNode, smallDisk } from '../src/cli/testing/small-disk.ts';
import { check } from '../src/check/index.ts';
import { Store } from '../src/store/index.ts';
import { BIN, felicity } from './helpers/felicity-bin.ts';
import { REPO, runCli } from './helpers/cli.ts';

const EXAMPLES = path.join(REPO, 'examples', 'turns.jsonl');

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-outcli-'));
}

const lines = (text: string) => text.split('\n').filter(Boolean);

/** A database holding run "r" with `n` short responses, to export, each labelled by the rules. */
async function runDatabase(dir: string, n: number): Promise<string> {
  const db = path.join(dir, 'r.db');
  const store = await Store.open(db);
  const { id } = await store.runs.create({ name: 'r', config: '{}', request_set_hash: 'h', code_version: 'v' });
  for (let i = 0; i < n; i++) {
    const row = {
      response_id: `resp-${i}`, request_id: `req-${i}`, model: 'm', setup: 'C0', variant: 'inferred', persona: 'generic', fix: 'none',
      sample: 0, category: 'reminder' as const, latency_ms: 1, usage: null, error: null,
      messages: [{ role: 'user' as const, content: 'Remind me tomorrow.' }, { role: 'assistant' as const, content: `Sure, I will remind you. ${'x'.repeat(500)}` }],
    };
    const label = check({ id: row.response_id, setup: 'C0', category: row.category, messages: row.messages });
    await store.saveResponse(id, row, { response_id: row.response_id, engine: 'rules', prompt_hashes: {}, label });
  }
  await store.close();
  return db;
}

test('check --out a device node: the labels go through it and it stays a device (as root: --out /dev/null)', async (t) => {
  const dir = tempDir();
  const device = deviceNode(dir, 'null', 'null');
  if (device === undefined) return t.skip(NO_DEVICE_NODES);
  const r = await felicity(['check', EXAMPLES, '--out', device]);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(fs.lstatSync(device).isCharacterDevice(), 'not replaced by a regular file');
  assert.deepEqual(fs.readdirSync(dir), ['null']);
});

test('export --out through a symlink: the file it points at gets the records, the link stays', async () => {
  const dir = tempDir();
  const db = await runDatabase(dir, 3);
  fs.writeFileSync(path.join(dir, 'real.jsonl'), '');
  fs.symlinkSync('real.jsonl', path.join(dir, 'link.jsonl'));
  const r = await runCli(['export', 'r', '--db', db, '--out', path.join(dir, 'link.jsonl')]);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(fs.lstatSync(path.join(dir, 'link.jsonl')).isSymbolicLink());
  assert.equal(lines(fs.readFileSync(path.join(dir, 'real.jsonl'), 'utf8')).length, 3);
});

test('check --out on a disk that fills up: one line, exit 2, no temp file left to keep the disk full', async (t) => {
  const disk = smallDisk(16);
  if (disk === undefined) return t.skip(NO_SMALL_DISK);
  try {
    const dir = tempDir();
    const input = path.join(dir, 'turns.jsonl');
    fs.writeFileSync(input, fs.readFileSync(EXAMPLES, 'utf8').repeat(20)); // about 200 KB of labels
    const r = await felicity(['check', input, '--out', path.join(disk.dir, 'labels.jsonl')]);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /^felicity check: --out .*labels\.jsonl: no space left on device \(ENOSPC\)/);
    assert.equal(lines(r.stderr).length, 1, r.stderr);
    assert.deepEqual(fs.readdirSync(disk.dir), []);
  } finally {
    disk.cleanup();
  }
});

test('export --out a full device: one line, exit 2, not a stack trace or a hang', async (t) => {
  const dir = tempDir();
  const full = deviceNode(dir, 'full', 'full');
  if (full === undefined) return t.skip(NO_DEVICE_NODES);
  const db = await runDatabase(dir, 200);
  for (const format of ['jsonl', 'csv']) {
    const r = await runCli(['export', 'r', '--db', db, '--format', format, '--out', full]);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /^felicity export: --out .*full: no space left on device \(ENOSPC\)/);
    assert.equal(lines(r.stderr).length, 1, r.stderr);
    assert.ok(fs.lstatSync(full).isCharacterDevice());
  }
});

test('check … | head -1 after a bad line: the closed pipe ends the command with the exit code of what it found (2)', async () => {
  const dir = tempDir();
  const input = path.join(dir, 'turns.jsonl');
  // A bad first line, then far more labels than a pipe holds, so the pipe closes mid-run.
  fs.writeFileSync(input, `not json\n${fs.readFileSync(EXAMPLES, 'utf8').repeat(300)}`);
  const r = spawnSync('bash', ['-c', `node ${JSON.stringify(BIN)} check ${JSON.stringify(input)} | head -1 >/dev/null; echo "\${PIPESTATUS[0]}"`], { encoding: 'utf8' });
  assert.match(r.stderr, /turns\.jsonl:1: /, 'the bad line was reported');
  assert.equal(r.stdout.trim(), '2', r.stderr.slice(0, 2000));
});

test('check > a full device (stdout, no --out): one line, exit 2, not a stack trace', async (t) => {
  const dir = tempDir();
  const full = deviceNode(dir, 'full', 'full');
  if (full === undefined) return t.skip(NO_DEVICE_NODES);
  const r = spawnSync('bash', ['-c', `node ${JSON.stringify(BIN)} check ${JSON.stringify(EXAMPLES)} > ${JSON.stringify(full)}`], { encoding: 'utf8' });
  assert.equal(r.status, 2, r.stderr);
  assert.match(r.stderr, /^felicity: cannot write to stdout: no space left on device \(ENOSPC\)\n$/);
});

test('report --out on a disk that fills up: one line, exit 2, not a stack trace', async (t) => {
  const disk = smallDisk(16);
  if (disk === undefined) return t.skip(NO_SMALL_DISK);
  try {
    const db = await runDatabase(tempDir(), 40);
    const r = await felicity(['report', 'r', '--db', db, '--out', path.join(disk.dir, 'report'), '--reps', '10']);
    assert.equal(r.code, 2, r.stderr);
    const last = lines(r.stderr).at(-1) ?? '';
    assert.match(last, /^felicity report: --out .*report: no space left on device \(ENOSPC\)/);
    assert.doesNotMatch(r.stderr, /\bat .*\.ts:\d+/, 'no stack trace');
  } finally {
    disk.cleanup();
  }
});
