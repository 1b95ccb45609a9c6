/**
 * `POST /v1/messages` end to end over loopback: the real `@anthropic-ai/sdk` client's
 * `messages.create`, streamed and not, against the proxy in front of a scripted Messages upstream,
 * for every policy; its `x-api-key` and `anthropic-version` reach the upstream untouched.
 */
import Anthropic from '@anthropic-ai/sdk';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { agentModel, REMINDER_TOOL } from './testing/agent-model.ts';
import { startHarness } from './testing/harness.ts';
import { cleanBodyTests } from './testing/clean-body.ts';
import { policySuites } from './testing/policy-suite.ts';
import type { SeenReply } from './testing/reply-assertions.ts';

const KEY = 'sk-ant-test-0123456789abcdef';
const TOOLS: Anthropic.Messages.Tool[] = [{ name: REMINDER_TOOL.function.name, description: REMINDER_TOOL.function.description, input_schema: REMINDER_TOOL.function.parameters as unknown as Anthropic.Messages.Tool.InputSchema }];
type Param = Anthropic.Messages.MessageParam;

interface Reply {
  text: string;
  calls: { id: string; name: string; input: unknown }[];
  verdict: string | null;
  felicity: { action: string; outcome: string | null; spans: { span: string; failure_types: string[]; why: string }[] } | undefined;
}

/** The reply as the policy assertions read it. */
const seen = (reply: Reply): SeenReply => ({ ...reply, calls: reply.calls.map((c) => ({ name: c.name, input: c.input })) });

export async function message(client: Anthropic, messages: Param[], stream: boolean): Promise<Reply> {
  if (!stream) {
    const { data, response } = await client.messages.create({ model: 'claude-test', max_tokens: 256, messages, tools: TOOLS }).withResponse();
    return {
      text: data.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join(''),
      calls: data.content.flatMap((b) => (b.type === 'tool_use' ? [{ id: b.id, name: b.name, input: b.input }] : [])),
      verdict: response.headers.get('x-felicity-verdict'),
      felicity: (data as unknown as { felicity?: Reply['felicity'] }).felicity,
    };
  }
  const { data, response } = await client.messages.create({ model: 'claude-test', max_tokens: 256, messages, tools: TOOLS, stream: true }).withResponse();
  let text = '';
  const calls: Reply['calls'] = [];
  const partial = new Map<number, { id: string; name: string; json: string }>();
  let felicity: Reply['felicity'];
  for await (const event of data) {
    if (event.type === 'message_delta') felicity = (event as unknown as { felicity?: Reply['felicity'] }).felicity;
    if (event.type === 'content_block_start' && event.content_block.type === 'tool_use') partial.set(event.index, { id: event.content_block.id, name: event.content_block.name, json: '' });
    if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') text += event.delta.text;
    if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta') partial.get(event.index)!.json += event.delta.partial_json;
  }
  for (const call of partial.values()) calls.push({ id: call.id, name: call.name, input: JSON.parse(call.json || '{}') });
  return { text, calls, verdict: response.headers.get('x-felicity-verdict'), felicity };
}

const ask = (text: string): Param[] => [{ role: 'user', content: text }];

policySuites<Anthropic, Reply>({
  name: 'messages',
  client: (harness) => new Anthropic({ baseURL: harness.proxy.url, apiKey: KEY, maxRetries: 0 }),
  send(client, user, stream, first) {
    if (first === undefined) return message(client, ask(user), stream);
    const call = first.calls[0]!;
    return message(client, [
      ...ask(user),
      { role: 'assistant', content: [{ type: 'tool_use', id: call.id, name: 'create_reminder', input: call.input }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: '{"status":"created"}' }] },
    ], stream);
  },
  seen,
  noText: '',
  clean(_reply, harness) {
    const sent = harness.upstream.requests.at(-1)!;
    assert.equal(sent.api, 'messages');
    // This client sends its key as a bearer token; a raw x-api-key is checked below.
    assert.equal(sent.headers.authorization, `Bearer ${KEY}`);
    assert.match(String(sent.headers['anthropic-version']), /^\d{4}-\d{2}-\d{2}$/);
  },
  claim(reply) {
    // Streamed, the verdict rides on message_delta whenever the stream is annotated or replaced.
    assert.ok(reply.felicity?.spans.some((s) => s.failure_types.includes('false_claim') && s.span !== '' && s.why !== ''), JSON.stringify(reply.felicity));
  },
});

describe('messages: byte for byte, errors', () => {
  cleanBodyTests({
    path: '/messages',
    body: (stream) => JSON.stringify({ model: 'claude-test', max_tokens: 64, messages: ask('CLEAN: capital of France?'), tools: TOOLS, stream }),
    headers: { 'x-api-key': KEY, 'anthropic-version': '2023-06-01' },
    auditedEnd: /\n\n: felicity \{.*"action":"none".*\}\n\n$/,
    sent(request) {
      assert.equal(request.headers['x-api-key'], KEY);
      assert.equal(request.headers['anthropic-version'], '2023-06-01');
    },
  });

  test('a bad request is a 400 in Anthropic\'s error shape, which the client reads', async () => {
    const harness = await startHarness(agentModel);
    try {
      const client = new Anthropic({ baseURL: harness.proxy.url, apiKey: KEY, maxRetries: 0 });
      await assert.rejects(client.messages.create({ model: 'claude-test', max_tokens: 10, messages: [{ role: 'robot' as 'user', content: 'x' }] }), (error: unknown) => {
        assert.ok(error instanceof Anthropic.BadRequestError);
        assert.match(error.message, /messages\[0\]\.role: expected user or assistant/);
        return true;
      });
      assert.equal(harness.upstream.requests.length, 0);
    } finally {
      await harness.close();
    }
  });
});
