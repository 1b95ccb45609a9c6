/**
 * `felicity check --input-format`: records in framework message shapes are read (auto-detected per
 * record, the format named once on stderr), an unknown content part is a FILE:LINE warning, and a
 * named format reads every record as that format. Spawns the built command (`npm run build`).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/felicity.js', import.meta.url));
const ASK = 'Remind me to pay rent tomorrow morning.';
const REPLY = "Done! I've set a reminder for 9:00 tomorrow to pay your rent.";
const ARGS = { remind_at: '2026-10-02T09:00:00', message: 'Pay rent' };

const aiSdk = (id: string, extraPart?: unknown) => ({
  id,
  setup: 'C2',
  messages: [
    { role: 'user', content: ASK },
    { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'create_reminder', input: ARGS }, ...(extraPart ? [extraPart] : [])] },
    { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'create_reminder', output: { type: 'json', value: { status: 'created' } } }] },
    { role: 'assistant', content: REPLY },
  ],
});

function checkFile(lines: unknown[], args: string[] = []): { code: number | null; stdout: string; stderr: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'felicity-formats-'));
  try {
    const file = join(dir, 'logs.jsonl');
    writeFileSync(file, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
    const child = spawnSync(process.execPath, [BIN, 'check', file, ...args], { encoding: 'utf8' });
    return { code: child.status, stdout: child.stdout, stderr: child.stderr, file };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('felicity check --input-format', () => {
  test('auto: an Anthropic SDK call logged as {request, response} is read and labelled', () => {
    const logged = (id: string) => ({
      id,
      setup: 'C2',
      request: { model: 'claude-x', max_tokens: 512, system: 'You are a helpful assistant.', tools: [{ name: 'create_reminder', input_schema: { type: 'object' } }], messages: [{ role: 'user', content: ASK }] },
      response: { id: `msg_${id}`, type: 'message', role: 'assistant', content: [{ type: 'text', text: REPLY }, { type: 'tool_use', id: 'toolu_1', name: 'create_reminder', input: ARGS }], stop_reason: 'tool_use' },
    });
    const { code, stdout, stderr } = checkFile([logged('a'), logged('b')]);
    assert.equal(code, 0, stderr);
    const labels = stdout.trim().split('\n').map((line) => JSON.parse(line) as { id: string; booleans: { false_action_claim: boolean } });
    assert.deepEqual(labels.map((l) => [l.id, l.booleans.false_action_claim]), [['a', false], ['b', false]]);
    assert.match(stderr, /reading Anthropic Messages .*\(detected/);
    assert.doesNotMatch(stderr, /bad line|logs\.jsonl:\d+:/);
  });

  for (const jobs of ['1', '2']) {
    test(`auto: AI SDK records are anchored, the format said once, an unknown part warned at its line (--jobs ${jobs})`, () => {
      const { code, stdout, stderr, file } = checkFile([aiSdk('a'), aiSdk('b', { type: 'hologram' }), aiSdk('c')], ['--jobs', jobs]);
      assert.equal(code, 0, stderr);
      const labels = stdout.trim().split('\n').map((line) => JSON.parse(line) as { id: string; outcome: string });
      assert.deepEqual(labels.map((l) => [l.id, l.outcome]), [['a', 'anchored'], ['b', 'anchored'], ['c', 'anchored']]);
      assert.equal(stderr.match(/reading Vercel AI SDK ModelMessage parts \(detected/g)?.length, 1, stderr);
      assert.ok(stderr.includes(`${file}:2: warning: messages[1].content[1]: unknown content part "hologram"`), stderr);
    });
  }

  test('the turn record format itself is read without a notice; a named format is announced as chosen', () => {
    const openai = { id: 'o', setup: 'C2', messages: [{ role: 'user', content: ASK }, { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'create_reminder', arguments: ARGS } }] }, { role: 'tool', tool_call_id: 'c1', content: '{"status":"created"}' }, { role: 'assistant', content: REPLY }] };
    const auto = checkFile([openai]);
    assert.equal(JSON.parse(auto.stdout).outcome, 'anchored', auto.stderr);
    assert.ok(!auto.stderr.includes('reading'), 'the turn record\'s own format is not announced');
    const chosen = checkFile([aiSdk('x')], ['--input-format', 'ai-sdk']);
    assert.equal(JSON.parse(chosen.stdout).outcome, 'anchored', chosen.stderr);
    assert.match(chosen.stderr, /reading Vercel AI SDK ModelMessage parts \(--input-format\)/);
  });

  test('an unknown format is a usage error naming the choices', () => {
    const { code, stderr } = checkFile([aiSdk('x')], ['--input-format', 'cohere']);
    assert.notEqual(code, 0);
    assert.match(stderr, /auto, openai, responses, ai-sdk, anthropic, langchain/);
  });
});
