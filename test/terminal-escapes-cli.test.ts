/**
 * Escape sequences in stored or logged data never reach the terminal raw: a model (stratum) name
 * in `prevalence`'s table and figure, and a command's one-line error that quotes the data. They
 * are shown as their \u escapes (terminal-text.ts), the same sanitiser everywhere.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { felicity } from './helpers/felicity-bin.ts';

const HOSTILE = 'evil\u001b]0;pwned\u0007\u001b[2J\u009b31m\u202e';
const RAW = /[\u001b\u0007\u009b\u202e]/;

test('prevalence: a stratum name with escape sequences is shown escaped, and --figure draws it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'felicity-escapes-'));
  const logs = join(dir, 'logs.jsonl');
  writeFileSync(logs, Array.from({ length: 12 }, (_, i) => JSON.stringify({ id: `t${i}`, model: HOSTILE, messages: [{ role: 'user', content: 'Q?' }, { role: 'assistant', content: i < 2 ? "Sure, I'll email you the summary tomorrow." : 'Paris.' }] })).join('\n') + '\n');
  const figure = join(dir, 'fig.svg');
  const r = await felicity(['prevalence', logs, '--sample', 'all', '--figure', figure, '--jobs', '1', '--reps', '100']);
  assert.equal(r.code, 0, r.stderr);
  assert.doesNotMatch(r.stdout, RAW);
  assert.doesNotMatch(r.stderr, RAW);
  assert.match(r.stdout, /evil\\u001b\]0;pwned\\u0007/);
  const svg = readFileSync(figure, 'utf8');
  assert.match(svg, /^<svg/);
  assert.doesNotMatch(svg, /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/, 'characters XML does not allow');
});

test('a one-line error that quotes the input shows its escape sequences escaped', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'felicity-escapes-'));
  const file = join(dir, `d${'\u001b[2J'}.yaml`);
  writeFileSync(file, 'id: [unclosed\n');
  const r = await felicity(['check', '-', '--setup', file], '');
  assert.equal(r.code, 2, r.stderr);
  assert.doesNotMatch(r.stderr, RAW);
  assert.match(r.stderr, /d\\u001b\[2J\.yaml/);
});
