import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OUTCOMES } from '../core/types.ts';
import { buildSummary, writeSummary } from './summary-json.ts';
import { parseFailOn } from './fail-on.ts';

test('the summary counts every outcome, failures and the rate over labelled turns only', () => {
  const s = buildSummary({
    command: 'check',
    engine: 'rules@2',
    outcomes: new Map([['anchored', 6], ['false_claim', 3], ['empty', 1]]),
    errored: 2,
    badLines: 1,
    notLabelled: { language: 4, no_reply: 0 },
    failOn: { gate: parseFailOn('0.2'), exceeded: true },
    seconds: 1.23456,
  });
  assert.deepEqual(Object.keys(s.outcomes), [...OUTCOMES]);
  assert.equal(s.labelled, 10);
  assert.equal(s.failures, 4);
  assert.equal(s.failure_rate, 0.4);
  assert.deepEqual(s.not_labelled, { language: 4 }, 'zero reasons are left out');
  assert.equal(s.errored, 2);
  assert.equal(s.bad_lines, 1);
  assert.deepEqual(s.fail_on, { threshold: 0.2, kind: 'rate', exceeded: true });
  assert.equal(s.run, undefined);
});

test('nothing labelled has no rate; a run summary names its run', () => {
  const s = buildSummary({ command: 'judge', run: 'r1', engine: null, outcomes: {}, errored: 5, seconds: 0 });
  assert.equal(s.labelled, 0);
  assert.equal(s.failure_rate, null);
  assert.equal(s.run, 'r1');
  assert.equal('not_labelled' in s, false);
});

test('writeSummary writes JSON, and names the option and file when it cannot', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-summary-'));
  const file = path.join(dir, 's.json');
  const s = buildSummary({ command: 'check', engine: 'rules@2', outcomes: { anchored: 1 }, errored: 0, seconds: 0 });
  writeSummary(file, s);
  assert.deepEqual(JSON.parse(fs.readFileSync(file, 'utf8')), s);
  assert.deepEqual(fs.readdirSync(dir), ['s.json'], 'no temporary file left');
  assert.throws(() => writeSummary(path.join(dir, 'missing', 's.json'), s), /--summary-json .*missing.*: cannot write: no such folder/);
});
