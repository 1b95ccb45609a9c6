import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createChatModel } from '../../llm/create-chat-model.ts';
import { recordingClock } from '../../llm/testing/recording-clock.ts';
import { reply, startScriptedServer, type Script } from '../../llm/testing/scripted-chat-server.ts';
import type { ChatModel } from '../../llm/chat-model.ts';
import { SCHEMAS } from './schemas.ts';
import { askForJson } from './structured-output.ts';

const VALID = { commitments: [] };

async function withModel(script: Script, run: (model: ChatModel, server: Awaited<ReturnType<typeof startScriptedServer>>) => Promise<void>): Promise<void> {
  const server = await startScriptedServer(script);
  try {
    const model = await createChatModel(`openai-compatible:${server.url}#judge`, { env: {}, clock: recordingClock(), retry: { baseDelayMs: 1 } });
    await run(model, server);
  } finally {
    await server.close();
  }
}

const ask = (model: ChatModel) => askForJson(model, { system: 'Find the promises.', user: '### user_message\n"hi"', schema: SCHEMAS.detector });

test('a valid answer comes back validated, asked for with the zod schema as response_format json_schema', async () => {
  await withModel([reply.text(JSON.stringify(VALID))], async (model, server) => {
    const result = await ask(model);
    assert.deepEqual(result, { ok: true, value: VALID, usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 }, calls: 1, mode: 'json_schema' });
    const body = server.requests[0]!.body;
    assert.deepEqual(body.response_format, { type: 'json_schema', json_schema: { name: 'commitments', schema: SCHEMAS.detector.json, strict: true } });
    assert.equal(body.messages[0]!.content, 'Find the promises.', 'with server-side constraints the prompt carries no schema');
  });
});

test('invalid JSON is shown its error once and the repaired answer is used', async () => {
  await withModel([reply.text('{"commitments": ['), reply.text(JSON.stringify(VALID))], async (model, server) => {
    const result = await ask(model);
    assert.equal(result.ok, true);
    assert.equal(result.calls, 2);
    const repair = server.requests[1]!.body.messages;
    assert.deepEqual(repair.slice(-2, -1), [{ role: 'assistant', content: '{"commitments": [' }]);
    assert.match(String(repair.at(-1)!.content), /not valid JSON/);
  });
});

test('an answer that still breaks the schema after the repair is a failed judgment, not a default', async () => {
  const bad = JSON.stringify({ commitments: [{ span: 'I will call', performer: 'robot' }] });
  await withModel([reply.text(bad), reply.text(bad), reply.text(JSON.stringify(VALID))], async (model, server) => {
    const result = await ask(model);
    assert.equal(result.ok, false);
    if (result.ok) return;
    assert.equal(result.failure.reason, 'schema_violation');
    assert.match(result.failure.message, /commitments\.0\.performer/);
    assert.equal(result.failure.raw, bad);
    assert.equal(server.count(), 2, 'one repair, no more');
  });
});

test('a server that rejects json_schema is asked in JSON mode with the schema in the prompt, and remembered', async () => {
  const rejects: Script = (request) =>
    (request.body.response_format as { type?: string } | undefined)?.type === 'json_schema'
      ? reply.status(400, "response_format type 'json_schema' is not supported by this server")
      : reply.text(JSON.stringify(VALID));
  await withModel(rejects, async (model, server) => {
    const first = await ask(model);
    assert.equal(first.ok, true);
    assert.equal(first.mode, 'json_object');
    assert.equal(server.count(), 2);
    const fallback = server.requests[1]!.body;
    assert.deepEqual(fallback.response_format, { type: 'json_object' });
    assert.match(String(fallback.messages[0]!.content), /JSON Schema:\n\{"type":"object"/);
    const second = await ask(model);
    assert.equal(second.calls, 1, 'the next judgment starts in JSON mode');
    assert.equal(server.count(), 3);
  });
});

test('a 400 about something else is a failed judgment, with no format fallback', async () => {
  await withModel([reply.status(400, 'context length exceeded')], async (model, server) => {
    const result = await ask(model);
    assert.equal(result.ok, false);
    if (!result.ok) assert.equal(result.failure.reason, 'model_error');
    assert.equal(server.count(), 1);
  });
});

test('transport failures are retried by the llm layer, not here: one judgment call, two requests', async () => {
  await withModel([reply.status(503, 'overloaded'), reply.text(JSON.stringify(VALID))], async (model, server) => {
    const result = await ask(model);
    assert.equal(result.ok, true);
    assert.equal(result.calls, 1);
    assert.equal(server.count(), 2);
  });
});

test('fenced and reasoning-wrapped JSON is read', async () => {
  await withModel([reply.text(`<think>hmm</think>\n\`\`\`json\n${JSON.stringify(VALID)}\n\`\`\``)], async (model) => {
    assert.equal((await ask(model)).ok, true);
  });
});
