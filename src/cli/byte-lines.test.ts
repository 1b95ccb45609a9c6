import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { byteLines, LineBatch } from './byte-lines.ts';

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

describe('LineBatch', () => {
  /** A slow output with a small buffer: it says "full" often and drains a tick later. */
  function slowOutput() {
    const chunks: string[] = [];
    let mostBuffered = 0;
    const stream = new Writable({
      highWaterMark: 64,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString());
        setImmediate(done);
      },
    });
    const write = stream.write.bind(stream);
    stream.write = ((chunk: string) => {
      const ok = write(chunk);
      mostBuffered = Math.max(mostBuffered, stream.writableLength);
      return ok;
    }) as typeof stream.write;
    return { stream, chunks, mostBuffered: () => mostBuffered };
  }

  async function writeAll(size: number, lines: string[]) {
    const output = slowOutput();
    const batch = new LineBatch(output.stream, size);
    for (const line of lines) {
      const full = batch.add(line);
      if (full) await full;
    }
    await batch.flush();
    return output;
  }

  const lines = Array.from({ length: 500 }, (_, i) => `${JSON.stringify({ id: `t-${i}`, outcome: i % 3 === 0 ? 'empty' : 'other' })}\n`);

  test('the output is the same bytes, in the same order, batched or not', async () => {
    const each = await writeAll(0, lines);
    const batched = await writeAll(1000, lines);
    assert.equal(batched.chunks.join(''), lines.join(''));
    assert.equal(each.chunks.join(''), lines.join(''));
  });

  test('batched, lines go in few writes of whole lines; size 0 writes each line at once', async () => {
    const batched = await writeAll(1000, lines);
    assert.ok(batched.chunks.length < lines.length / 10, `${batched.chunks.length} writes for ${lines.length} lines`);
    const longest = Math.max(...lines.map((line) => line.length));
    for (const chunk of batched.chunks.slice(0, -1)) assert.ok(chunk.endsWith('\n') && chunk.length >= 1000 && chunk.length < 1000 + longest, `a write of ${chunk.length} characters`);
    const each = await writeAll(0, lines);
    assert.equal(each.chunks.length, lines.length);
  });

  test('a full output is waited for: never more than one batch is buffered', async () => {
    const batched = await writeAll(1000, lines);
    const longest = Math.max(...lines.map((line) => line.length));
    assert.ok(batched.mostBuffered() < 1000 + longest, `buffered up to ${batched.mostBuffered()} characters`);
  });

  test('take hands over what is not yet written, once', () => {
    const output = slowOutput();
    const batch = new LineBatch(output.stream, 1000);
    assert.equal(batch.add('a\n'), undefined);
    assert.equal(batch.add('b\n'), undefined);
    assert.equal(batch.take(), 'a\nb\n');
    assert.equal(batch.take(), '');
    assert.deepEqual(output.chunks, []);
  });
});
