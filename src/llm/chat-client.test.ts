import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createChatModel } from './create-chat-model.ts';
import type { ChatModel, ChatResult } from './chat-model.ts';
import { reply, startScriptedServer, type Script } from './testing/scripted-chat-server.ts';
import { recordingClock } from './testing/recording-clock.ts';
import { parseCompletion, readBoundedText } from './read-completion.ts';

const USER = [{ role: 'user' as const, content: 'Remind me to pay rent tomorrow.' }];

async function withServer(
  script: Script,
  run: (model: ChatModel, server: Awaited<ReturnType<typeof startScriptedServer>>, clock: ReturnType<typeof recordingClock>) => Promise<void>,
  options: { timeoutMs?: number; maxRetries?: number; env?: Record<string, string>; clock?: ReturnType<typeof recordingClock> } = {},
): Promise<void> {
  const server = await startScriptedServer(script);
  const clock = options.clock ?? recordingClock();
  try {
    const model = await createChatModel(`openai-compatible:${server.url}#test-model`, {
      clock,
      timeoutMs: options.timeoutMs ?? 5_000,
      retry: { baseDelayMs: 1, maxRetries: options.maxRetries ?? 3 },
      env: options.env ?? {},
    });
    await run(model, server, clock);
  } finally {
    await server.close();
  }
}

function failed(result: ChatResult): Extract<ChatResult, { ok: false }> {
  assert.equal(result.ok, false, `expected a failure, got ${JSON.stringify(result)}`);
  return result as Extract<ChatResult, { ok: false }>;
}

function succeeded(result: ChatResult): Extract<ChatResult, { ok: true }> {
  assert.equal(result.ok, true, `expected success, got ${JSON.stringify(result)}`);
  return result as Extract<ChatResult, { ok: true }>;
}

test('a completion comes back with message, usage, finish reason and the exact request params', async () => {
  await withServer([reply.text('Sure.', { prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 })], async (model, server) => {
    const result = succeeded(await model.complete({ messages: USER, params: { temperature: 0.7, max_tokens: 64, seed: 3, thinking: false } }));
    assert.deepEqual(result.message, { role: 'assistant', content: 'Sure.' });
    assert.deepEqual(result.usage, { prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 });
    assert.equal(result.finish_reason, 'stop');
    assert.equal(result.attempts, 1);
    const expected = { model: 'test-model', temperature: 0.7, max_tokens: 64, seed: 3, chat_template_kwargs: { enable_thinking: false } };
    assert.deepEqual(result.request_params, expected);
    // What was recorded is what was sent.
    const { messages, ...sent } = server.requests[0]!.body;
    assert.deepEqual(sent, expected);
    assert.deepEqual(messages, USER);
  });
});

test('tool calls are narrowed to function calls; missing ids are filled in', async () => {
  const body = JSON.stringify({
    choices: [
      {
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [
            { type: 'function', function: { name: 'create_reminder', arguments: '{"message":"rent"}' } },
            { type: 'custom', custom: { name: 'x', input: '' } },
            { id: 'c2', type: 'function', function: { name: 'clock', arguments: {} } },
          ],
        },
        finish_reason: 'tool_calls',
      },
    ],
  });
  await withServer([reply.raw(200, body)], async (model) => {
    const result = succeeded(await model.complete({ messages: USER }));
    assert.deepEqual(result.message.tool_calls, [
      { id: 'call_1', type: 'function', function: { name: 'create_reminder', arguments: '{"message":"rent"}' } },
      { id: 'c2', type: 'function', function: { name: 'clock', arguments: '{}' } },
    ]);
    assert.deepEqual(result.usage, { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 });
  });
});

test('429 with Retry-After (seconds) waits exactly that long, then succeeds', async () => {
  const script = [reply.status(429, 'slow down', { 'retry-after': '2' }), reply.text('ok')];
  await withServer(script, async (model, server, clock) => {
    const result = succeeded(await model.complete({ messages: USER }));
    assert.equal(result.message.content, 'ok');
    assert.equal(result.attempts, 2);
    assert.deepEqual(clock.sleeps, [2000]);
    assert.equal(server.count(), 2);
  });
});

