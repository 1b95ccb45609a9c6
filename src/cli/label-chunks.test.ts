/**
 * labelChunks: the offline rules over a byte stream a chunk at a time write the labels checkJsonl
 * gives for the same lines, wherever the chunks are cut; a failure part-way leaves every label
 * made before it written or in the batch.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { checkJsonl, RulesLineReader, type LineResult } from '../check/check-jsonl.ts';
import { byteLines } from '../check/byte-lines.ts';
import { LineBatch } from './line-batch.ts';
import { labelChunks } from './label-chunks.ts';

const turn = (id: string, reply: string) =>
  JSON.stringify({ id, setup: 'C0', messages: [{ role: 'user', content: 'Remind me to pay the rent tomorrow at 9.' }, { role: 'assistant', content: reply }] });

const input = Buffer.from(
  [
    `\ufeff${turn('a', "Sure! I'll remind you tomorrow at 9 to pay the rent.")}`,
    '',
    turn('b', "I can't send reminders later. You could set an alarm on your phone."),
    '{"id": "broken"',
    `${turn('c', 'Noté, café à 9h.')}\r`,
    turn('d', 'Done.'),
  ].join('\n'),
);

/** An output that keeps what is written to it. */
function collecting() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

/** The labels as `felicity check` writes them, and every result's line, through labelChunks. */
async function viaChunks(chunks: AsyncIterable<Uint8Array>, batchSize: number) {
  const output = collecting();
  const labels = new LineBatch(output.stream, batchSize);
  const seen: number[] = [];
  const reader = new RulesLineReader({}, (result: LineResult) => {
    seen.push(result.line);
    if ('label' in result) labels.append(`${JSON.stringify(result.label)}\n`);
  });
  let failure: unknown;
  try {
    await labelChunks(chunks, reader, labels);
    await labels.flush();
  } catch (error) {
    failure = error;
  }
  return { written: output.text() + labels.take(), seen, failure };
}

async function* cut(bytes: Buffer, at: number[]) {
  let start = 0;
  for (const end of [...at, bytes.length]) {
    yield bytes.subarray(start, end);
    start = end;
  }
}

async function expected(bytes: Buffer) {
  let text = '';
  const lines: number[] = [];
  for await (const result of checkJsonl(byteLines(cut(bytes, [])))) {
    lines.push(result.line);
    if ('label' in result) text += `${JSON.stringify(result.label)}\n`;
  }
  return { text, lines };
}

test('the labels and line numbers checkJsonl gives, wherever the chunks are cut, batched or not', async () => {
  const want = await expected(input);
  assert.equal(want.text.split('\n').length - 1, 4, 'four lines are labelled');
  for (let at = 1; at < input.length; at += 7) {
    for (const size of [0, 300]) {
      const got = await viaChunks(cut(input, [at, Math.min(at + 50, input.length)]), size);
      assert.equal(got.failure, undefined);
      assert.equal(got.written, want.text, `cut at ${at}, batch ${size}`);
      assert.deepEqual(got.seen, want.lines, `cut at ${at}`);
    }
  }
});

test('a read failure part-way: every line read in full before it is labelled and kept, then the failure goes on', async () => {
  const endOfLine3 = input.indexOf('\n', input.indexOf('\n', input.indexOf('\n') + 1) + 1);
  const broken = async function* () {
    yield input.subarray(0, endOfLine3 + 10);
    throw Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' });
  };
  const got = await viaChunks(broken(), 1 << 16);
  assert.match(String(got.failure), /EIO/);
  const want = await expected(input.subarray(0, endOfLine3 + 1));
  assert.equal(got.written, want.text, 'the labels of lines 1 to 3, no more (line 4 was cut off)');
  assert.deepEqual(got.seen, [1, 3]);
});

test('a failure while labelling a chunk leaves the labels made before it in that chunk', async () => {
  const output = collecting();
  const labels = new LineBatch(output.stream, 1 << 16);
  let n = 0;
  const reader = new RulesLineReader({}, (result: LineResult) => {
    if (++n === 3) throw new Error('a bug');
    if ('label' in result) labels.append(`${result.label.id}\n`);
  });
  await assert.rejects(labelChunks(cut(input, []), reader, labels), /a bug/);
  assert.equal(output.text() + labels.take(), 'a\nb\n');
});
