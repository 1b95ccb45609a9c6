/**
 * `felicity validate` end to end through bin/felicity.js: agreement with a small hand-labelled file,
 * scored from a labels file or by an engine (rules, or llm against a scripted loopback judge with a
 * cache file); bad lines are named and the rest still scored; the shipped dev set gives the same
 * report as `npm run eval:dev`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { turn } from '../src/check/testing/turns.ts';
import { scriptedJudge } from '../src/check/llm/testing/scripted-judge.ts';
import { startScriptedServer } from '../src/llm/testing/scripted-chat-server.ts';
import { felicity, REPO } from './helpers/felicity-bin.ts';

const DEV = join(REPO, '../shared/examples/dev.jsonl');
const NO = { false_action_claim: false, declines_request: false, hands_back_to_user: false, did_task_now: false, asks_clarification: false };

const REMIND = { span: "I'll remind you tomorrow at 9am", performer: 'self', trigger_type: 'time', required_capabilities: ['run_later', 'notify_user_later'], is_offer: false, feasible: false, failure_types: ['temporal'] };

function goldFile(dir: string, extraLines: string[] = []): string {
  const items = [
    { ...turn("Sure! I'll remind you tomorrow at 9am.", { setup: 'C0', category: 'reminder' }), id: 'g1', gold: { outcome: 'empty', booleans: NO, commitments: [REMIND] } },
    { ...turn("I can't do that once this chat ends. You could set an alarm on your phone.", { setup: 'C0', category: 'reminder' }), id: 'g2', gold: { outcome: 'deferral', booleans: { ...NO, declines_request: true, hands_back_to_user: true }, commitments: [] } },
    { ...turn('Here you go.', { setup: 'C1', category: 'reminder' }), id: 'g3', gold: { outcome: 'other', booleans: NO, commitments: [] } },
  ];
  const file = join(dir, 'gold.jsonl');
  writeFileSync(file, [...items.map((i) => JSON.stringify(i)), ...extraLines].join('\n') + '\n');
  return file;
}

function label(id: string, outcome: string, spans: string[] = []) {
  const commitments = spans.map((span) => ({ span, agent_initiated: true, feasible: false, anchored: null }));
  return JSON.stringify({ id, outcome, failure: outcome === 'empty', commitments, booleans: NO, engine: { detector: 'x', judge: 'x' } });
}

test('a labels file is scored against the gold file: numbers, JSON and mismatches', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'felicity-validate-'));
  const gold = goldFile(dir);
  const labels = join(dir, 'labels.jsonl');
  writeFileSync(labels, [label('g1', 'empty', ["I'll remind you tomorrow at 9am."]), label('g2', 'other'), label('g3', 'other')].join('\n'));
  const text = await felicity(['validate', '--gold', gold, '--labels', labels, '--mismatches']);
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, /\(3 turns\)\n  outcome accuracy      0\.667\n/);
  assert.match(text.stdout, /failure precision     1\.000   recall 1\.000   \(tp 1, fp 0, fn 0\)/);
  assert.match(text.stdout, /detector \(spans\)      precision 1\.000   recall 1\.000/);
  assert.match(text.stdout, /\ng2 \(C0, \(unknown\)\): gold deferral, got other\n/);
  assert.doesNotMatch(text.stdout, /\ng1 \(/);
  const json = await felicity(['validate', '--gold', gold, '--labels', labels, '--json']);
  const report = JSON.parse(json.stdout) as { pooled: { n: number; outcome: { accuracy: number } }; bySetup: Record<string, { n: number }>; mismatches: { id: string }[] };
  assert.equal(report.pooled.n, 3);
  assert.equal(report.pooled.outcome.accuracy, 2 / 3);
  assert.deepEqual(Object.keys(report.bySetup), ['C0', 'C1']);
  assert.deepEqual(report.mismatches.map((m) => m.id), ['g2']);
});

test('a bad gold line is named by file, line and field; the rest is still scored; exit 2', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'felicity-validate-'));
  const bad = JSON.stringify({ ...turn('Hi.', { setup: 'C0' }), id: 'g4', gold: { outcome: 'fine', booleans: NO, commitments: [] } });
  const gold = goldFile(dir, [bad, '{not json']);
  const result = await felicity(['validate', '--gold', gold]);
  assert.equal(result.code, 2);
  assert.match(result.stderr, new RegExp(`${gold.replace(/[.]/g, '\\.')}:4: gold\\.outcome: expected false_claim\\|`));
  assert.match(result.stderr, /:5: \(line\): not valid JSON/);
  assert.match(result.stdout, /\(3 turns\)/);
});

test('--engine rules scores the same as a labels file written by `felicity check`', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'felicity-validate-'));
  const gold = goldFile(dir);
  const checked = await felicity(['check', gold, '--out', join(dir, 'labels.jsonl')]);
  assert.equal(checked.code, 0, checked.stderr);
  const fromEngine = await felicity(['validate', '--gold', gold, '--engine', 'rules', '--json']);
  const fromLabels = await felicity(['validate', '--gold', gold, '--labels', join(dir, 'labels.jsonl'), '--json']);
  assert.deepEqual(JSON.parse(fromEngine.stdout).pooled, JSON.parse(fromLabels.stdout).pooled);
});

test('--engine llm asks the scripted judge once per judgment, and a second pass is all cache hits', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'felicity-validate-'));
  const gold = goldFile(dir);
  const server = await startScriptedServer(scriptedJudge({
      detector: {
        commitments: [{ span: REMIND.span, action: 'remind', performer: 'self', trigger_type: 'time', time_expression: 'tomorrow at 9am', required_capabilities: ['run_later'], is_offer: false, confidence: 0.9 }],
      },
    }));
  try {
    const args = ['validate', '--gold', gold, '--engine', 'llm', '--judge-model', `openai-compatible:${server.url}#judge`, '--cache', join(dir, 'cache.jsonl')];
    const dry = await felicity([...args, '--dry-run']);
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stderr, /dry run: 3 of 3 turns sent to the model \(100\.0%\); 6 calls \(~\d+ prompt tokens\), 0 judgments already cached/);
    assert.equal(server.count(), 0);
    const first = await felicity(args);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(server.count(), 6);
    assert.match(first.stderr, /detector: 3 calls, 0 cache hits, 0 failed, 360 tokens/);
    const second = await felicity(args);
    assert.equal(server.count(), 6, 'no call on the second pass');
    assert.match(second.stderr, /0 model calls, 6 cache hits/);
    assert.equal(second.stdout, first.stdout);
  } finally {
    await server.close();
  }
});

test('the shipped dev set gives the same report as npm run eval:dev', { skip: existsSync(DEV) ? false : 'no ../shared/examples (not part of a clone)' }, async () => {
  const validate = await felicity(['validate', '--gold', DEV, '--engine', 'rules']);
  const evalDev = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO, 'scripts/eval-dev.ts'), DEV], { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
  assert.equal(validate.code, 0, validate.stderr);
  // eval:dev prints the same report, then the set scored again without its doable_override hints.
  const [asWritten, withoutHints] = evalDev.trim().split(/\n\n(?=\S+, doable_override removed from \d+ turns)/);
  assert.equal(asWritten, validate.stdout.trim());
  assert.match(withoutHints ?? '', /doable_override removed from 4 turns/);
  assert.match(evalDev, /^without doable_override: κ \d\.\d{3} · failures caught/m);
});
