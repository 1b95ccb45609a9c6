/**
 * The guard proxy against an upstream that answers what the guard did not ask for: a re-anchoring
 * call it cannot read, a compressed body after `accept-encoding: identity`, and error bodies that
 * echo the credentials the guard forwarded.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import zlib from 'node:zlib';
import OpenAI from 'openai';
import { startLoopbackServer } from '../llm/testing/loopback-server.ts';
import { DEFAULTS } from './config.ts';
import { startGuardProxy } from './server.ts';
import { CLEAN_REPLY, HONEST_REWRITE, PROMISE_REPLY, REMINDER_TOOL } from './testing/agent-model.ts';
import { startHarness } from './testing/harness.ts';
import { say, type UpstreamRequest } from './testing/scripted-upstream.ts';

const text = (request: UpstreamRequest): string => JSON.stringify(request.body.messages);
const ask = (content: string) => JSON.stringify({ model: 'm', messages: [{ role: 'user', content }], tools: [REMINDER_TOOL] });

test('a re-anchoring call whose arguments are not JSON is not returned as certified: the reply is rewritten instead', async () => {
  const harness = await startHarness(
    (request) => {
      if (text(request).includes("[A note from the assistant's runtime")) {
        return { kind: 'tool_calls', calls: [{ id: 'call_bad', type: 'function', function: { name: 'create_reminder', arguments: '{not json' } }] };
      }
      if (request.body.messages.length === 1 && text(request).includes('has drafted the reply')) return say.text(HONEST_REWRITE);
      return say.text(PROMISE_REPLY);
    },
    { onFail: 'reanchor' },
  );
  try {
    const response = await fetch(`${harness.base}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: ask('remind me tomorrow at 9 to pay rent') });
    const json = (await response.json()) as { choices: { message: { content: string | null; tool_calls?: unknown[] } }[]; felicity: { action: string; certified: boolean; reason: string } };
    assert.equal(json.choices[0]!.message.tool_calls, undefined, 'the unreadable call went back to the client');
    assert.equal(json.choices[0]!.message.content, HONEST_REWRITE);
    assert.equal(json.felicity.action, 'rewritten');
    assert.match(json.felicity.reason, /not a JSON object/);
  } finally {
    await harness.close();
  }
});

/** An upstream that compresses every answer, whatever the request's accept-encoding said. */
async function compressingUpstream(encoding: string, compress: (bytes: Buffer) => Buffer) {
  const seen: (string | undefined)[] = [];
  const server = await startLoopbackServer((req, res, body) => {
    seen.push(req.headers['accept-encoding']);
    const stream = (JSON.parse(body.toString('utf8')) as { stream?: boolean }).stream === true;
    const plain = stream
      ? `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { role: 'assistant', content: CLEAN_REPLY }, finish_reason: null }] })}\n\n` +
        `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`
      : JSON.stringify({ id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: CLEAN_REPLY }, finish_reason: 'stop' }] });
    const bytes = compress(Buffer.from(plain));
    res.writeHead(200, { 'content-type': stream ? 'text/event-stream' : 'application/json', 'content-encoding': encoding, 'content-length': String(bytes.byteLength) });
    res.end(bytes);
  });
  return { url: `http://127.0.0.1:${server.port}/v1`, seen, close: server.close };
}

test('an upstream that compresses although asked for identity is decoded (gzip, deflate, br), streamed or not', async () => {
  for (const [encoding, compress] of [['gzip', zlib.gzipSync], ['deflate', zlib.deflateSync], ['br', zlib.brotliCompressSync]] as const) {
    const upstream = await compressingUpstream(encoding, (bytes) => compress(bytes));
    const proxy = await startGuardProxy({ ...DEFAULTS, toolCapabilities: {}, upstream: upstream.url, port: 0 });
    try {
      const client = new OpenAI({ baseURL: `${proxy.url}/v1`, apiKey: 'sk-test-0123456789', maxRetries: 0 });
      const { data, response } = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'capital of France?' }] }).withResponse();
      assert.equal(data.choices[0]!.message.content, CLEAN_REPLY, encoding);
      assert.equal(response.headers.get('content-encoding'), null);
      assert.equal(response.headers.get('x-felicity-verdict'), 'outcome=other; action=none; certified=true');
      const streamed = await client.chat.completions.create({ model: 'm', stream: true, messages: [{ role: 'user', content: 'capital of France?' }] });
      let content = '';
      for await (const chunk of streamed) content += chunk.choices[0]?.delta?.content ?? '';
      assert.equal(content, CLEAN_REPLY, `${encoding}, streamed`);
      assert.deepEqual(upstream.seen, ['identity', 'identity']);
    } finally {
      await proxy.close();
      await upstream.close();
    }
  }
});

