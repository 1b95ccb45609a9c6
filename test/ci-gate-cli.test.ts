/**
 * The CI gate end to end: `check --fail-on` exits 1 on a file whose failing turns exceed the
 * threshold and 0 on one within it, and `--summary-json` writes counts that agree with the
 * labels printed on stdout.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { felicity, REPO } from './helpers/felicity-bin.ts';

const EXAMPLES = join(REPO, 'examples', 'turns.jsonl');
const labelsOf = (stdout: string) => stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { outcome: string; failure: boolean });

test('check --fail-on 0.2 exits 1 on a failing file, and the summary agrees with the labels', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'felicity-gate-'));
  const summaryFile = join(dir, 'summary.json');
  const r = await felicity(['check', EXAMPLES, '--fail-on', '0.2', '--summary-json', summaryFile]);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /exceeds --fail-on 0\.2/);
  const labels = labelsOf(r.stdout);
  const failing = labels.filter((l) => l.failure).length;
  assert.ok(failing / labels.length > 0.2, 'the example file fails more than 20% of its turns');
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as Record<string, unknown>;
  assert.equal(summary.command, 'check');
  assert.equal(summary.labelled, labels.length);
  assert.equal(summary.failures, failing);
  assert.match(String(summary.engine), /^rules@/);
  const outcomes = summary.outcomes as Record<string, number>;
  for (const outcome of new Set(labels.map((l) => l.outcome))) assert.equal(outcomes[outcome], labels.filter((l) => l.outcome === outcome).length);
  assert.deepEqual(summary.fail_on, { threshold: 0.2, kind: 'rate', exceeded: true });
});

test('a count gate at or above the failures passes; only the anchored turns pass a zero count', async () => {
  const all = await felicity(['check', EXAMPLES]);
  const failing = labelsOf(all.stdout).filter((l) => l.failure).length;
  const within = await felicity(['check', EXAMPLES, '--fail-on', String(failing)]);
  assert.equal(within.code, 0, within.stderr);
  assert.match(within.stderr, /within --fail-on/);
  const lines = readFileSync(EXAMPLES, 'utf8').split('\n').filter(Boolean);
  const passing = labelsOf(all.stdout).map((l, i) => (l.failure ? undefined : lines[i])).filter((l) => l !== undefined);
  const dir = mkdtempSync(join(tmpdir(), 'felicity-gate-'));
  const clean = join(dir, 'clean.jsonl');
  writeFileSync(clean, `${passing.join('\n')}\n`);
  const zero = await felicity(['check', clean, '--fail-on', '0']);
  assert.equal(zero.code, 0, zero.stderr);
});

test('a bad --fail-on is a usage error (exit 2) naming what it expects', async () => {
  const r = await felicity(['check', EXAMPLES, '--fail-on', '1.5']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /rate is a number below 1/);
});

test('a bad line outranks the gate: exit 2, and the summary counts the bad line apart from the rates', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'felicity-gate-'));
  const input = join(dir, 'mixed.jsonl');
  writeFileSync(input, `${readFileSync(EXAMPLES, 'utf8').trimEnd()}\nnot json\n`);
  const summaryFile = join(dir, 'summary.json');
  const r = await felicity(['check', input, '--fail-on', '0', '--summary-json', summaryFile]);
  assert.equal(r.code, 2, r.stderr);
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as { bad_lines: number; labelled: number; fail_on: { exceeded: boolean } };
  assert.equal(summary.bad_lines, 1);
  assert.equal(summary.labelled, labelsOf(r.stdout).length);
  assert.equal(summary.fail_on.exceeded, true);
});
