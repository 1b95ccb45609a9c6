/**
 * `felicity check --jobs N`: a file of several 1 MiB blocks labelled by worker threads prints the
 * same bytes (labels, every stderr line with its FILE:LINE, the summary) and exits with the same
 * code as one thread, whatever falls on a block boundary.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { felicity, REPO } from './helpers/felicity-bin.ts';

const EXAMPLES = readFileSync(join(REPO, 'examples', 'turns.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as Record<string, unknown>);

/**
 * About 2.6 MB: a byte-order mark, CRLF endings, blank lines, bad JSON and records with problems
 * spread through the file (some at 1 MiB boundaries), errored responses, a turn longer than a
 * read, a conversation-shaped record, and a last line without a newline.
 */
function hostileFile(): { text: string; badLines: number[] } {
  const lines: string[] = [];
  const badLines: number[] = [];
  let bytes = 0;
  const add = (line: string, bad = false) => {
    lines.push(line);
    if (bad) badLines.push(lines.length);
    bytes += Buffer.byteLength(line) + 1;
  };
  for (let i = 0; bytes < 2_600_000; i++) {
    const turn = { ...EXAMPLES[i % EXAMPLES.length]!, id: `t-${i}` };
    if (i % 400 === 7) add('{"id": "broken", ', true);
    else if (i % 500 === 3) add('');
    else if (i % 450 === 11) add(JSON.stringify({ id: `e-${i}`, error: 'HTTP 500', messages: [] }));
    else if (i % 610 === 5) add(JSON.stringify({ id: `m-${i}`, messages: 'no' }), true);
    else if (i === 1000) add(JSON.stringify({ ...turn, messages: [{ role: 'user', content: 'x'.repeat(1_200_000) }, { role: 'assistant', content: "I'll remind you." }] }));
    else add(JSON.stringify(turn));
  }
  const text = `\uFEFF${lines.join('\r\n')}`; // no newline after the last line
  return { text, badLines };
}

let dir: string;
let file: string;
let badLines: number[];

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'felicity-jobs-'));
  file = join(dir, 'turns.jsonl');
  const made = hostileFile();
  badLines = made.badLines;
  await writeFile(file, made.text);
});

after(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('felicity check --jobs', () => {
  test('two and three worker threads, and auto, print what one thread prints, byte for byte, with the same exit code', async () => {
    const one = await felicity(['check', file, '--jobs', '1']);
    assert.equal(one.code, 2, one.stderr.slice(-500));
    const reported = [...one.stderr.matchAll(/turns\.jsonl:(\d+): /g)].map((m) => Number(m[1]));
    for (const line of badLines) assert.ok(reported.includes(line), `line ${line} reported`);
    assert.ok(one.stdout.split('\n').length > 1000, 'over a thousand labels');
    for (const jobs of ['2', '3', 'auto']) {
      const many = await felicity(['check', file, '--jobs', jobs]);
      assert.equal(many.code, one.code, `--jobs ${jobs}`);
      assert.equal(many.stdout, one.stdout, `--jobs ${jobs}: labels`);
      assert.equal(many.stderr, one.stderr, `--jobs ${jobs}: stderr`);
    }
  });

  test('--out and --conversations give the same files with one thread or two', async () => {
    const conversations = join(dir, 'conversations.jsonl');
    const followUp = [
      { role: 'user', content: 'And can you ping me about it next week too?' },
      { role: 'assistant', content: "Sure, I'll ping you next week." },
    ];
    const plainTurns = EXAMPLES.filter((t) => !JSON.stringify(t['messages']).includes('tool_calls'));
    const lines = Array.from({ length: 2200 }, (_, i) => {
      const turn = plainTurns[i % plainTurns.length]!;
      return JSON.stringify({ id: `c-${i}`, setup: turn['setup'], messages: [...(turn['messages'] as unknown[]), ...followUp] });
    });
    await writeFile(conversations, `${lines.join('\n')}\n`);
    const outputs: string[] = [];
    for (const jobs of ['1', '2']) {
      const out = join(dir, `labels-${jobs}.jsonl`);
      const run = await felicity(['check', conversations, '--conversations', '--jobs', jobs, '--out', out]);
      assert.equal(run.code, 0, run.stderr.slice(-500));
      outputs.push(await readFile(out, 'utf8'));
    }
    assert.ok(outputs[0]!.length > 1 << 20, 'more than one block of labels');
    assert.equal(outputs[1], outputs[0]);
  });

  test('--jobs takes a whole number of at least 1', async () => {
    for (const bad of ['0', '-1', 'two', '1.5']) {
      const run = await felicity(['check', file, '--jobs', bad]);
      assert.equal(run.code, 2, bad);
      assert.match(run.stderr, /--jobs/, bad);
    }
  });
});
