import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OutputFileError, openOutput, type OutputProblem } from './output-file.ts';
import { NO_DEVICE_NODES, NO_SMALL_DISK, deviceNode, smallDisk } from './testing/small-disk.ts';

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

// Special files: `--out` writes through a device, a FIFO or a symlink, never replaces it.

test('a character device is written through, never replaced by a regular file', async (t) => {
  const dir = tempDir();
  const device = deviceNode(dir, 'sink', 'null');
  if (device === undefined) return t.skip(NO_DEVICE_NODES);
  const before = fs.lstatSync(device);
  const out = await openOutput(device);
  out.stream.write('labels\n'.repeat(1000));
  await out.commit();
  const after = fs.lstatSync(device);
  assert.ok(after.isCharacterDevice(), 'still a character device');
  assert.equal(after.rdev, before.rdev);
  assert.equal(after.ino, before.ino, 'the same node');
  assert.deepEqual(fs.readdirSync(dir), ['sink'], 'no temp file');
});

test('a FIFO is written through to its reader and stays a FIFO', async () => {
  const dir = tempDir();
  const fifo = path.join(dir, 'pipe');
  execFileSync('mkfifo', [fifo]);
  // The reader's end, opened first and without blocking so the writer's open does not wait.
  const reader = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  const out = await openOutput(fifo);
  out.stream.write('one\n');
  out.stream.write('two\n');
  await out.commit();
  const buffer = Buffer.alloc(100);
  const n = fs.readSync(reader, buffer);
  fs.closeSync(reader);
  assert.equal(buffer.subarray(0, n).toString(), 'one\ntwo\n');
  assert.ok(fs.lstatSync(fifo).isFIFO(), 'still a FIFO');
  assert.deepEqual(fs.readdirSync(dir), ['pipe']);
});

test('a symlink to another file: the target gets the output (all or nothing), the link stays a link', async () => {
  const dir = tempDir();
  const target = path.join(dir, 'real.jsonl');
  fs.writeFileSync(target, 'old\n');
  const link = path.join(dir, 'link.jsonl');
  fs.symlinkSync('real.jsonl', link);
  const out = await openOutput(link);
  out.stream.write('new\n');
  assert.equal(fs.readFileSync(target, 'utf8'), 'old\n', 'nothing at the target before commit');
  await out.commit();
  assert.ok(fs.lstatSync(link).isSymbolicLink(), 'the link is still a link');
  assert.equal(fs.readlinkSync(link), 'real.jsonl');
  assert.equal(fs.readFileSync(target, 'utf8'), 'new\n');
  assert.deepEqual(fs.readdirSync(dir).sort(), ['link.jsonl', 'real.jsonl']);

  // A link to a file not made yet (`> link` in a shell) creates the file it names.
  const dangling = path.join(dir, 'later.jsonl');
  fs.symlinkSync('sub/made.jsonl', dangling);
  fs.mkdirSync(path.join(dir, 'sub'));
  const second = await openOutput(dangling);
  second.stream.write('made\n');
  await second.commit();
  assert.ok(fs.lstatSync(dangling).isSymbolicLink());
  assert.equal(fs.readFileSync(path.join(dir, 'sub', 'made.jsonl'), 'utf8'), 'made\n');
});

test('a symlink to a folder is a folder; a link loop is one line', async () => {
  const dir = tempDir();
  fs.symlinkSync(dir, path.join(dir, 'here'));
  await refused(openOutput(path.join(dir, 'here')), 'is_folder');
  fs.symlinkSync('b', path.join(dir, 'a'));
  fs.symlinkSync('a', path.join(dir, 'b'));
  await refused(openOutput(path.join(dir, 'a')), 'cannot_write');
});

// A full disk: one typed error, the temp file removed, never an unhandled 'error' event.

test('a device that is full (ENOSPC on every write): commit rejects with disk_full', async (t) => {
  const dir = tempDir();
  const full = deviceNode(dir, 'full', 'full');
  if (full === undefined) return t.skip(NO_DEVICE_NODES);
  const out = await openOutput(full);
  // Writes without waiting, as check does within one input chunk: the failure comes between them.
  for (let i = 0; i < 100; i++) out.stream.write('x'.repeat(1000));
  await new Promise((r) => setImmediate(r));
  await refused(out.commit(), 'disk_full');
  out.abort();
  assert.ok(fs.lstatSync(full).isCharacterDevice());
  assert.deepEqual(fs.readdirSync(dir), ['full']);
});

test('a disk that fills up on the temp-file path: disk_full, the temp file removed, the old file kept', async (t) => {
  const disk = smallDisk(64);
  if (disk === undefined) return t.skip(NO_SMALL_DISK);
  try {
    const file = path.join(disk.dir, 'labels.jsonl');
    fs.writeFileSync(file, 'old\n');
    const out = await openOutput(file);
    for (let i = 0; i < 200; i++) out.stream.write('x'.repeat(1000));
    await new Promise((r) => setImmediate(r));
    await assert.rejects(out.commit(), (e: unknown) => {
      assert.ok(OutputFileError.isInstance(e), String(e));
      assert.equal(e.problem, 'disk_full');
      assert.match(e.message, /^--out .*labels\.jsonl: no space left on device/);
      return true;
    });
    out.abort();
    assert.deepEqual(fs.readdirSync(disk.dir), ['labels.jsonl'], 'no temp file left to keep the disk full');
    assert.equal(fs.readFileSync(file, 'utf8'), 'old\n');
  } finally {
    disk.cleanup();
  }
});
