/**
 * `POST /v1/messages` end to end over loopback: the real `@anthropic-ai/sdk` client's
 * `messages.create`, streamed and not, against the proxy in front of a scripted Messages upstream,
 * for every policy; its `x-api-key` and `anthropic-version` reach the upstream untouched.
 */
import Anthropic from '@anthropic-ai/sdk';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ON_FAIL_POLICIES, STREAM_MODES } from './config.ts';
import { agentModel, CLAIM_REPLY, CLEAN_REPLY, EMPTY_REPLY, LOOP_REPLY, PROMISE_REPLY, REMINDER_TOOL } from './testing/agent-model.ts';
import { startHarness, type Harness } from './testing/harness.ts';
import { assertHandled, assertReanchored, type SeenReply } from './testing/reply-assertions.ts';

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

for (const policy of ON_FAIL_POLICIES) {
  describe(`messages, --on-fail ${policy}`, () => {
    let harness: Harness;
    let client: Anthropic;
    before(async () => {
      harness = await startHarness(agentModel, { onFail: policy });
      client = new Anthropic({ baseURL: harness.proxy.url, apiKey: KEY, maxRetries: 0 });
    });
    after(() => harness.close());

    for (const stream of [false, true]) {
      const mode = stream ? 'streamed' : 'not streamed';
      test(`${mode}: a clean reply passes with its verdict, and the client's headers reach the upstream untouched`, async () => {
        const reply = await message(client, ask('CLEAN: what is the capital of France?'), stream);
        assert.equal(reply.text, CLEAN_REPLY);
        assert.equal(reply.verdict, 'outcome=other; action=none; certified=true');
        const sent = harness.upstream.requests.at(-1)!;
        assert.equal(sent.api, 'messages');
        // This client sends its key as a bearer token; a raw x-api-key is checked below.
        assert.equal(sent.headers.authorization, `Bearer ${KEY}`);
        assert.match(String(sent.headers['anthropic-version']), /^\d{4}-\d{2}-\d{2}$/);
      });

      test(`${mode}: a false claim is handled by ${policy}`, async () => {
        const reply = await message(client, ask('CLAIM: remind me tomorrow at 9 to pay rent'), stream);
        if (policy === 'reanchor') assertReanchored(seen(reply), 'false_claim');
        else assertHandled(policy, seen(reply), CLAIM_REPLY, 'false_claim');
        // Streamed, the verdict rides on message_delta whenever the stream is annotated or replaced.
        assert.ok(reply.felicity?.spans.some((s) => s.failure_types.includes('false_claim') && s.span !== '' && s.why !== ''), JSON.stringify(reply.felicity));
      });

      test(`${mode}: an empty promise is handled by ${policy}`, async () => {
        const reply = await message(client, ask('EMPTY: email me the report tonight'), stream);
        assertHandled(policy, seen(reply), EMPTY_REPLY, 'empty');
      });

      test(`${mode}: an unanchored promise is handled by ${policy}`, async () => {
        const reply = await message(client, ask('PROMISE: remind me tomorrow at 9 to pay rent'), stream);
        if (policy === 'reanchor') assertReanchored(seen(reply), 'unanchored');
        else assertHandled(policy, seen(reply), PROMISE_REPLY, 'unanchored');
      });

      test(`${mode}: tool_use out, tool_result in: the call step passes and the text step is judged`, async () => {
        const first = await message(client, ask('LOOP: remind me tomorrow at 9 to pay rent'), stream);
        assert.deepEqual(first.calls.map((c) => c.name), ['create_reminder']);
        assert.match(first.verdict!, /action=skipped/);
        const messages: Param[] = [
          ...ask('LOOP: remind me tomorrow at 9 to pay rent'),
          { role: 'assistant', content: [{ type: 'tool_use', id: first.calls[0]!.id, name: 'create_reminder', input: first.calls[0]!.input }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: first.calls[0]!.id, content: '{"status":"created"}' }] },
        ];
        const second = await message(client, messages, stream);
        assert.equal(second.text, LOOP_REPLY);
        assert.match(second.verdict!, /^outcome=(anchored|done_now); action=none; certified=true$/);
      });
    }
  });
}

describe('messages: byte for byte, errors', () => {
  for (const stream of STREAM_MODES) {
    test(`--stream ${stream}: a clean message's body is the upstream's body, streamed or not`, async () => {
      const harness = await startHarness(agentModel, { stream });
      try {
        for (const streamed of [false, true]) {
          const body = JSON.stringify({ model: 'claude-test', max_tokens: 64, messages: ask('CLEAN: capital of France?'), tools: TOOLS, stream: streamed });
          const post = (base: string) => fetch(`${base}/messages`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': KEY, 'anthropic-version': '2023-06-01' }, body });
          const direct = Buffer.from(await (await post(harness.upstream.url)).arrayBuffer()).toString('utf8');
          const proxied = Buffer.from(await (await post(harness.base)).arrayBuffer()).toString('utf8');
          const sent = harness.upstream.requests.at(-1)!;
          assert.equal(sent.headers['x-api-key'], KEY);
          assert.equal(sent.headers['anthropic-version'], '2023-06-01');
          if (streamed && stream === 'audit') {
            assert.match(proxied, /\n\n: felicity \{.*"action":"none".*\}\n\n$/);
            assert.equal(proxied.replace(/: felicity .*\n\n/, ''), direct);
          } else assert.equal(proxied, direct, `${streamed ? 'streamed' : 'plain'} body differs`);
        }
      } finally {
        await harness.close();
      }
    });
  }

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
