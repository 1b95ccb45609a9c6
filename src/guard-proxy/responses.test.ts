/**
 * `POST /v1/responses` end to end over loopback: the real `openai` client's `responses.create`,
 * streamed and not, against the proxy in front of a scripted Responses upstream, for every policy.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import OpenAI from 'openai';
import { DEFAULTS } from './config.ts';
import { createGuardApp, createGuardContext } from './server.ts';
import { agentModel, CLAIM_REPLY, HONEST_REWRITE, REMINDER_TOOL } from './testing/agent-model.ts';
import { startHarness } from './testing/harness.ts';
import { cleanBodyTests } from './testing/clean-body.ts';
import { policySuites } from './testing/policy-suite.ts';
import type { SeenReply } from './testing/reply-assertions.ts';
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

policySuites<OpenAI, Reply>({
  name: 'responses',
  client: (harness) => new OpenAI({ baseURL: harness.base, apiKey: KEY, maxRetries: 0 }),
  send(client, user, stream, first) {
    if (first === undefined) return respond(client, user, stream);
    const call = first.calls[0]!;
    return respond(client, [
      { role: 'user', content: user },
      { type: 'function_call', call_id: call.call_id, name: 'create_reminder', arguments: call.arguments },
      { type: 'function_call_output', call_id: call.call_id, output: '{"status":"created"}' },
    ], stream);
  },
  seen,
  noText: '',
  claim(reply, policy, stream) {
    if (stream && policy !== 'annotate') return;
    assert.ok(reply.felicity, 'the verdict is in the response (streamed: on response.completed)');
    assert.ok(reply.felicity.spans.some((s) => s.failure_types.includes('false_claim') && s.span !== ''), JSON.stringify(reply.felicity.spans));
  },
});

describe('responses: byte for byte, usage, history', () => {
  cleanBodyTests({
    path: '/responses',
    body: (stream) => JSON.stringify({ model: 'm', input: 'CLEAN: capital of France?', tools: TOOLS, stream }),
    headers: { authorization: `Bearer ${KEY}` },
    auditedEnd: /\n\n: felicity \{.*"action":"none".*\}\n\n$/,
  });

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
