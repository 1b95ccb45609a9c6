import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OutputFileError, openOutput, type OutputProblem } from './output-file.ts';

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-out-'));
}

async function refused(open: Promise<unknown>, problem: OutputProblem): Promise<void> {
  await assert.rejects(open, (e: unknown) => OutputFileError.isInstance(e) && e.code === 'OUTPUT_FILE' && e.problem === problem);
}

test('the output may not be an input: the same path, a symlink or a hard link to it', async () => {
  const dir = tempDir();
  const input = path.join(dir, 'turns.jsonl');
  fs.writeFileSync(input, 'keep me\n');
  fs.symlinkSync(input, path.join(dir, 'soft.jsonl'));
  fs.linkSync(input, path.join(dir, 'hard.jsonl'));
  for (const out of [input, path.join(dir, 'soft.jsonl'), path.join(dir, 'hard.jsonl'), path.join(dir, '.', 'turns.jsonl')]) {
    await refused(openOutput(out, [input]), 'same_as_input');
  }
  assert.equal(fs.readFileSync(input, 'utf8'), 'keep me\n');
  assert.deepEqual(fs.readdirSync(dir).sort(), ['hard.jsonl', 'soft.jsonl', 'turns.jsonl'], 'no temp file was made');
});

test('nothing appears at the target until commit; abort leaves the old file untouched', async () => {
  const dir = tempDir();
  const out = path.join(dir, 'labels.jsonl');
  fs.writeFileSync(out, 'old\n');
  const first = await openOutput(out);
  first.stream.write('half');
  assert.equal(fs.readFileSync(out, 'utf8'), 'old\n');
  first.abort();
  assert.equal(fs.readFileSync(out, 'utf8'), 'old\n');
  assert.deepEqual(fs.readdirSync(dir), ['labels.jsonl']);

  const second = await openOutput(out);
  second.stream.write('new\n');
  await second.commit();
  assert.equal(fs.readFileSync(out, 'utf8'), 'new\n');
  assert.deepEqual(fs.readdirSync(dir), ['labels.jsonl']);
});

test('a missing folder or a folder as the target is a one-line error', async () => {
  const dir = tempDir();
  await refused(openOutput(path.join(dir, 'no', 'such', 'x.jsonl')), 'missing_folder');
  await refused(openOutput(dir), 'is_folder');
});
