/**
 * The guard has its own deadline: a model (or a tool) that never answers, even one that ignores
 * the abort signal, cannot hold the reply back past `timeoutMs`. The guard then fails open (the
 * draft with its verdict) or closed (the safe reply), as asked, and says so.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatMessage } from '../core/types.ts';
import type { ChatModel } from '../llm/chat-model.ts';
import { reply, startScriptedServer } from '../llm/testing/scripted-chat-server.ts';
import { guardTurn } from './guard-turn.ts';
import { DEFAULT_SAFE_REPLY } from './safe-reply.ts';

const DRAFT = "Sure! I'll remind you about this tomorrow at 9am.";
const messages: ChatMessage[] = [
  { role: 'user', content: 'Remind me to pay rent tomorrow morning.' },
  { role: 'assistant', content: DRAFT },
];

/** A model that never answers and ignores its abort signal; it keeps the signals it was given. */
function silentModel(): ChatModel & { signals: (AbortSignal | undefined)[] } {
  const signals: (AbortSignal | undefined)[] = [];
  return {
    spec: 'silent',
    provider: 'openai-compatible',
    signals,
    complete: (_request, signal) => {
      signals.push(signal);
      return new Promise(() => {});
    },
    close: async () => {},
  };
}

test('a model that never answers and ignores the abort: the guard fails open at its deadline and says so', async () => {
  const model = silentModel();
  const result = await guardTurn({ deployment: 'C0', category: 'reminder', messages, model, policy: 'rewrite', timeoutMs: 50, signal: new AbortController().signal });
  assert.equal(result.reply, DRAFT);
  assert.equal(result.changed, false);
  assert.equal(result.timed_out, true);
  assert.deepEqual(result.fallback, { to: 'draft', cause: 'timeout' });
  assert.match(result.reason, /deadline of 50 ms/);
  // The call in flight was told to stop.
  assert.equal(model.signals[0]?.aborted, true);
});

test('failing closed at the deadline sends the safe reply', async () => {
  const result = await guardTurn({ deployment: 'C0', category: 'reminder', messages, model: silentModel(), policy: 'rewrite', timeoutMs: 50, fallback: 'safe_reply' });
  assert.equal(result.reply, DEFAULT_SAFE_REPLY);
  assert.equal(result.action, 'safe_reply');
  assert.equal(result.timed_out, true);
  assert.deepEqual(result.fallback, { to: 'safe_reply', cause: 'timeout' });
});

test('a model spec whose server never answers is bounded by the deadline, not by its retries', async () => {
  const server = await startScriptedServer(() => reply.hang());
  try {
    const result = await guardTurn({ deployment: 'C0', category: 'reminder', messages, model: `openai-compatible:${server.url}#m`, policy: 'rewrite', timeoutMs: 100 });
    assert.equal(result.timed_out, true);
    assert.equal(result.reply, DRAFT);
  } finally {
    await server.close();
  }
});

test('a tool runner that never returns is bounded too', async () => {
  let calls = 0;
  const model: ChatModel = {
    spec: 'caller',
    provider: 'openai-compatible',
    complete: async () => {
      calls++;
      return {
        ok: true, latency_ms: 0, attempts: 1, request_params: {}, finish_reason: 'tool_calls',
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        message: { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'create_reminder', arguments: '{}' } }] },
      };
    },
    close: async () => {},
  };
  const result = await guardTurn({
    deployment: 'C2', category: 'reminder', messages, model, policy: 'reanchor', timeoutMs: 50,
    runTool: () => new Promise<string>(() => {}),
  });
  assert.equal(calls, 1);
  assert.equal(result.timed_out, true);
  assert.equal(result.reply, DRAFT);
  assert.deepEqual(result.messages, messages, 'a call that never finished is not in the turn');
});

test('a guard that finishes in time reports no timeout', async () => {
  // A deadline far beyond the work (labelling one turn), so a loaded machine cannot miss it.
  const result = await guardTurn({ deployment: 'C0', category: 'reminder', messages, policy: 'annotate', timeoutMs: 600_000 });
  assert.equal(result.timed_out, false);
  assert.equal(result.fallback, undefined);
});
