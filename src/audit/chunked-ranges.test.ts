import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { bufferReadAt, chunkRanges, lineStartAtOrAfter, type ChunkRange } from './chunked-ranges.ts';
import { readLogs } from './read-logs.ts';

const ranges = (text: string | Buffer, chunkBytes: number): Promise<ChunkRange[]> => {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  return chunkRanges(bytes.length, chunkBytes, bufferReadAt(bytes));
};
const slices = (bytes: Buffer, cut: ChunkRange[]): string[] => cut.map((r) => bytes.subarray(r.start, r.end).toString('utf8'));

test('a range boundary inside a line moves to the start of the next line', async () => {
  assert.deepEqual(await ranges('aaaa\nbbbb\ncccc\n', 2), [
    { start: 0, end: 5 },
    { start: 5, end: 10 },
    { start: 10, end: 15 },
  ]);
});

test('a boundary just after a newline stays; one on the newline byte moves past it', async () => {
  // "aaaa\n" is 5 bytes: a boundary at 5 starts line 2 already.
  assert.deepEqual(await ranges('aaaa\nbbbb\n', 5), [
    { start: 0, end: 5 },
    { start: 5, end: 10 },
  ]);
  // A boundary at 4 (on the "\n") belongs to line 1.
  assert.deepEqual(await ranges('aaaa\nbbbb\n', 4), [
    { start: 0, end: 5 },
    { start: 5, end: 10 },
  ]);
});

test('a boundary between \\r and \\n of a CRLF moves after the \\n: the CRLF stays whole', async () => {
  const text = 'aaa\r\nbbb\r\n';
  const cut = await ranges(text, 4);
  assert.deepEqual(cut, [
    { start: 0, end: 5 },
    { start: 5, end: 10 },
  ]);
  assert.deepEqual(slices(Buffer.from(text), cut), ['aaa\r\n', 'bbb\r\n']);
});

test('a boundary inside a multi-byte UTF-8 character moves to the next line; every range decodes whole', async () => {
  const text = '😀😀😀\né\n日本語\n';
  const bytes = Buffer.from(text, 'utf8');
  for (let size = 1; size <= bytes.length; size++) {
    const cut = await ranges(bytes, size);
    assert.equal(slices(bytes, cut).join(''), text);
    for (const part of slices(bytes, cut)) assert.ok(!part.includes('\uFFFD'), `chunk size ${size}: ${JSON.stringify(part)}`);
  }
});

test('a byte order mark stays with the first line in the first range, however small the ranges', async () => {
  const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}\n{"b":2}\n')]);
  for (const size of [1, 2, 3, 4]) {
    const cut = await ranges(bytes, size);
    assert.deepEqual(cut[0], { start: 0, end: 11 });
  }
});

test('a line longer than the range size makes its range longer; a last line without a newline ends at the end of the file', async () => {
  assert.deepEqual(await ranges('x'.repeat(100) + '\nshort\ntail', 10), [
    { start: 0, end: 101 },
    { start: 101, end: 111 },
  ]);
  assert.equal(await lineStartAtOrAfter(0, 10, bufferReadAt(Buffer.alloc(10))), 0);
  assert.equal(await lineStartAtOrAfter(3, 10, bufferReadAt(Buffer.alloc(10))), 10, 'no newline: the end of the file');
  assert.deepEqual(await ranges('', 10), []);
});

test('every line belongs to exactly one range: reading the ranges gives the lines, turns and bad-line numbers of reading the whole file', async () => {
  // Blank lines, CRLF, a lone CR (readline ends a line there too), a BOM, non-ASCII, a bad line, no final newline.
  const record = (id: string, reply: string) => JSON.stringify({ id, messages: [{ role: 'user', content: 'q' }, { role: 'assistant', content: reply }] });
  const text = `\uFEFF${record('a', 'héllo')}\r\n\n${record('b', '😀 ok')}\nnot json\r${record('c', 'x')}\r\n{"messages": 3}\n\n${record('d', '日本')}`;
  const bytes = Buffer.from(text, 'utf8');
  const file = join(mkdtempSync(join(tmpdir(), 'felicity-ranges-')), 'logs.jsonl');
  writeFileSync(file, bytes);
  const whole = await readLogs(file);
  assert.equal(whole.turns.length, 4);
  assert.deepEqual(
    whole.problems.map((p) => p.line),
    [4, 6],
  );
  for (let size = 1; size <= bytes.length; size += 3) {
    const cut = await ranges(bytes, size);
    let line = 1;
    const turns: string[] = [];
    const problems: number[] = [];
    for (const r of cut) {
      assert.ok(r.end === bytes.length || bytes[r.end - 1] === 10, 'a range ends after a newline or at the end');
      const part = await readLogs(file, { ...r, firstLine: line });
      line += part.lines;
      turns.push(...part.turns.map((t) => `${t.id}:${t.reply}`));
      problems.push(...part.problems.map((p) => p.line));
    }
    assert.equal(line - 1, whole.lines, `size ${size}: lines`);
    assert.deepEqual(turns, whole.turns.map((t) => `${t.id}:${t.reply}`), `size ${size}: turns`);
    assert.deepEqual(problems, [4, 6], `size ${size}: bad lines`);
  }
});
