/**
 * `felicity check --engine llm|hybrid` end to end against a scripted loopback judge: labels in
 * input order, a cache file that makes the second pass free, a dry run that calls nothing, a
 * failed judgment that leaves its turn unlabelled (exit 1), and a missing judge model (exit 2).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { booleansAnswer, scriptedJudge, stageOf } from '../src/check/llm/testing/scripted-judge.ts';
import { turn } from '../src/check/testing/turns.ts';
import { reply, startScriptedServer, type ScriptFunction } from '../src/llm/testing/scripted-chat-server.ts';
import { felicity, REPO } from './helpers/felicity-bin.ts';


function turnsFile(dir: string): string {
  const records = [0, 1, 2, 3].map((i) => ({ ...turn(`Reply ${i}: you could set an alarm on your phone.`, { setup: 'C0', category: 'reminder' }), id: `t${i}` }));
  const file = join(dir, 'turns.jsonl');
  writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return file;
}

async function withServer(script: ScriptFunction, run: (spec: string, count: () => number) => Promise<void>): Promise<void> {
  const server = await startScriptedServer(script);
  try {
    await run(`openai-compatible:${server.url}#judge`, () => server.count());
  } finally {
    await server.close();
  }
}

test('--engine llm labels every turn in order with the judge; a second pass is answered from the cache file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'felicity-check-llm-'));
  const file = turnsFile(dir);
  await withServer(scriptedJudge({ response: booleansAnswer({ hands_back_to_user: true, declines_request: true }) }), async (spec, count) => {
    const args = ['check', file, '--engine', 'llm', '--judge-model', spec, '--cache', join(dir, 'cache.jsonl')];
    const dry = await felicity([...args, '--dry-run']);
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stderr, /dry run: 4 of 4 turns sent to the model \(100\.0%\); 8 calls/);
    assert.equal(count(), 0, 'a dry run calls nothing');

    const first = await felicity(args);
    assert.equal(first.code, 0, first.stderr);
    const labels = first.stdout.trim().split('\n').map((l) => JSON.parse(l) as { id: string; outcome: string; engine: { judge: string } });
    assert.deepEqual(labels.map((l) => l.id), ['t0', 't1', 't2', 't3']);
    assert.ok(labels.every((l) => l.outcome === 'deferral' && l.engine.judge.startsWith('llm(')));
    assert.equal(count(), 8);
    assert.match(first.stderr, /felicity check: detector: 4 calls, 0 cache hits, 0 failed, 480 tokens/);
    assert.match(first.stderr, /felicity check: 8 model calls, 0 cache hits \(cache: .*cache\.jsonl\)/);

    const second = await felicity(args);
    assert.equal(second.stdout, first.stdout);
    assert.equal(count(), 8, 'no call on the second pass');
    assert.match(second.stderr, /0 model calls, 8 cache hits/);

    const forced = await felicity([...args.slice(0, -2), '--no-cache']);
    assert.equal(forced.code, 0, forced.stderr);
    assert.equal(count(), 16, '--no-cache asks again');
  });
});

test('a judgment that stays invalid leaves its turn unlabelled, the others labelled; exit 1', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'felicity-check-llm-'));
  const file = turnsFile(dir);
  const judge = scriptedJudge();
  const script: ScriptFunction = (request, index) => {
    const user = JSON.stringify(request.body.messages);
    if (stageOf(request) === 'response' && user.includes('Reply 2')) return reply.text('{"false_action_claim": "maybe"}');
    return judge(request, index);
  };
  await withServer(script, async (spec) => {
    const result = await felicity(['check', file, '--engine', 'llm', '--judge-model', spec, '--no-cache']);
    assert.equal(result.code, 1);
    assert.deepEqual(result.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { id: string }).id), ['t0', 't1', 't3']);
    assert.match(result.stderr, /turns\.jsonl:3: t2: response judgment failed \(schema_violation\): does not follow the schema: .*; not labelled/);
    assert.match(result.stderr, /3 turns labelled: .*; 1 not labelled \(a model judgment failed\)/);
  });
});

test('--engine hybrid without --judge-model is bad input, in one line', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'felicity-check-llm-'));
  const result = await felicity(['check', turnsFile(dir), '--engine', 'hybrid']);
  assert.equal(result.code, 2);
  assert.equal(result.stderr, 'felicity check: --engine hybrid needs --judge-model SPEC (e.g. ollama:qwen3:8b)\n');
  assert.equal(result.stdout, '');
});