test('Retry-After as an HTTP date is honoured and capped', async () => {
  const clock = recordingClock();
  const inAnHour = new Date(clock.now() + 3_600_000).toUTCString();
  const script = [reply.status(429, 'later', { 'retry-after': inAnHour }), reply.text('ok')];
  await withServer(script, async (model, _server, sleeps) => {
    succeeded(await model.complete({ messages: USER }));
    assert.equal(sleeps.sleeps.length, 1);
    assert.equal(sleeps.sleeps[0], 60_000, 'an hour is cut to the 60 s cap');
  });
});

test('500 then success: one retry with jittered backoff', async () => {
  await withServer([reply.status(500, 'boom'), reply.text('fine')], async (model, _server, clock) => {
    const result = succeeded(await model.complete({ messages: USER }));
    assert.equal(result.message.content, 'fine');
    assert.equal(result.attempts, 2);
    assert.equal(clock.sleeps.length, 1);
    assert.ok(clock.sleeps[0]! >= 0 && clock.sleeps[0]! < 1, 'full jitter below the 1 ms base');
  });
});

test('persistent 503 becomes a server error after all retries, returned as data', async () => {
  await withServer(() => reply.status(503, 'overloaded'), async (model, server) => {
    const error = failed(await model.complete({ messages: USER })).error;
    assert.deepEqual({ kind: error.kind, status: error.status, attempts: error.attempts }, { kind: 'server', status: 503, attempts: 4 });
    assert.match(error.message, /overloaded/);
    assert.equal(server.count(), 4);
  });
});

test('auth and bad-request errors are not retried; keys never appear in messages', async () => {
  const key = 'sk-test-SECRET0123456789';
  await withServer(
    [reply.status(401, `Incorrect API key provided: ${key}`), reply.status(400, 'bad tools')],
    async (model, server) => {
      const auth = failed(await model.complete({ messages: USER })).error;
      assert.equal(auth.kind, 'auth');
      assert.equal(auth.attempts, 1);
      assert.ok(!auth.message.includes(key) && !auth.message.includes('SECRET'), auth.message);
      assert.equal(server.requests[0]!.headers['authorization'], `Bearer ${key}`);
      const bad = failed(await model.complete({ messages: USER })).error;
      assert.deepEqual({ kind: bad.kind, status: bad.status, attempts: bad.attempts }, { kind: 'bad_request', status: 400, attempts: 1 });
    },
    { env: { OPENAI_COMPATIBLE_API_KEY: key } },
  );
});

test('a server that hangs times out and the retry succeeds', async () => {
  // The first call's deadline passes once the server holds the request and hangs; the retry's
  // never does, however long a loaded machine takes to answer it.
  const deadlines: (() => void)[] = [];
  const clock = { ...recordingClock(), deadline: (_ms: number, onTimeout: () => void) => (deadlines.push(onTimeout), () => {}) };
  const script = (_request: unknown, index: number) => {
    if (index > 0) return reply.text('late but here');
    deadlines[0]!();
    return reply.hang();
  };
  await withServer(script, async (model) => {
    const result = succeeded(await model.complete({ messages: USER }));
    assert.equal(result.message.content, 'late but here');
    assert.equal(result.attempts, 2);
    assert.equal(deadlines.length, 2, 'a deadline per call');
  }, { clock });
});

test('a server that always hangs gives a timeout error', async () => {
  await withServer(() => reply.hang(), async (model) => {
    const error = failed(await model.complete({ messages: USER })).error;
    assert.deepEqual({ kind: error.kind, status: error.status, attempts: error.attempts }, { kind: 'timeout', status: null, attempts: 2 });
  }, { timeoutMs: 30, maxRetries: 1 });
});

test('a body cut off mid-stream is a retryable bad_response', async () => {
  const full = JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'whole' }, finish_reason: 'stop' }] });
  await withServer([reply.truncate(full, 20), reply.truncate(full, 20)], async (model) => {
    const error = failed(await model.complete({ messages: USER })).error;
    assert.deepEqual({ kind: error.kind, status: error.status, attempts: error.attempts }, { kind: 'bad_response', status: 200, attempts: 2 });
  }, { maxRetries: 1 });
});

