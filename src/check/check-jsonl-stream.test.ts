/**
 * checkJsonl reads a byte stream as it is opened (a file's ReadStream, a stream with an encoding, a
 * web ReadableStream) and splits it into lines itself; lines given one by one are read as before.
 * Chunks small enough to cut lines, and multi-byte characters, in two places show that a line across
 * chunks is joined before it is parsed.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { checkJsonl, type LineResult } from './check-jsonl.ts';

const turn = (id: string, reply: string) =>
  JSON.stringify({ id, setup: 'C0', category: 'reminder', messages: [{ role: 'user', content: 'Remind me to pay rent tomorrow — please.' }, { role: 'assistant', content: reply }] });
const LINES = [turn('a', "Sure! I'll remind you tomorrow morning. ✓"), '', turn('b', 'Here is a poem about rent: ünïcödé lines.'), '{"id": "bad", ', turn('c', "I can't set reminders from here; please use your phone's app.")];
const TEXT = `\uFEFF${LINES.join('\r\n')}\n`;

let dir: string;
let file: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'felicity-jsonl-stream-'));
  file = join(dir, 'turns.jsonl');
  await writeFile(file, TEXT);
});
after(() => rm(dir, { recursive: true, force: true }));

async function collect(input: Parameters<typeof checkJsonl>[0]): Promise<string[]> {
  const out: string[] = [];
  for await (const result of checkJsonl(input)) out.push(summary(result));
  return out;
}

function summary(result: LineResult): string {
  if ('label' in result) return `${result.line} ${result.label.id} ${result.label.outcome}`;
  if ('problem' in result) return `${result.line} problem ${result.problem.field}: ${result.problem.message.slice(0, 14)}`;
  return `${result.line} ${JSON.stringify(result)}`;
}

test('the lines given one by one: the reference', async () => {
  const expected = await collect(TEXT.slice(1).split('\n').map((line) => line.replace(/\r$/, '')));
  assert.deepEqual(expected, ['1 a empty', '3 b other', '4 problem (line): not valid JSON', '5 c deferral']);
});

test('a file ReadStream of 7-byte chunks gives the same results, line numbers included', async () => {
  const expected = await collect(TEXT.slice(1).split('\n').map((line) => line.replace(/\r$/, '')));
  assert.deepEqual(await collect(createReadStream(file, { highWaterMark: 7 })), expected);
  assert.deepEqual(await collect(createReadStream(file)), expected);
});

test('a stream with an encoding (string chunks) and a web ReadableStream are split too', async () => {
  const expected = await collect(TEXT.slice(1).split('\n').map((line) => line.replace(/\r$/, '')));
  assert.deepEqual(await collect(createReadStream(file, { highWaterMark: 5, encoding: 'utf8' })), expected);
  assert.deepEqual(await collect(Readable.toWeb(createReadStream(file, { highWaterMark: 11 })) as ReadableStream<Uint8Array>), expected);
});

test('a Readable in object mode yields lines, as before', async () => {
  const lines = [turn('x', "Sure! I'll remind you tomorrow."), turn('y', 'Hello!')];
  assert.deepEqual(await collect(Readable.from(lines)), ['1 x empty', '2 y other']);
});

test('bytes that are not UTF-8 are a problem at their line in a stream too', async () => {
  const bytes = Buffer.concat([Buffer.from(`${turn('a', 'Hi.')}\n`), Buffer.from([0x7b, 0xff, 0x7d, 0x0a]), Buffer.from(`${turn('b', 'Hi.')}\n`)]);
  const results = await collect(Readable.from([bytes.subarray(0, 50), bytes.subarray(50)], { objectMode: false }));
  assert.deepEqual(results, ['1 a other', '2 problem (line): not valid UTF-', '3 b other']);
});
