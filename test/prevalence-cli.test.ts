/**
 * `felicity prevalence` end to end through bin/felicity.js (needs `npm run build`): a small log in
 * three formats with known failures, a tool-using conversation left out with a count, bad lines
 * named while the good ones are estimated, JSON and SVG written, the calibration's correction,
 * and an unknown format refused.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scriptedJudge } from '../src/check/llm/testing/scripted-judge.ts';
import { startScriptedServer } from '../src/llm/testing/scripted-chat-server.ts';
import { felicity } from './helpers/felicity-bin.ts';

const PROMISE = "Sure, I'll email you the summary tomorrow morning.";
const PLAIN = 'The capital of France is Paris.';

function logFile(dir: string): string {
  const lines: unknown[] = [];
  for (let i = 0; i < 30; i++) lines.push({ id: `a${i}`, model: 'alpha', messages: [{ role: 'user', content: 'Q?' }, { role: 'assistant', content: i < 3 ? PROMISE : PLAIN }] });
  for (let i = 0; i < 20; i++) lines.push({ id: `b${i}`, model: 'beta', conversations: [{ from: 'human', value: 'Q?' }, { from: 'gpt', value: PLAIN }] });
  lines.push({ conversation_hash: 'agent', model: 'beta', conversation: [{ role: 'user', content: 'GOALS: x\nCOMMANDS: google' }, { role: 'assistant', content: PROMISE }] });
  const file = join(dir, 'logs.jsonl');
  writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\nnot json\n{"prompt": "a"}\n`);
  return file;
}

test('rates per stratum and pooled; tool-using conversations and bad lines counted; JSON and figure written', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'felicity-prevalence-'));
  const json = join(dir, 'out.json');
  const figure = join(dir, 'fig.svg');
  const r = await felicity(['prevalence', logFile(dir), '--sample', 'all', '--json', json, '--figure', figure, '--jobs', '1', '--reps', '200']);
  assert.equal(r.code, 2, 'bad lines make the exit code 2');
  assert.match(r.stderr, /:52: \(line\): not valid JSON/);
  assert.match(r.stderr, /:53: \(record\): expected a "messages" array/);
  assert.match(r.stdout, /left out: 1 turns in 1 tool-using conversations/);
  const report = JSON.parse(readFileSync(json, 'utf8'));
  assert.equal(report.estimate.pooled.turns, 50);
  const alpha = report.estimate.strata.find((s: { stratum: string }) => s.stratum === 'alpha');
  const beta = report.estimate.strata.find((s: { stratum: string }) => s.stratum === 'beta');
  assert.ok(Math.abs(alpha.rates.either.estimate - 3 / 30) < 1e-9, `alpha either ${alpha.rates.either.estimate}`);
  assert.equal(beta.rates.either.estimate, 0);
  assert.ok(Math.abs(report.estimate.pooled.rates.either.estimate - 3 / 50) < 1e-9);
  assert.ok(report.estimate.pooled.rates.either.low <= 3 / 50 && 3 / 50 <= report.estimate.pooled.rates.either.high);
  assert.match(readFileSync(figure, 'utf8'), /^<svg/);
});

test('a calibration where humans disagree with the checker moves the corrected estimate', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'felicity-prevalence-'));
  const NO = { false_action_claim: false, declines_request: false, hands_back_to_user: false, did_task_now: true, asks_clarification: false };
  // Humans call every flagged promise a non-failure (say, text written for the user): the checker's detections are false alarms.
  const items = [];
  for (let i = 0; i < 6; i++) items.push({ id: `c${i}`, setup: 'C0', messages: [{ role: 'user', content: 'Q?' }, { role: 'assistant', content: i < 3 ? PROMISE : PLAIN }], gold: { outcome: 'done_now', booleans: NO, commitments: [] } });
  const calibration = join(dir, 'cal.jsonl');
  writeFileSync(calibration, items.map((i) => JSON.stringify(i)).join('\n') + '\n');
  const logs = join(dir, 'logs.jsonl');
  writeFileSync(logs, Array.from({ length: 40 }, (_, i) => JSON.stringify({ id: `t${i}`, model: 'm', messages: [{ role: 'user', content: 'Q?' }, { role: 'assistant', content: i < 8 ? PROMISE : PLAIN }] })).join('\n') + '\n');
  const json = join(dir, 'out.json');
  const r = await felicity(['prevalence', logs, '--sample', 'all', '--calibration', calibration, '--json', json, '--jobs', '1', '--reps', '200']);
  assert.equal(r.code, 0, r.stderr);
  const report = JSON.parse(readFileSync(json, 'utf8'));
  const detected = report.estimate.pooled.rates.either.estimate;
  const corrected = report.calibration.correction.ppi.either.estimate;
  assert.ok(detected > 0.1, `detected ${detected}`);
  assert.ok(corrected < detected, `corrected ${corrected} should fall below detected ${detected}`);
  assert.match(r.stdout, /corrected, PPI/);
});

test('a file in no known format is one clear error', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'felicity-prevalence-'));
  const file = join(dir, 'x.jsonl');
  writeFileSync(file, '{"prompt": "a", "completion": "b"}\n');
  const r = await felicity(['prevalence', file]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /no chat log record in a known format/);
});

test('--engine llm: --dry-run counts calls without making one; a run labels with the judge', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'felicity-prevalence-'));
  const logs = join(dir, 'logs.jsonl');
  writeFileSync(logs, Array.from({ length: 6 }, (_, i) => JSON.stringify({ id: `t${i}`, model: 'm', messages: [{ role: 'user', content: 'Q?' }, { role: 'assistant', content: `${PLAIN} (${i})` }] })).join('\n') + '\n');
  // The judge finds a promise to follow up later in every reply, whatever the rules would say.
  const server = await startScriptedServer(scriptedJudge({
    detector: { commitments: [{ span: PLAIN, action: 'follow up', performer: 'self', trigger_type: 'unspecified_future', time_expression: null, required_capabilities: ['run_later', 'notify_user_later'], is_offer: false, confidence: 0.9 }] },
  }));
  try {
    const args = ['prevalence', logs, '--sample', 'all', '--engine', 'llm', '--judge-model', `openai-compatible:${server.url}#judge`, '--no-cache', '--reps', '100'];
    const dry = await felicity([...args, '--dry-run']);
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stderr, /dry run: 6 of 6 turns sent to the model/);
    assert.equal(server.count(), 0);
    const json = join(dir, 'out.json');
    const run = await felicity([...args, '--json', json]);
    assert.equal(run.code, 0, run.stderr);
    assert.ok(server.count() >= 6);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    assert.equal(report.estimate.pooled.rates.either.estimate, 1);
    assert.equal(report.estimate.pooled.rates.empty.estimate, 1);
  } finally {
    await server.close();
  }
});
