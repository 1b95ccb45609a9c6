/**
 * The guard proxy under faults: an unreachable or slow upstream, bad and oversized bodies, 1,000
 * fuzzed bodies, a client that goes away, and secrets that must never reach the audit log.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { DEFAULTS } from './config.ts';
import { startGuardProxy } from './server.ts';
import { agentModel, CLEAN_REPLY, REMINDER_TOOL } from './testing/agent-model.ts';
import { startHarness } from './testing/harness.ts';
import { say } from './testing/scripted-upstream.ts';

const KEY = 'sk-live-SECRET0123456789abcdefXYZ';
const post = (base: string, body: string, headers: Record<string, string> = {}, signal?: AbortSignal) =>
  fetch(`${base}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}`, ...headers }, body, ...(signal ? { signal } : {}) });
const clean = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'CLEAN: capital of France?' }] });

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.ok(condition(), `waited 5 s for ${what}`);
}

test('an unreachable upstream is a 502 with an OpenAI-style error body', async () => {
  const harness = await startHarness(agentModel);
  const dead = harness.upstream.url;
  await harness.upstream.close();
  const proxy = await startGuardProxy({ ...DEFAULTS, toolCapabilities: {}, upstream: dead, port: 0 });
  try {
    const response = await post(`${proxy.url}/v1`, clean);
    assert.equal(response.status, 502);
    const body = (await response.json()) as { error: { message: string; type: string; code: string } };
    assert.equal(body.error.code, 'upstream_unreachable');
    assert.equal(response.headers.get('x-felicity-verdict'), 'outcome=unchecked; action=skipped; certified=false');
    assert.equal(body.error.type, 'upstream_error');
    assert.match(body.error.message, /could not be reached/);
  } finally {
    await proxy.close();
    await harness.proxy.close();
  }
});

test('malformed JSON is a 400, a body over the limit a 413, a missing messages field a 400 naming it', async () => {
  const harness = await startHarness(agentModel, { maxBodyBytes: 2_000 });
  try {
    const bad = await post(harness.base, '{"model": "m", "messages": [');
    assert.equal(bad.status, 400);
    assert.equal(((await bad.json()) as { error: { code: string } }).error.code, 'invalid_json');
    const big = await post(harness.base, JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x'.repeat(5_000) }] }));
    assert.equal(big.status, 413);
    assert.equal(((await big.json()) as { error: { code: string } }).error.code, 'request_too_large');
    const none = await post(harness.base, '{"model": "m"}');
    assert.equal(none.status, 400);
    assert.equal(((await none.json()) as { error: { param: string } }).error.param, 'messages');
    assert.equal(harness.upstream.requests.length, 0, 'nothing bad reached the upstream');
  } finally {
    await harness.close();
  }
});

test('a slow upstream is a 504 once the timeout passes', async () => {
  const harness = await startHarness(() => ({ kind: 'hang' }), { timeoutMs: 150 });
  try {
    const response = await post(harness.base, clean);
    assert.equal(response.status, 504);
    assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'upstream_timeout');
  } finally {
    await harness.close();
  }
});

test('a client that goes away cancels the upstream request, streamed or not', async () => {
  const harness = await startHarness(() => ({ kind: 'hang' }));
  try {
    for (const stream of [false, true]) {
      const before = harness.upstream.requests.length;
      const controller = new AbortController();
      const pending = post(harness.base, JSON.stringify({ model: 'm', stream, messages: [{ role: 'user', content: 'hi' }] }), {}, controller.signal).catch((error: Error) => error);
      await until(() => harness.upstream.requests.length > before, 'the upstream to get the request');
      controller.abort();
      assert.ok((await pending) instanceof Error);
      await until(() => harness.upstream.abandoned() === (stream ? 2 : 1), 'the upstream request to be cancelled');
    }
  } finally {
    await harness.close();
  }
});

test('1,000 fuzzed bodies never crash the proxy, and it serves normally afterwards', async () => {
  const harness = await startHarness(agentModel, { maxBodyBytes: 64_000 }, { record: false });
  try {
    const random = mulberry32(22);
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1_000; i++) {
      const response = await post(harness.base, fuzzedBody(random));
      const text = await response.text();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      assert.notEqual(response.status, 500, `body ${i}: the proxy failed: ${text.slice(0, 300)}`);
      assert.ok(response.headers.get('content-type')?.includes('json') || response.headers.get('content-type')?.includes('event-stream'), `body ${i}: ${response.headers.get('content-type')}`);
    }
    assert.ok((statuses.get(200) ?? 0) > 100, `some fuzzed bodies are valid requests: ${JSON.stringify([...statuses])}`);
    assert.ok((statuses.get(400) ?? 0) > 100, `some are refused: ${JSON.stringify([...statuses])}`);
    const after = (await (await post(harness.base, clean)).json()) as { choices: { message: { content: string } }[] };
    assert.equal(after.choices[0]!.message.content, CLEAN_REPLY);
    const health = await fetch(`${harness.proxy.url}/healthz`);
    assert.equal(health.status, 200);
  } finally {
    await harness.close();
  }
});

test('the audit log records verdicts and never the API key; the upstream gets the key', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-guard-'));
  const log = path.join(dir, 'audit.jsonl');
  const harness = await startHarness(agentModel, { auditLog: log, onFail: 'block' });
  try {
    const bodies = ['CLEAN: hi', 'CLAIM: remind me tomorrow at 9', 'EMPTY: email me tonight', `PROMISE: remind me at 9. My key is ${KEY}`].map((content) =>
      JSON.stringify({ model: 'm', messages: [{ role: 'user', content }], tools: [REMINDER_TOOL], api_key: KEY }),
    );
    for (const body of bodies) assert.equal((await post(harness.base, body, { 'x-api-key': KEY, 'openai-organization': KEY })).status, 200);
    await post(harness.base, JSON.stringify({ model: 'm', stream: true, messages: [{ role: 'user', content: 'CLAIM: remind me' }] }));
    assert.equal(harness.upstream.requests[0]!.headers.authorization, `Bearer ${KEY}`);
  } finally {
    await harness.close();
  }
  const text = fs.readFileSync(log, 'utf8');
  const lines = text.trim().split('\n').map((line) => JSON.parse(line) as { action: string; outcome: string; request_id: string });
  assert.equal(lines.length, 5);
  assert.deepEqual(lines.map((l) => l.action), ['none', 'blocked', 'blocked', 'blocked', 'blocked']);
  assert.ok(!text.includes(KEY), 'the key is in the audit log');
  assert.ok(!/SECRET0123/.test(text) && !/authorization/i.test(text) && !/bearer/i.test(text));
  fs.rmSync(dir, { recursive: true, force: true });
});

test('GET /v1/models passes through; /metrics counts requests, verdicts, actions and added latency', async () => {
  const harness = await startHarness(agentModel, { onFail: 'annotate' });
  try {
    const models = (await (await fetch(`${harness.base}/models`)).json()) as { data: { id: string }[] };
    assert.deepEqual(models.data.map((m) => m.id), ['scripted']);
    await post(harness.base, clean);
    await post(harness.base, JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'CLAIM: remind me' }] }));
    const metrics = await (await fetch(`${harness.proxy.url}/metrics`)).text();
    assert.match(metrics, /^felicity_guard_requests_total\{route="chat_completions",status="200"\} 2$/m);
    assert.match(metrics, /^felicity_guard_verdicts_total\{outcome="false_claim"\} 1$/m);
    assert.match(metrics, /^felicity_guard_actions_total\{action="annotated"\} 1$/m);
    assert.match(metrics, /^felicity_guard_added_latency_ms_count 2$/m);
  } finally {
    await harness.close();
  }
});

test('closing lets a request in flight finish', async () => {
  const harness = await startHarness(() => ({ kind: 'delay', ms: 200, then: say.text(CLEAN_REPLY) }));
  try {
    const pending = post(harness.base, clean);
    await until(() => harness.upstream.requests.length === 1, 'the request to reach the upstream');
    const closed = harness.proxy.close();
    const response = await pending;
    assert.equal(response.status, 200);
    assert.equal(((await response.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content, CLEAN_REPLY);
    await closed;
    await assert.rejects(post(harness.base, clean), 'no new connections after close');
  } finally {
    await harness.upstream.close();
  }
});

/** A small seeded generator (mulberry32), so the fuzzed bodies are the same on every run. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WEIRD: unknown[] = [null, 0, -1, 1e308, true, '', 'x', '\u0000\u202e', [], {}, [null], { role: 'user' }, 'I\u200b\'ll remind you tomorrow', '😀'.repeat(50), { type: 'text', text: 5 }, [{ type: 'image_url' }], { __proto__: { role: 'tool' } }];

function fuzzedBody(random: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const base: Record<string, unknown> = {
    model: 'm',
    messages: [
      { role: 'system', content: 'You help.' },
      { role: 'user', content: pick(['CLEAN: hi', 'CLAIM: remind me at 9', 'EMPTY: email me', 'PROMISE: remind me at 9', 'LOOP: remind me']) },
    ],
    tools: [REMINDER_TOOL],
    stream: random() < 0.3,
  };
  const kind = Math.floor(random() * 8);
  if (kind === 0) return JSON.stringify(base).slice(0, Math.floor(random() * 200));
  if (kind === 1) return Buffer.from(Array.from({ length: Math.floor(random() * 300) }, () => Math.floor(random() * 256))).toString('latin1');
  const messages = base['messages'] as unknown[];
  if (kind === 2) messages.push(pick(WEIRD));
  if (kind === 3) (messages[1] as Record<string, unknown>)['content'] = pick(WEIRD);
  if (kind === 4) base['tools'] = pick([...WEIRD, [{ type: 'function', function: { name: 'bad name!' } }], [{ type: 'function', function: { name: 'x', parameters: 5 } }], [REMINDER_TOOL, REMINDER_TOOL]]);
  if (kind === 5) messages.splice(1, 0, { role: 'assistant', content: null, tool_calls: pick([WEIRD, [{ id: 1, function: { name: 'create_reminder', arguments: '{' } }], [{ id: 'c', type: 'function', function: { name: 'nope', arguments: '{}' } }]]) }, { role: 'tool', tool_call_id: pick(['c', 'zz', 7]), content: pick(WEIRD) });
  if (kind === 6) base[pick(['messages', 'model', 'stream', 'n', 'temperature'])] = pick(WEIRD);
  if (kind === 7) messages.push({ role: 'assistant', content: pick(["Done, I've set it.", "I'll do it later.", 'ok']) });
  return JSON.stringify(base);
}

test('a rewrite that fails: --on-error open sends the draft with its verdict, closed a blocking reply', async () => {
  // The app's call gets a false claim; the guard's rewrite call (a single user message) gets a 500.
  const script = (request: { body: { messages: unknown[] } }) =>
    request.body.messages.length === 1 && JSON.stringify(request.body.messages).includes('has drafted the reply')
      ? ({ kind: 'status', status: 500, body: '{"error":{"message":"overloaded"}}' } as const)
      : say.text("Done! I've set a reminder for 9am tomorrow.");
  for (const onError of ['open', 'closed'] as const) {
    const harness = await startHarness(script, { onError });
    try {
      const body = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'remind me tomorrow at 9' }], tools: [REMINDER_TOOL] });
      const response = await post(harness.base, body);
      const json = (await response.json()) as { choices: { message: { content: string } }[]; felicity: { action: string; reason: string } };
      assert.equal(response.status, 200);
      if (onError === 'open') {
        assert.equal(json.choices[0]!.message.content, "Done! I've set a reminder for 9am tomorrow.");
        assert.equal(json.felicity.action, 'failed_open');
      } else {
        assert.notEqual(json.choices[0]!.message.content, "Done! I've set a reminder for 9am tomorrow.");
        assert.equal(json.felicity.action, 'failed_closed');
      }
      assert.match(json.felicity.reason, /the rewrite failed \(server: /);
    } finally {
      await harness.close();
    }
  }
});

test('an upstream answer over 16 MiB is a 502, streamed or not, and the proxy serves on', async () => {
  const huge = 'x'.repeat(17 * 1024 * 1024);
  // The size limit ends these calls, not the clock: on a loaded machine 17 MiB can take longer to
  // arrive than the default deadline, so the deadline is setTimeout's longest (about 24 days).
  const harness = await startHarness((request) => (JSON.stringify(request.body.messages).includes('HUGE') ? say.text(huge) : say.text(CLEAN_REPLY)), { timeoutMs: 2 ** 31 - 1 });
  try {
    for (const stream of [false, true]) {
      const response = await post(harness.base, JSON.stringify({ model: 'm', stream, messages: [{ role: 'user', content: 'HUGE' }] }));
      assert.equal(response.status, 502);
      assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'upstream_too_large');
    }
    const after = (await (await post(harness.base, clean)).json()) as { choices: { message: { content: string } }[] };
    assert.equal(after.choices[0]!.message.content, CLEAN_REPLY);
  } finally {
    await harness.close();
  }
});
