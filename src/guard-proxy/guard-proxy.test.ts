/**
 * The guard proxy end to end over loopback: the real `openai` client against the proxy in front of
 * a scripted upstream, for every policy, non-streamed and streamed.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import OpenAI from 'openai';
import { DEFAULTS } from './config.ts';
import { createGuardApp, createGuardContext } from './server.ts';
import { agentModel, CLAIM_REPLY, HONEST_REWRITE, REMINDER_TOOL } from './testing/agent-model.ts';
import { startHarness } from './testing/harness.ts';
import { cleanBodyTests } from './testing/clean-body.ts';
import { ASK, policySuites } from './testing/policy-suite.ts';
import type { SeenReply } from './testing/reply-assertions.ts';

const KEY = 'sk-test-0123456789abcdef';
type Msg = OpenAI.Chat.Completions.ChatCompletionMessageParam;
const ask = (text: string): Msg[] => [{ role: 'user', content: text }];
const CASES = { clean: ask(ASK.clean), claim: ask(ASK.claim) };

interface Reply {
  content: string | null;
  toolCalls: { name: string; arguments: string }[];
  verdict: string | null;
  felicity: { action: string; outcome: string | null; certified: boolean } | undefined;
}

/** The reply as the policy assertions read it. */
const seen = (reply: Reply): SeenReply => ({ text: reply.content, calls: reply.toolCalls.map((c) => ({ name: c.name, input: JSON.parse(c.arguments) as unknown })), verdict: reply.verdict, felicity: reply.felicity });

async function complete(client: OpenAI, messages: Msg[], stream: boolean): Promise<Reply> {
  const tools = [REMINDER_TOOL as unknown as OpenAI.Chat.Completions.ChatCompletionTool];
  if (!stream) {
    const { data, response } = await client.chat.completions.create({ model: 'm', messages, tools }).withResponse();
    const message = data.choices[0]!.message;
    return {
      content: message.content,
      toolCalls: (message.tool_calls ?? []).map((c) => ({ name: (c as { function: { name: string } }).function.name, arguments: (c as { function: { arguments: string } }).function.arguments })),
      verdict: response.headers.get('x-felicity-verdict'),
      felicity: (data as unknown as { felicity?: Reply['felicity'] }).felicity,
    };
  }
  const { data, response } = await client.chat.completions.create({ model: 'm', messages, tools, stream: true }).withResponse();
  let content = '';
  const calls = new Map<number, { name: string; arguments: string }>();
  for await (const chunk of data) {
    const delta = chunk.choices[0]?.delta;
    if (delta?.content) content += delta.content;
    for (const part of delta?.tool_calls ?? []) {
      const call = calls.get(part.index) ?? { name: '', arguments: '' };
      call.name += part.function?.name ?? '';
      call.arguments += part.function?.arguments ?? '';
      calls.set(part.index, call);
    }
  }
  return { content: content === '' && calls.size > 0 ? null : content, toolCalls: [...calls.values()], verdict: response.headers.get('x-felicity-verdict'), felicity: undefined };
}

policySuites<OpenAI, Reply>({
  name: 'chat completions',
  client: (harness) => new OpenAI({ baseURL: harness.base, apiKey: KEY, maxRetries: 0 }),
  send(client, user, stream, first) {
    if (first === undefined) return complete(client, ask(user), stream);
    return complete(client, [
      ...ask(user),
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_loop', type: 'function', function: { name: 'create_reminder', arguments: first.toolCalls[0]!.arguments } }] },
      { role: 'tool', tool_call_id: 'call_loop', content: '{"status":"created"}' },
    ], stream);
  },
  seen,
  noText: null,
});

describe('byte for byte', () => {
  // Audit mode adds one SSE comment, the verdict, before [DONE]; the events are the upstream's.
  cleanBodyTests({
    path: '/chat/completions',
    body: (stream) => JSON.stringify({ model: 'm', messages: CASES.clean, stream }),
    headers: { authorization: `Bearer ${KEY}` },
    auditedEnd: /\n\n: felicity \{.*"action":"none".*\}\n\ndata: \[DONE\]\n\n$/,
  });

  test('the annotate verdict is in a felicity field of the body and the reply is untouched', async () => {
    const harness = await startHarness(agentModel, { onFail: 'annotate' });
    try {
      const response = await fetch(`${harness.base}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', messages: CASES.claim }) });
      const body = (await response.json()) as { choices: { message: { content: string } }[]; felicity: { outcome: string; spans: unknown[]; action: string } };
      assert.equal(body.choices[0]!.message.content, CLAIM_REPLY);
      assert.equal(body.felicity.outcome, 'false_claim');
      assert.equal(body.felicity.action, 'annotated');
    } finally {
      await harness.close();
    }
  });
});

describe('the hono app, for runtimes other than Node', () => {
  test('answers as the Node server does: a clean reply byte for byte, a claim rewritten, bad JSON 400, an oversized body 413', async () => {
    const harness = await startHarness(agentModel, { onFail: 'rewrite' });
    try {
      const app = createGuardApp(await createGuardContext({ ...DEFAULTS, toolCapabilities: {}, upstream: harness.upstream.url, port: 0, onFail: 'rewrite', maxBodyBytes: 4096 }));
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${KEY}` };
      const both = async (body: string) => {
        const viaApp = await app.request('/v1/chat/completions', { method: 'POST', headers, body });
        const viaNode = await fetch(`${harness.base}/chat/completions`, { method: 'POST', headers, body });
        return { app: viaApp, node: viaNode, appBytes: Buffer.from(await viaApp.arrayBuffer()), nodeBytes: Buffer.from(await viaNode.arrayBuffer()) };
      };
      const clean = await both(JSON.stringify({ model: 'm', messages: CASES.clean }));
      assert.equal(clean.app.headers.get('x-felicity-verdict'), 'outcome=other; action=none; certified=true');
      assert.equal(clean.node.headers.get('x-felicity-verdict'), clean.app.headers.get('x-felicity-verdict'));
      assert.ok(clean.appBytes.equals(clean.nodeBytes));
      const claim = await both(JSON.stringify({ model: 'm', messages: CASES.claim }));
      for (const response of [claim.app, claim.node]) assert.equal(response.headers.get('x-felicity-verdict'), 'outcome=false_claim; action=rewritten; certified=true');
      assert.equal(JSON.parse(claim.appBytes.toString()).choices[0].message.content, HONEST_REWRITE);
      const bad = await both('{"messages": [');
      assert.deepEqual([bad.app.status, bad.node.status], [400, 400]);
      assert.equal(JSON.parse(bad.appBytes.toString()).error.code, 'invalid_json');
      assert.ok(bad.appBytes.equals(bad.nodeBytes));
      const big = await app.request('/v1/chat/completions', { method: 'POST', headers, body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x'.repeat(5000) }] }) });
      assert.equal(big.status, 413);
      assert.equal(big.headers.get('x-felicity-verdict'), 'outcome=unchecked; action=skipped; certified=false');
    } finally {
      await harness.close();
    }
  });
});
