/**
 * `felicity guard` as a user starts it (the built program): it serves, says where, refuses bad
 * settings with exit code 2, and on SIGTERM lets a request in flight finish before it exits 0.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { felicity } from '../../test/helpers/felicity-bin.ts';
import { CLEAN_REPLY } from '../guard-proxy/testing/agent-model.ts';
import { say, startScriptedUpstream } from '../guard-proxy/testing/scripted-upstream.ts';

test('felicity guard serves, and SIGTERM lets the request in flight finish', async () => {
  const upstream = await startScriptedUpstream(() => ({ kind: 'delay', ms: 300, then: say.text(CLEAN_REPLY) }));
  const proxy = felicity(['guard', '--upstream', upstream.url, '--port', '0', '--on-fail', 'annotate']);
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let seen = '';
      proxy.child.stderr!.on('data', (d: Buffer) => {
        seen += d.toString();
        const match = /listening on (http:\/\/\S+\/v1)/.exec(seen);
        if (match) resolve(match[1]!);
      });
      proxy.child.on('close', () => reject(new Error(`exited: ${seen}`)));
    });
    const pending = fetch(`${url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }) });
    for (let i = 0; i < 500 && upstream.requests.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    proxy.child.kill('SIGTERM');
    const response = await pending;
    assert.equal(response.status, 200);
    assert.equal(((await response.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content, CLEAN_REPLY);
    const finished = await proxy;
    assert.equal(finished.code, 0, finished.stderr);
    assert.match(finished.stderr, /SIGTERM, finishing requests in flight/);
  } finally {
    proxy.child.kill('SIGKILL');
    await upstream.close();
  }
});

test('felicity guard refuses bad settings with one line and exit code 2', async () => {
  const none = await felicity(['guard', '--port', '0']);
  assert.equal(none.code, 2);
  assert.match(none.stderr, /^felicity guard: flags: upstream: expected an OpenAI-compatible base URL/m);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-guard-cli-'));
  const config = path.join(dir, 'guard.yaml');
  fs.writeFileSync(config, 'upstream: http://127.0.0.1:9/v1\non_fail: maybe\n');
  const bad = await felicity(['guard', '--config', config]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /guard\.yaml:2: on_fail: .*"maybe"/);
  fs.writeFileSync(config, 'upstream: http://127.0.0.1:9/v1\non_fial: block\n');
  const typo = await felicity(['guard', '--config', config]);
  assert.equal(typo.code, 2);
  assert.match(typo.stderr, /guard\.yaml:2: on_fial: .*did you mean "on_fail"\?, got "on_fial"\n$/);
  const bare = await felicity(['guard', '--upstream', 'localhost:8000', '--port', '0']);
  assert.equal(bare.code, 2);
  assert.match(bare.stderr, /upstream: expected an http\(s\) URL .*, got "localhost:8000"\n$/);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('felicity guard --engine hybrid: a judge model is needed (exit 2), and a judge that is down stops the start in one line (exit 1)', async () => {
  const lone = await felicity(['guard', '--upstream', 'http://127.0.0.1:9/v1', '--port', '0', '--engine', 'hybrid']);
  assert.equal(lone.code, 2);
  assert.match(lone.stderr, /^felicity guard: flags: judge_model: expected a judge model spec for engine hybrid/m);
  const rules = await felicity(['guard', '--upstream', 'http://127.0.0.1:9/v1', '--port', '0', '--judge-model', 'ollama:qwen3:8b']);
  assert.equal(rules.code, 2);
  assert.match(rules.stderr, /engine: expected hybrid when a judge model is given/);
  const judge = await startScriptedUpstream(() => say.text('unused'));
  const gone = judge.url;
  await judge.close();
  const down = await felicity(['guard', '--upstream', 'http://127.0.0.1:9/v1', '--port', '0', '--engine', 'hybrid', '--judge-model', `openai-compatible:${gone}#judge`]);
  assert.equal(down.code, 1);
  assert.match(down.stderr, /^felicity guard: openai-compatible:.*#judge is not usable as the judge model, at the start of felicity guard: network.*\n$/);
  assert.doesNotMatch(down.stderr, /listening/);
});
