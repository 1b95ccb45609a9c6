/**
 * `POST /v1/responses` end to end over loopback: the real `openai` client's `responses.create`,
 * streamed and not, against the proxy in front of a scripted Responses upstream, for every policy.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import OpenAI from 'openai';
import { DEFAULTS, ON_FAIL_POLICIES, STREAM_MODES } from './config.ts';
import { createGuardApp, createGuardContext } from './server.ts';
import { agentModel, CLAIM_REPLY, CLEAN_REPLY, EMPTY_REPLY, HONEST_REWRITE, LOOP_REPLY, PROMISE_REPLY, REMINDER_TOOL } from './testing/agent-model.ts';
import { startHarness, type Harness } from './testing/harness.ts';
import { assertHandled, assertReanchored, type SeenReply } from './testing/reply-assertions.ts';
import { say } from './testing/scripted-upstream.ts';

const KEY = 'sk-test-0123456789abcdef';
const TOOLS = [{ type: 'function' as const, name: REMINDER_TOOL.function.name, description: REMINDER_TOOL.function.description, parameters: REMINDER_TOOL.function.parameters as unknown as Record<string, unknown>, strict: false }];
type Input = OpenAI.Responses.ResponseInput;

interface Reply {
  text: string;
  calls: { name: string; arguments: string; call_id: string }[];
  verdict: string | null;
  felicity: { action: string; outcome: string | null; certified: boolean; spans: { span: string; failure_types: string[] }[]; usage?: unknown; history?: string } | undefined;
}

/** The reply as the policy assertions read it. */
const seen = (reply: Reply): SeenReply => ({ ...reply, calls: reply.calls.map((c) => ({ name: c.name, input: JSON.parse(c.arguments) as unknown })) });

export async function respond(client: OpenAI, input: string | Input, stream: boolean, extra: Record<string, unknown> = {}): Promise<Reply> {
  if (!stream) {
    const { data, response } = await client.responses.create({ model: 'm', input, tools: TOOLS, ...extra }).withResponse();
    const calls = data.output.flatMap((item) => (item.type === 'function_call' ? [{ name: item.name, arguments: item.arguments, call_id: item.call_id }] : []));
    return { text: data.output_text, calls, verdict: response.headers.get('x-felicity-verdict'), felicity: (data as unknown as { felicity?: Reply['felicity'] }).felicity };
  }
  const { data, response } = await client.responses.create({ model: 'm', input, tools: TOOLS, stream: true, ...extra }).withResponse();
  let text = '';
  const calls: Reply['calls'] = [];
  let felicity: Reply['felicity'];
  for await (const event of data) {
    if (event.type === 'response.output_text.delta') text += event.delta;
    if (event.type === 'response.output_item.done' && event.item.type === 'function_call') calls.push({ name: event.item.name, arguments: event.item.arguments, call_id: event.item.call_id });
    if (event.type === 'response.completed') felicity = (event.response as unknown as { felicity?: Reply['felicity'] }).felicity;
  }
  return { text, calls, verdict: response.headers.get('x-felicity-verdict'), felicity };
}

const ask = (keyword: string) => `${keyword}: remind me tomorrow at 9 to pay rent`;

for (const policy of ON_FAIL_POLICIES) {
  describe(`responses, --on-fail ${policy}`, () => {
    let harness: Harness;
    let client: OpenAI;
    before(async () => {
      harness = await startHarness(agentModel, { onFail: policy });
      client = new OpenAI({ baseURL: harness.base, apiKey: KEY, maxRetries: 0 });
    });
    after(() => harness.close());

    for (const stream of [false, true]) {
      const mode = stream ? 'streamed' : 'not streamed';
      test(`${mode}: a clean reply passes with its verdict`, async () => {
        const reply = await respond(client, 'CLEAN: what is the capital of France?', stream);
        assert.equal(reply.text, CLEAN_REPLY);
        assert.equal(reply.verdict, 'outcome=other; action=none; certified=true');
      });

      test(`${mode}: a false claim is handled by ${policy}`, async () => {
        const reply = await respond(client, ask('CLAIM'), stream);
        if (policy === 'reanchor') assertReanchored(seen(reply), 'false_claim');
        else assertHandled(policy, seen(reply), CLAIM_REPLY, 'false_claim');
        if (!stream || policy === 'annotate') {
          assert.ok(reply.felicity, 'the verdict is in the response (streamed: on response.completed)');
          assert.ok(reply.felicity!.spans.some((s) => s.failure_types.includes('false_claim') && s.span !== ''), JSON.stringify(reply.felicity!.spans));
        }
      });

      test(`${mode}: an empty promise is handled by ${policy}`, async () => {
        const reply = await respond(client, 'EMPTY: email me the report tonight', stream);
        assertHandled(policy, seen(reply), EMPTY_REPLY, 'empty');
      });

      test(`${mode}: an unanchored promise is handled by ${policy}`, async () => {
        const reply = await respond(client, ask('PROMISE'), stream);
        if (policy === 'reanchor') assertReanchored(seen(reply), 'unanchored');
        else assertHandled(policy, seen(reply), PROMISE_REPLY, 'unanchored');
      });

      test(`${mode}: tool calls out, results in: the call step passes and the text step is judged`, async () => {
        const first = await respond(client, ask('LOOP'), stream);
        assert.deepEqual(first.calls.map((c) => c.name), ['create_reminder']);
        assert.match(first.verdict!, /action=skipped/);
        const input: Input = [
          { role: 'user', content: ask('LOOP') },
          { type: 'function_call', call_id: first.calls[0]!.call_id, name: 'create_reminder', arguments: first.calls[0]!.arguments },
          { type: 'function_call_output', call_id: first.calls[0]!.call_id, output: '{"status":"created"}' },
        ];
        const second = await respond(client, input, stream);
        assert.equal(second.text, LOOP_REPLY);
        assert.match(second.verdict!, /^outcome=(anchored|done_now); action=none; certified=true$/);
      });
    }
  });
}

