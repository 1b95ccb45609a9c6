import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { createChatModel } from '../llm/create-chat-model.ts';
import { reply, startScriptedServer } from '../llm/testing/scripted-chat-server.ts';
import { EndpointUnreachableError, checkEndpoint, firstCallChecked } from './endpoint-check.ts';
import type { ChatModel, ChatResult } from '../llm/chat-model.ts';
import type { ModelError } from '../llm/model-error.ts';

const FAST = { retry: { baseDelayMs: 1, maxRetries: 1 }, timeoutMs: 5_000, env: {} };

/** A port nothing listens on: bound, then closed again. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

test('a server that answers passes with one request', async () => {
  const server = await startScriptedServer([reply.text('OK')]);
  try {
    await checkEndpoint(await createChatModel(`openai-compatible:${server.url}#m`, FAST));
    assert.equal(server.count(), 1);
  } finally {
    await server.close();
  }
});

test('a server that is down fails with the model, the reason and what to check', async () => {
  const model = await createChatModel(`openai-compatible:http://127.0.0.1:${await closedPort()}/v1#m`, FAST);
  await assert.rejects(
    checkEndpoint(model),
    (e: unknown) => EndpointUnreachableError.isInstance(e) && e.code === 'ENDPOINT_UNREACHABLE' && e.error.kind === 'network' && /is the server running/.test(e.message),
  );
});

test('a rejected key or an unknown model fails; a server refusing the one-token cap does not', async () => {
  for (const [status, pattern] of [[401, /API key/], [404, /model name/]] as const) {
    const server = await startScriptedServer([reply.status(status, 'no')]);
    try {
      await assert.rejects(checkEndpoint(await createChatModel(`openai-compatible:${server.url}#m`, FAST)), pattern);
    } finally {
      await server.close();
    }
  }
  const picky = await startScriptedServer([reply.status(400, 'max_tokens must be at least 16')]);
  try {
    await checkEndpoint(await createChatModel(`openai-compatible:${picky.url}#m`, FAST));
  } finally {
    await picky.close();
  }
});

/** A model whose calls answer from `answers` in order, each once the test releases it; it counts the calls. */
function heldModel(answers: (ModelError | 'ok')[]) {
  const releases: (() => void)[] = [];
  let calls = 0;
  const model: ChatModel = {
    spec: 'openai-compatible:http://judge.test/v1#j',
    provider: 'openai-compatible',
    complete: async () => {
      const answer = answers[calls++] ?? 'ok';
      await new Promise<void>((resolve) => releases.push(resolve));
      const facts = { latency_ms: 1, attempts: 1, request_params: {} };
      return (answer === 'ok' ? { ok: true, message: { role: 'assistant', content: '{}' }, usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 }, finish_reason: 'stop', ...facts } : { ok: false, error: answer, ...facts }) as ChatResult;
    },
    close: async () => {},
  };
  return { model, calls: () => calls, release: () => releases.shift()?.() };
}

const REQUEST = { messages: [{ role: 'user' as const, content: 'judge this' }] };
const DOWN: ModelError = { kind: 'network', status: null, message: 'connect ECONNREFUSED', attempts: 5 };
const turnOfEvents = () => new Promise((resolve) => setImmediate(resolve));

test('a judge whose first call finds it down: that call and every call waiting on it fail with one EndpointUnreachableError, and nothing more is sent', async () => {
  const held = heldModel([DOWN]);
  const judge = firstCallChecked(held.model);
  const calls = [judge.complete(REQUEST), judge.complete(REQUEST), judge.complete(REQUEST)];
  await turnOfEvents();
  assert.equal(held.calls(), 1, 'the others wait for the first');
  held.release();
  const settled = await Promise.allSettled(calls);
  for (const result of settled) {
    assert.equal(result.status, 'rejected');
    assert.ok(EndpointUnreachableError.isInstance(result.reason) && /is not usable as a judge \(its first call failed\): network.*is the server running/.test(result.reason.message), String(result.status === 'rejected' && result.reason));
  }
  assert.equal(held.calls(), 1);
  await assert.rejects(judge.complete(REQUEST), EndpointUnreachableError);
  assert.equal(held.calls(), 1, 'a later call is refused without a request');
});

test('a judge whose first call answers lets the waiting calls go, and then every call goes at once', async () => {
  const held = heldModel(['ok', 'ok', 'ok']);
  const judge = firstCallChecked(held.model);
  const calls = [judge.complete(REQUEST), judge.complete(REQUEST), judge.complete(REQUEST)];
  await turnOfEvents();
  assert.equal(held.calls(), 1);
  held.release();
  await turnOfEvents();
  assert.equal(held.calls(), 3, 'the waiting calls are sent together once the first has answered');
  held.release();
  held.release();
  assert.ok((await Promise.all(calls)).every((r) => r.ok));
});

test('a first call that fails in a way later calls may not (a 500 after retries) is returned as it is, and the rest go on', async () => {
  const held = heldModel([{ kind: 'server', status: 500, message: 'oops', attempts: 5 }, 'ok']);
  const judge = firstCallChecked(held.model);
  const calls = [judge.complete(REQUEST), judge.complete(REQUEST)];
  await turnOfEvents();
  held.release();
  await turnOfEvents();
  held.release();
  const [first, second] = await Promise.all(calls);
  assert.equal(first!.ok, false);
  assert.equal(second!.ok, true);
});
