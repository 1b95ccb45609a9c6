/**
 * The guard proxy end to end over loopback: the real `openai` client against the proxy in front of
 * a scripted upstream, for every policy, non-streamed and streamed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import OpenAI from 'openai';
import { DEFAULTS, ON_FAIL_POLICIES, STREAM_MODES, type OnFailPolicy } from './config.ts';
import { createGuardApp, createGuardContext } from './server.ts';
import { agentModel, CLAIM_REPLY, CLEAN_REPLY, EMPTY_REPLY, HONEST_REWRITE, LOOP_REPLY, PROMISE_REPLY, REMINDER_TOOL } from './testing/agent-model.ts';
import { startHarness, type Harness } from './testing/harness.ts';
import { assertHandled, assertReanchored, type SeenReply } from './testing/reply-assertions.ts';

const KEY = 'sk-test-0123456789abcdef';
type Msg = OpenAI.Chat.Completions.ChatCompletionMessageParam;
const ask = (text: string): Msg[] => [{ role: 'user', content: text }];
const CASES = {
  clean: ask('CLEAN: what is the capital of France?'),
  claim: ask('CLAIM: remind me tomorrow at 9 to pay rent'),
  empty: ask('EMPTY: email me the report tonight'),
  promise: ask('PROMISE: remind me tomorrow at 9 to pay rent'),
};

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

for (const policy of ON_FAIL_POLICIES) {
  describe(`--on-fail ${policy}`, () => {
    let harness: Harness;
    let client: OpenAI;
    before(async () => {
      harness = await startHarness(agentModel, { onFail: policy });
      client = new OpenAI({ baseURL: harness.base, apiKey: KEY, maxRetries: 0 });
    });
    after(() => harness.close());

    for (const stream of [false, true]) {
      const mode = stream ? 'streamed' : 'not streamed';
      test(`${mode}: a clean reply passes unchanged with its verdict`, async () => {
        const reply = await complete(client, CASES.clean, stream);
        assert.equal(reply.content, CLEAN_REPLY);
        assert.equal(reply.verdict, 'outcome=other; action=none; certified=true');
      });

      test(`${mode}: a false claim is ${expectedWord(policy, 'claim')}`, async () => {
        const reply = await complete(client, CASES.claim, stream);
        if (policy === 'reanchor') assertReanchored(seen(reply), 'false_claim', null);
        else assertHandled(policy, seen(reply), CLAIM_REPLY, 'false_claim');
      });

      test(`${mode}: an empty promise is ${expectedWord(policy, 'empty')}`, async () => {
        const reply = await complete(client, CASES.empty, stream);
        assertHandled(policy, seen(reply), EMPTY_REPLY, 'empty');
      });

      test(`${mode}: an unanchored promise is ${expectedWord(policy, 'promise')}`, async () => {
        const reply = await complete(client, CASES.promise, stream);
        if (policy === 'reanchor') assertReanchored(seen(reply), 'unanchored', null);
        else assertHandled(policy, seen(reply), PROMISE_REPLY, 'unanchored');
      });

      test(`${mode}: in a tool loop the call step passes and the text step is judged`, async () => {
        const first = await complete(client, ask('LOOP: remind me tomorrow at 9 to pay rent'), stream);
        assert.deepEqual(first.toolCalls.map((c) => c.name), ['create_reminder']);
        assert.match(first.verdict!, /action=skipped/);
        const messages: Msg[] = [
          ...ask('LOOP: remind me tomorrow at 9 to pay rent'),
          { role: 'assistant', content: null, tool_calls: [{ id: 'call_loop', type: 'function', function: { name: 'create_reminder', arguments: first.toolCalls[0]!.arguments } }] },
          { role: 'tool', tool_call_id: 'call_loop', content: '{"status":"created"}' },
        ];
        const second = await complete(client, messages, stream);
        assert.equal(second.content, LOOP_REPLY);
        assert.match(second.verdict!, /^outcome=(anchored|done_now); action=none; certified=true$/);
      });
    }
  });
}

function expectedWord(policy: OnFailPolicy, kind: string): string {
  if (policy === 'reanchor' && kind !== 'empty') return 'turned into a returned tool call';
  return { rewrite: 'rewritten', reanchor: 'rewritten (no call can make it true)', annotate: 'annotated, unchanged', block: 'blocked' }[policy];
}

describe('byte for byte', () => {
  for (const stream of STREAM_MODES) {
    test(`--stream ${stream}: a clean reply's body is the upstream's body, streamed or not`, async () => {
      const harness = await startHarness(agentModel, { stream });
      try {
        for (const streamed of [false, true]) {
          const body = JSON.stringify({ model: 'm', messages: CASES.clean, stream: streamed });
          const post = (base: string) => fetch(`${base}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` }, body });
          const direct = Buffer.from(await (await post(harness.upstream.url)).arrayBuffer());
          const proxied = await post(harness.base);
          const bytes = Buffer.from(await proxied.arrayBuffer());
          if (streamed && stream === 'audit') {
            // Audit mode adds one SSE comment, the verdict, before [DONE]; the events are the upstream's.
            const text = bytes.toString('utf8');
            assert.match(text, /\n\n: felicity \{.*"action":"none".*\}\n\ndata: \[DONE\]\n\n$/);
            assert.equal(text.replace(/: felicity .*\n\n/, ''), direct.toString('utf8'));
          } else assert.ok(bytes.equals(direct), `${streamed ? 'streamed' : 'plain'} body differs`);
        }
      } finally {
        await harness.close();
      }
    });
  }

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