test('cut JSON (complete body) and non-JSON bodies are bad_response; a retry recovers', async () => {
  const script = [reply.raw(200, '{"choices":[{"mess'), reply.raw(200, '<html>502 Bad Gateway</html>', 'text/html'), reply.text('ok')];
  await withServer(script, async (model, server) => {
    const result = succeeded(await model.complete({ messages: USER }));
    assert.equal(result.attempts, 3);
    assert.equal(server.count(), 3);
  });
  await withServer([reply.raw(200, '<html>oops</html>', 'text/html')], async (model) => {
    const error = failed(await model.complete({ messages: USER })).error;
    assert.equal(error.kind, 'bad_response');
    assert.match(error.message, /not JSON/);
  }, { maxRetries: 0 });
});

test('a JSON body without choices is a bad_response', async () => {
  await withServer([reply.raw(200, '{"error":{"message":"model not loaded"}}')], async (model) => {
    const error = failed(await model.complete({ messages: USER })).error;
    assert.equal(error.kind, 'bad_response');
    assert.match(error.message, /choices/);
  }, { maxRetries: 0 });
});

test('a refused connection is a network error', async () => {
  const server = await startScriptedServer([]);
  const url = server.url;
  await server.close();
  const model = await createChatModel(`openai-compatible:${url}#m`, { clock: recordingClock(), retry: { maxRetries: 1, baseDelayMs: 1 }, env: {} });
  const result = await model.complete({ messages: USER });
  assert.equal(result.ok, false);
  if (!result.ok) assert.deepEqual({ kind: result.error.kind, attempts: result.error.attempts }, { kind: 'network', attempts: 2 });
  // The message names where it tried, so a wrong or dead URL is plain.
  if (!result.ok) assert.ok(result.error.message.includes(`cannot reach ${url}`), result.error.message);
});


test('a caller abort ends the call as aborted, without retries', async () => {
  await withServer(() => reply.hang(), async (model) => {
    const controller = new AbortController();
    const pending = model.complete({ messages: USER }, controller.signal);
    setImmediate(() => controller.abort());
    const error = failed(await pending).error;
    assert.deepEqual({ kind: error.kind, attempts: error.attempts }, { kind: 'aborted', attempts: 1 });
  });
});

test('ollama: think:false and max_tokens; openai: max_completion_tokens and a required key', async () => {
  const server = await startScriptedServer(() => reply.text('hi'));
  try {
    const ollama = await createChatModel('ollama:llama3.1:8b', { env: { OLLAMA_BASE_URL: server.url } });
    const result = succeeded(await ollama.complete({ messages: USER, params: { thinking: false, max_tokens: 10 } }));
    assert.deepEqual(result.request_params, { model: 'llama3.1:8b', max_tokens: 10, think: false });
    assert.equal(server.requests[0]!.body.model, 'llama3.1:8b');

    await assert.rejects(createChatModel('openai:gpt-4.1-mini', { env: {} }), /OPENAI_API_KEY/);
    const openai = await createChatModel('openai:gpt-4.1-mini', { env: { OPENAI_API_KEY: 'sk-x', OPENAI_BASE_URL: server.url } });
    const sent = succeeded(await openai.complete({ messages: USER, params: { temperature: 0, max_tokens: 5, thinking: false } }));
    assert.deepEqual(sent.request_params, { model: 'gpt-4.1-mini', temperature: 0, max_completion_tokens: 5 });
  } finally {
    await server.close();
  }
});

test('response bodies are bounded: a declared length over the cap, or a longer unframed stream, is a bad_response', async () => {
  const server = await startScriptedServer([reply.text('x'.repeat(500))]);
  try {
    const model = await createChatModel(`openai-compatible:${server.url}#m`, { env: {}, maxResponseBytes: 200, retry: { maxRetries: 0 } });
    const error = failed(await model.complete({ messages: USER })).error;
    assert.equal(error.kind, 'bad_response');
    assert.match(error.message, /exceeds 200/);
  } finally {
    await server.close();
  }
  const chunks = ['{"choices":', '[{"message":{"role":"assistant","content":"', 'y'.repeat(300), '"}}]}'];
  const stream = () => new Response(new ReadableStream({ start(c) { for (const t of chunks) c.enqueue(new TextEncoder().encode(t)); c.close(); } }));
  await assert.rejects(readBoundedText(stream(), 200), /exceeds 200 bytes/);
  assert.equal(parseCompletion(await readBoundedText(stream(), 10_000)).message.content, 'y'.repeat(300));
});
