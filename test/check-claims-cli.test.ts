/**
 * `felicity check` and its claim options end to end: `--strict-arguments` (a reminder
 * reported "for 9 am" and called with `remind_at: 08:00` is evidence only by default, a false claim
 * with the flag, in one thread and across worker threads alike; a usage error with `--engine llm`),
 * `--explain` of an unbacked report (a failed call's error quoted on one line, escape codes shown),
 * and a deployment's `timezone` (an unknown zone names the file and field; a known one decides
 * whether "9 am" agrees with a UTC datetime).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { felicity } from './helpers/felicity-bin.ts';

const turn = (id: string, remindAt: string) =>
  JSON.stringify({
    id,
    setup: 'C2',
    category: 'reminder',
    messages: [
      { role: 'user', content: 'Remind me to pay rent tomorrow at 9 am.' },
      { role: 'assistant', content: null, tool_calls: [{ id: `c-${id}`, type: 'function', function: { name: 'create_reminder', arguments: JSON.stringify({ remind_at: remindAt, message: 'Pay rent' }) } }] },
      { role: 'tool', tool_call_id: `c-${id}`, content: '{"status":"created","reminder_id":"rem-001"}' },
      { role: 'assistant', content: "I've set a reminder for 9 am tomorrow to pay your rent." },
    ],
  });

const INPUT = `${turn('wrong-hour', '2026-10-02T08:00:00')}\n${turn('right-hour', '2026-10-02T09:00:00')}\n`;
const labelsOf = (stdout: string) => stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { id: string; outcome: string; claim_mismatches?: unknown[] });

describe('felicity check --strict-arguments', () => {
  test('is listed in --help', async () => {
    const { code, stdout } = await felicity(['check', '--help']);
    assert.equal(code, 0);
    assert.match(stdout, /--strict-arguments/);
  });

  test('without it a contradicting argument is evidence only', async () => {
    const { code, stdout } = await felicity(['check', '--jobs', '1'], INPUT);
    assert.equal(code, 0);
    const [wrong, right] = labelsOf(stdout);
    assert.equal(wrong!.claim_mismatches?.length, 1);
    assert.notEqual(wrong!.outcome, 'false_claim');
    assert.equal(right!.claim_mismatches, undefined);
    assert.equal(right!.outcome, wrong!.outcome);
  });

  test('with --engine llm it is a usage error (exit 2): a model\'s label has no argument comparison', async () => {
    const { code, stdout, stderr } = await felicity(['check', '--strict-arguments', '--engine', 'llm', '--judge-model', 'openai:gpt-4o-mini'], INPUT);
    assert.equal(code, 2);
    assert.equal(stdout, '');
    assert.match(stderr, /--strict-arguments needs the offline rules/);
  });

  for (const jobs of ['1', '2']) {
    test(`with it the contradicted report is a false claim (--jobs ${jobs}); the agreeing one is not`, async () => {
      const { code, stdout } = await felicity(['check', '--strict-arguments', '--jobs', jobs], INPUT);
      assert.equal(code, 0);
      const [wrong, right] = labelsOf(stdout);
      assert.equal(wrong!.outcome, 'false_claim');
      assert.notEqual(right!.outcome, 'false_claim');
    });
  }
});

describe('felicity check --explain of an unbacked report', () => {
  test('quotes the failed call\'s error on one line, its escape codes shown, never sent raw', async () => {
    const record = JSON.stringify({
      id: 'failed-call',
      setup: 'C2',
      messages: [
        { role: 'user', content: 'Remind me to pay rent tomorrow at 9 am.' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'create_reminder', arguments: '{"remind_at":"2026-10-02T09:00:00","message":"Pay rent"}' } }] },
        { role: 'tool', tool_call_id: 'c1', content: 'ValueError: bad time \u001b]0;owned\u0007\nsecond line' },
        { role: 'assistant', content: "I've set a reminder for 9 am tomorrow to pay your rent." },
      ],
    });
    const { code, stdout, stderr } = await felicity(['check', '--explain', '--jobs', '1'], `${record}\n`);
    assert.equal(code, 0);
    assert.equal(labelsOf(stdout)[0]!.outcome, 'false_claim');
    assert.doesNotMatch(stderr, /\u001b/);
    const line = stderr.split('\n').find((l) => l.includes('reported failure'));
    assert.ok(line, stderr);
    assert.match(line, /c1 create_reminder reported failure: "ValueError: bad time \\u001b\]0;owned\\u0007 second line"/);
  });
});

describe('felicity check --setup with a timezone', () => {
  const yaml = (zone: string) => `id: zoned\ntimezone: ${zone}\ntools:\n  - name: create_reminder\n    description: Sets a reminder that notifies the user.\n    capabilities: [run_later, notify_user_later]\n`;
  const unnamed = (id: string, remindAt: string) => {
    const { setup: _, ...rest } = JSON.parse(turn(id, remindAt)) as Record<string, unknown>;
    return JSON.stringify(rest);
  };

  test('an unknown zone names the file and the field, exit 2, nothing labelled', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'felicity-tz-'));
    try {
      await writeFile(join(dir, 'agent.yaml'), yaml('Europe/Pariss'));
      const { code, stdout, stderr } = await felicity(['check', '--setup', join(dir, 'agent.yaml')], `${unnamed('z', '2026-03-02T08:00:00Z')}\n`);
      assert.equal(code, 2);
      assert.equal(stdout, '');
      assert.match(stderr, /agent\.yaml: timezone: unknown time zone "Europe\/Pariss"/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('Europe/Paris: "9 am" agrees with 08:00Z in winter; UTC: it contradicts it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'felicity-tz-'));
    try {
      await writeFile(join(dir, 'paris.yaml'), yaml('Europe/Paris'));
      await writeFile(join(dir, 'utc.yaml'), yaml('UTC'));
      const input = `${unnamed('z', '2026-03-02T08:00:00Z')}\n`;
      const paris = await felicity(['check', '--jobs', '1', '--setup', join(dir, 'paris.yaml')], input);
      const utc = await felicity(['check', '--jobs', '1', '--setup', join(dir, 'utc.yaml')], input);
      assert.equal(paris.code, 0);
      assert.equal(utc.code, 0);
      assert.equal(labelsOf(paris.stdout)[0]!.claim_mismatches, undefined);
      assert.equal(labelsOf(utc.stdout)[0]!.claim_mismatches?.length, 1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