test('an upstream encoding the guard cannot read is a 502, never its bytes passed on as if plain', async () => {
  const upstream = await compressingUpstream('x-unknown-squeeze', (bytes) => Buffer.from(bytes.toString('base64')));
  const proxy = await startGuardProxy({ ...DEFAULTS, toolCapabilities: {}, upstream: upstream.url, port: 0 });
  try {
    const response = await fetch(`${proxy.url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: ask('capital of France?') });
    assert.equal(response.status, 502);
    const body = (await response.json()) as { error: { code: string; message: string } };
    assert.equal(body.error.code, 'upstream_bad_encoding');
    assert.match(body.error.message, /x-unknown-squeeze/);
  } finally {
    await proxy.close();
    await upstream.close();
  }
});

test('a corrupt gzip body is a 502', async () => {
  const upstream = await compressingUpstream('gzip', (bytes) => zlib.gzipSync(bytes).subarray(0, 20));
  const proxy = await startGuardProxy({ ...DEFAULTS, toolCapabilities: {}, upstream: upstream.url, port: 0 });
  try {
    const response = await fetch(`${proxy.url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: ask('capital of France?') });
    assert.equal(response.status, 502);
    assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'upstream_bad_encoding');
  } finally {
    await proxy.close();
    await upstream.close();
  }
});

/** The same request on each API the proxy serves. */
const REQUESTS = [
  { path: '/chat/completions', body: ask('remind me tomorrow at 9') },
  { path: '/responses', body: JSON.stringify({ model: 'm', input: 'remind me tomorrow at 9' }) },
  { path: '/messages', body: JSON.stringify({ model: 'm', max_tokens: 64, messages: [{ role: 'user', content: 'remind me tomorrow at 9' }] }) },
];

for (const { path: route, body: requestBody } of REQUESTS) test(`${route}: every credential header the guard forwarded is redacted by value from a failed rewrite: reason, client body, audit log`, async () => {
  const secrets = { 'x-api-key': 'plainkeyvalue42', 'api-key': 'azure0f3a9b8c7d', authorization: 'Token opaquetoken991', 'x-goog-api-key': 'AIzaNotShaped77' };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-guard-'));
  const log = path.join(dir, 'audit.jsonl');
  // The app's call gets a false claim; the guard's rewrite call gets a 401 that echoes every header.
  const harness = await startHarness(
    (request) =>
      request.body.messages.length === 1 && text(request).includes('has drafted the reply')
        ? { kind: 'status', status: 401, body: JSON.stringify({ error: { message: `bad credentials: ${JSON.stringify(request.headers)}` } }) }
        : say.text("Done! I've set a reminder for 9am tomorrow."),
    { auditLog: log },
  );
  try {
    const response = await fetch(`${harness.base}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...secrets }, body: requestBody });
    const body = await response.text();
    assert.match(body, /the rewrite failed \(auth: /);
    for (const [name, value] of Object.entries(secrets)) {
      const token = value.split(' ').at(-1)!;
      assert.ok(!body.includes(token), `${name} is in the client's body: ${body}`);
    }
  } finally {
    await harness.close();
  }
  const audit = fs.readFileSync(log, 'utf8');
  assert.match(audit, /failed_open/);
  for (const value of Object.values(secrets)) assert.ok(!audit.includes(value.split(' ').at(-1)!), `in the audit log: ${audit}`);
  fs.rmSync(dir, { recursive: true, force: true });
});
