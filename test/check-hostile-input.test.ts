/**
 * `felicity check` on a file of hostile lines (the probe's reproduction): nesting deeper than the
 * stack in each checked field, between thousands of good lines, written to --out. Every other
 * line is labelled, each bad line is one FILE:LINE line on stderr, the exit code is 2, and no
 * crash (or a destroyed output stream) hides what happened.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { felicity } from './helpers/felicity-bin.ts';

const DEPTH = 10_000;
const DEEP = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const user = { role: 'user', content: 'Remind me to pay rent tomorrow.' };
const reply = { role: 'assistant', content: "I'll remind you tomorrow morning." };
const record = (fields: Record<string, unknown> = {}) => ({ id: 'good', setup: 'C0', messages: [user, reply], ...fields });
const deepIn = (value: unknown) => JSON.stringify(value).replace('"__DEEP__"', DEEP);
const call = (fields: Record<string, unknown>) => ({ id: 'c1', type: 'function', function: { name: 'create_reminder', arguments: '{}' }, ...fields });
const calling = (c: unknown) => record({ setup: 'C2', messages: [user, { role: 'assistant', content: null, tool_calls: [c] }, reply] });

/** The 14 fields of the probe, each holding the nesting. */
const HOSTILE: [string, string][] = [
  ['id', deepIn(record({ id: '__DEEP__' }))],
  ['setup', deepIn(record({ setup: '__DEEP__' }))],
  ['persona', deepIn(record({ persona: '__DEEP__' }))],
  ['category', deepIn(record({ category: '__DEEP__' }))],
  ['doable', deepIn(record({ doable: '__DEEP__' }))],
  ['error', deepIn(record({ error: '__DEEP__' }))],
  ['messages[1].role', deepIn(record({ messages: [user, { role: '__DEEP__', content: 'x' }] }))],
  ['messages[1].tool_calls[0].id', deepIn(calling(call({ id: '__DEEP__' })))],
  ['messages[1].tool_calls[0].function.arguments', deepIn(calling(call({ function: { name: 'create_reminder', arguments: '__DEEP__' } })))],
  ['messages[0].content[0].text', deepIn(record({ messages: [{ role: 'user', content: [{ type: 'text', text: '__DEEP__' }] }, reply] }))],
  ['messages', deepIn(record({ messages: { list: '__DEEP__' } }))],
  ['(record)', DEEP],
  ['messages[1].tool_calls', deepIn(record({ messages: [user, { role: 'assistant', content: null, tool_calls: { first: '__DEEP__' } }] }))],
  ['setup.tools[0]', deepIn(record({ setup: { id: 'mine', tools: '__DEEP__' } }))],
];

test('nesting deeper than the stack in any of 14 fields: every other line labelled, one line per bad one, exit 2, --out whole', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-hostile-'));
  const input = path.join(dir, 'turns.jsonl');
  const out = path.join(dir, 'labels.jsonl');
  // Enough good lines first that labels are being written to --out when a bad line comes.
  const lines = Array.from({ length: 2000 }, (_, i) => JSON.stringify(record({ id: `lead-${i}` })));
  const expected: string[] = [];
  for (const [field, line] of HOSTILE) {
    lines.push(line);
    expected.push(field === 'error' ? `${input}:${lines.length}: error: the model call failed ([[[` : `${input}:${lines.length}: ${field}: `);
    lines.push(JSON.stringify(record({ id: `after-${field}` })));
  }
  fs.writeFileSync(input, `${lines.join('\n')}\n`);

  const { code, stderr } = await felicity(['check', input, '--out', out]);
  assert.equal(code, 2, stderr.slice(-2000));
  const problems = stderr.split('\n').filter((l) => l.startsWith(`${input}:`));
  assert.equal(problems.length, HOSTILE.length, stderr.slice(-3000));
  problems.forEach((line, i) => {
    assert.ok(line.startsWith(expected[i]!), `${line.slice(0, 200)}\n  should start ${expected[i]}`);
    assert.ok(line.length < 1200, `bounded: ${line.length} characters`);
    if (!line.includes(': error: ')) assert.match(line, /: [^:]+ \(expected .+, got .+\)$/);
  });
  const ids = fs.readFileSync(out, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { id: string }).id);
  assert.equal(ids.length, 2000 + HOSTILE.length);
  assert.deepEqual(ids.slice(2000), HOSTILE.map(([field]) => `after-${field}`));
  assert.match(stderr, new RegExp(`felicity check: ${2000 + HOSTILE.length} turns labelled: .*1 errored response not labelled.*; ${HOSTILE.length - 1} bad lines skipped`));
});

test('integer ids past 2^53 keep their digits; one written with an exponent is one line naming id, exit 2', async () => {
  const withId = (id: string) => JSON.stringify(record({ id: '__ID__' })).replace('"__ID__"', id);
  const { code, stdout, stderr } = await felicity(['check', '-'], [withId('12345678901234567890123'), withId('12345678901234567890124'), withId('1.2345678901234568e+22'), withId('8')].join('\n'));
  assert.equal(code, 2);
  assert.deepEqual(stdout.trim().split('\n').map((l) => (JSON.parse(l) as { id: string }).id), ['12345678901234567890123', '12345678901234567890124', '8']);
  assert.match(stderr, /^stdin:3: id: not an exact number \(expected a string id, or a number up to 2\^53 − 1, got 1\.2345678901234568e\+22\)$/m);
});
