import { test } from 'node:test';
import assert from 'node:assert/strict';
import { terminalSafe, terminalSafeJson } from './terminal-text.ts';

test('escape sequences are shown, not sent: ESC, BEL, CR, C1 and bidi controls become \\u escapes', () => {
  assert.equal(terminalSafe('a\u001b]0;t\u0007b\u001b[2Jc\rd\u009b1m\u202Ee'), 'a\\u001b]0;t\\u0007b\\u001b[2Jc\\u000dd\\u009b1m\\u202ee');
});

test('tabs, line breaks and ordinary text are kept as they are', () => {
  const text = 'Line one\n\tline two — “café” ❤️ 我';
  assert.equal(terminalSafe(text), text);
});

test('JSON for a terminal escapes what JSON.stringify leaves raw, and still parses to the same value', () => {
  const value = { span: 'x\u009b2J\u202Ey\u001b' };
  const json = terminalSafeJson(JSON.stringify(value));
  assert.doesNotMatch(json, /[\u001b\u009b\u202e]/);
  assert.deepEqual(JSON.parse(json), value);
});