describe('responses: byte for byte, usage, history', () => {
  for (const stream of STREAM_MODES) {
    test(`--stream ${stream}: a clean response's body is the upstream's body, streamed or not`, async () => {
      const harness = await startHarness(agentModel, { stream });
      try {
        for (const streamed of [false, true]) {
          const body = JSON.stringify({ model: 'm', input: 'CLEAN: capital of France?', tools: TOOLS, stream: streamed });
          const post = (base: string) => fetch(`${base}/responses`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` }, body });
          const direct = Buffer.from(await (await post(harness.upstream.url)).arrayBuffer()).toString('utf8');
          const proxied = Buffer.from(await (await post(harness.base)).arrayBuffer()).toString('utf8');
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

  test('a rewrite counts the guard\'s own call in usage, and says how much in felicity.usage', async () => {
    const harness = await startHarness(agentModel, { onFail: 'rewrite' });
    try {
      const client = new OpenAI({ baseURL: harness.base, apiKey: KEY, maxRetries: 0 });
      const data = await client.responses.create({ model: 'm', input: ask('CLAIM'), tools: TOOLS });
      assert.equal(data.output_text, HONEST_REWRITE);
      assert.deepEqual((data as unknown as { felicity: { usage: unknown } }).felicity.usage, { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 });
      assert.equal(data.usage?.total_tokens, 30);
      assert.equal(data.usage?.input_tokens, 20);
      // The guard's own call went to the upstream's /responses, with the client's key.
      const own = harness.upstream.requests.at(-1)!;
      assert.equal(own.api, 'responses');
      assert.equal(own.headers.authorization, `Bearer ${KEY}`);
      assert.equal(own.raw['store'], false);
    } finally {
      await harness.close();
    }
  });

  test('previous_response_id: judged on what the request carries, and the verdict says earlier turns were not visible', async () => {
    const harness = await startHarness(() => say.text(CLAIM_REPLY), { onFail: 'annotate' });
    try {
      const client = new OpenAI({ baseURL: harness.base, apiKey: KEY, maxRetries: 0 });
      for (const stream of [false, true]) {
        const reply = await respond(client, [{ type: 'function_call_output', call_id: 'call_9', output: '{"error":"scheduler down"}' }], stream, { previous_response_id: 'resp_earlier' });
        assert.equal(reply.verdict, 'outcome=false_claim; action=annotated; certified=false; history=not_visible');
        if (!stream) {
          assert.equal(reply.felicity?.history, 'not_visible');
          assert.match(JSON.stringify(reply.felicity), /earlier turns \(previous_response_id\) were not visible/);
        }
      }
    } finally {
      await harness.close();
    }
  });

  test('the hono app (other runtimes) serves /v1/responses and /v1/messages as the Node server does', async () => {
    const harness = await startHarness(agentModel, { onFail: 'block' });
    try {
      const app = createGuardApp(await createGuardContext({ ...DEFAULTS, toolCapabilities: {}, upstream: harness.upstream.url, port: 0, onFail: 'block' }));
      const bodies = {
        '/v1/responses': JSON.stringify({ model: 'm', input: 'CLEAN: capital of France?', tools: TOOLS }),
        '/v1/messages': JSON.stringify({ model: 'c', max_tokens: 50, messages: [{ role: 'user', content: 'CLEAN: capital of France?' }] }),
      };
      for (const [path, body] of Object.entries(bodies)) {
        const headers = { 'content-type': 'application/json', authorization: `Bearer ${KEY}` };
        const viaApp = await app.request(path, { method: 'POST', headers, body });
        const viaNode = await fetch(`${harness.proxy.url}${path}`, { method: 'POST', headers, body });
        assert.equal(viaApp.headers.get('x-felicity-verdict'), 'outcome=other; action=none; certified=true', path);
        assert.equal(await viaApp.text(), await viaNode.text(), path);
        const bad = await app.request(path, { method: 'POST', headers, body: '{"input": [' });
        assert.equal(bad.status, 400, path);
      }
    } finally {
      await harness.close();
    }
  });

  test('a bad request is a 400 naming the field, in OpenAI\'s error shape', async () => {
    const harness = await startHarness(agentModel);
    try {
      const response = await fetch(`${harness.base}/responses`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', input: [{ role: 'robot', content: 'x' }] }) });
      assert.equal(response.status, 400);
      const body = (await response.json()) as { error: { param: string } };
      assert.equal(body.error.param, 'input[0].role');
      assert.equal(harness.upstream.requests.length, 0);
    } finally {
      await harness.close();
    }
  });
});
