import { test } from 'node:test';
import assert from 'node:assert/strict';
import { byteLines } from './byte-lines.ts';

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
