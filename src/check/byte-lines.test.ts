import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ByteLineSplitter, byteLines } from './byte-lines.ts';

async function split(chunks: string[]): Promise<string[]> {
  const out: string[] = [];
  async function* source() {
    for (const c of chunks) yield Buffer.from(c, 'latin1');
  }
  for await (const line of byteLines(source())) out.push(Buffer.from(line).toString('latin1'));
  return out;
}

test('lines split on LF and CRLF, across chunk boundaries, with or without a final newline', async () => {
  assert.deepEqual(await split(['a\nb', 'c\r', '\nd']), ['a', 'bc', 'd']);
  assert.deepEqual(await split(['a\n', '\n', 'b\n']), ['a', '', 'b']);
  assert.deepEqual(await split([]), []);
  assert.deepEqual(await split(['one line']), ['one line']);
});

test('bytes are passed through undecoded', async () => {
  assert.deepEqual(await split(['caf\xe9\n\xff\xfe\n']), ['caf\xe9', '\xff\xfe']);
});

test('a line inside one chunk is a view on the chunk, not a copy', async () => {
  const chunk = Buffer.from('first\nsecond\nthi');
  async function* source() {
    yield chunk;
    yield Buffer.from('rd\n');
  }
  const lines: Uint8Array[] = [];
  for await (const line of byteLines(source())) lines.push(line);
  assert.equal(lines[0]!.buffer, chunk.buffer);
  assert.equal(lines[1]!.buffer, chunk.buffer);
  assert.equal(Buffer.from(lines[2]!).toString(), 'third');
});

describe('ByteLineSplitter', () => {
  const text = (lines: Uint8Array[]) => lines.map((line) => Buffer.from(line).toString('latin1'));

  test('each chunk gives the lines it ends, at once; the unfinished tail waits for the next chunk or the end', () => {
    const splitter = new ByteLineSplitter();
    assert.deepEqual(text(splitter.push(Buffer.from('a\nb\r\nc'))), ['a', 'b']);
    assert.deepEqual(text(splitter.push(Buffer.from('on'))), []);
    assert.deepEqual(text(splitter.push(Buffer.from('tinued\r'))), []);
    assert.deepEqual(text(splitter.push(Buffer.from('\n\nd'))), ['continued', '']);
    assert.deepEqual(text(splitter.end()), ['d']);
  });

  test('an input ending in a newline has no last partial line', () => {
    const splitter = new ByteLineSplitter();
    assert.deepEqual(text(splitter.push(Buffer.from('x\ny\n'))), ['x', 'y']);
    assert.deepEqual(splitter.end(), []);
  });

  test('it gives the same lines as byteLines for every way of cutting the input into chunks', async () => {
    const input = Buffer.from('{"id":1}\r\n\n{"id":"caf\xe9"}\nlast', 'latin1');
    for (let cut = 1; cut < input.length; cut++) {
      const chunks = [input.subarray(0, cut), input.subarray(cut)];
      const splitter = new ByteLineSplitter();
      const direct = [...chunks.flatMap((chunk) => text(splitter.push(chunk))), ...text(splitter.end())];
      const streamed: string[] = [];
      for await (const line of byteLines((async function* () { yield* chunks; })())) streamed.push(Buffer.from(line).toString('latin1'));
      assert.deepEqual(direct, ['{"id":1}', '', '{"id":"caf\xe9"}', 'last'], `cut at ${cut}`);
      assert.deepEqual(streamed, direct, `cut at ${cut}`);
    }
  });
});
