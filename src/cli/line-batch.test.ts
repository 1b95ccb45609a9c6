import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { LineBatch } from './line-batch.ts';

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

  /** Adds `lines` in groups of `group` without waiting, and waits for the output after each group (as labelChunks does per input chunk). */
  async function writeAll(size: number, lines: string[], group = 1) {
    const output = slowOutput();
    const batch = new LineBatch(output.stream, size);
    for (let i = 0; i < lines.length; i += group) {
      for (const line of lines.slice(i, i + group)) batch.append(line);
      const wait = batch.drained();
      if (wait) await wait;
    }
    await batch.flush();
    return output;
  }

  const lines = Array.from({ length: 500 }, (_, i) => `${JSON.stringify({ id: `t-${i}`, outcome: i % 3 === 0 ? 'empty' : 'other' })}\n`);
  const longest = Math.max(...lines.map((line) => line.length));

  test('the output is the same bytes, in the same order, batched or not, waited for per line or per group', async () => {
    for (const [size, group] of [[0, 1], [1000, 1], [1000, 37], [0, 37]] as const) {
      const output = await writeAll(size, lines, group);
      assert.equal(output.chunks.join(''), lines.join(''), `size ${size}, groups of ${group}`);
    }
  });

  test('batched, lines go in few writes of whole lines; size 0 writes each line at once', async () => {
    const batched = await writeAll(1000, lines);
    assert.ok(batched.chunks.length < lines.length / 10, `${batched.chunks.length} writes for ${lines.length} lines`);
    for (const chunk of batched.chunks.slice(0, -1)) assert.ok(chunk.endsWith('\n') && chunk.length >= 1000 && chunk.length < 1000 + longest, `a write of ${chunk.length} characters`);
    const each = await writeAll(0, lines);
    assert.equal(each.chunks.length, lines.length);
  });

  test('a full output is waited for: never more than one group of lines and one batch is buffered', async () => {
    const one = await writeAll(1000, lines);
    assert.ok(one.mostBuffered() < 1000 + longest, `buffered up to ${one.mostBuffered()} characters`);
    const grouped = await writeAll(1000, lines, 37);
    assert.ok(grouped.mostBuffered() < 1000 + 37 * longest, `buffered up to ${grouped.mostBuffered()} characters`);
  });

  test('drained() is undefined while the output has room, a promise once it is over its limit', async () => {
    const output = slowOutput();
    const batch = new LineBatch(output.stream, 1000);
    batch.append('a\n');
    assert.equal(batch.drained(), undefined, 'nothing written yet');
    for (const line of lines.slice(0, 40)) batch.append(line);
    const wait = batch.drained();
    assert.ok(wait instanceof Promise, 'a written batch larger than the output\'s 64-byte limit');
    await wait;
    assert.equal(output.stream.writableNeedDrain, false);
  });

  test('take hands over what is not yet written, once', () => {
    const output = slowOutput();
    const batch = new LineBatch(output.stream, 1000);
    batch.append('a\n');
    batch.append('b\n');
    assert.equal(batch.take(), 'a\nb\n');
    assert.equal(batch.take(), '');
    assert.deepEqual(output.chunks, []);
  });
});
