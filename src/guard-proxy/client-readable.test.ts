/**
 * Replies the real `openai` client reads are read by the guard too: JSON after a byte-order mark,
 * `content` as an array of parts, a `refusal`, an event stream sent without a content-type. What
 * the guard still cannot read is blocked under `--on-error closed`. A reply with text and tool
 * calls has its text checked against those calls. Verdicts name the claim and the call.
 */
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { describe, test } from 'node:test';
import OpenAI from 'openai';
import { startLoopbackServer } from '../llm/testing/loopback-server.ts';
import { DEFAULT_SAFE_REPLY } from '../guard/safe-reply.ts';
import { DEFAULTS, type GuardProxyConfig } from './config.ts';
import { startGuardProxy } from './server.ts';
import { agentModel, LIST_TOOL, MIXED_REPLY, REMINDER_TOOL } from './testing/agent-model.ts';
import { startHarness } from './testing/harness.ts';
import { say } from './testing/scripted-upstream.ts';
import type { Verdict } from './verdict.ts';

const PROMISE = "Sure! I'll remind you tomorrow morning.";
const completion = (message: Record<string, unknown>) => ({ id: 'chatcmpl-x', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }] });
const chunk = (delta: Record<string, unknown>, finish: string | null = null) => `data: ${JSON.stringify({ id: 'chatcmpl-x', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

/** Upstream answers as written, whatever the request. */
const SHAPES: Record<string, (res: ServerResponse) => void> = {
  bom: (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(`\uFEFF${JSON.stringify(completion({ content: PROMISE }))}`);
  },
  parts: (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(completion({ content: [{ type: 'text', text: PROMISE }] })));
  },
  refusal: (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(completion({ content: null, refusal: PROMISE })));
  },
  sse_without_type: (res) => {
    res.writeHead(200, {});
    res.end(chunk({ role: 'assistant', content: '' }) + chunk({ content: PROMISE }) + chunk({}, 'stop') + 'data: [DONE]\n\n');
  },
  garbage: (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('<html>not a completion</html>');
  },
  garbage_stream: (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end('data: {"nothing": "here"}\n\ndata: [DONE]\n\n');
  },
};

async function proxyFor(shape: string, overrides: Partial<GuardProxyConfig>) {
  const upstream = await startLoopbackServer((_req, res) => SHAPES[shape]!(res));
  const proxy = await startGuardProxy({ ...DEFAULTS, toolCapabilities: {}, upstream: `http://127.0.0.1:${upstream.port}/v1`, port: 0, ...overrides });
  return { base: `${proxy.url}/v1`, close: async () => (await proxy.close(), await upstream.close()) };
}

describe('--on-error closed: what the client reads, the guard reads', () => {
  for (const shape of ['bom', 'parts', 'refusal', 'sse_without_type'] as const) {
    test(`${shape}: the promise the client would show is judged and blocked`, async () => {
      const proxy = await proxyFor(shape, { onFail: 'block', onError: 'closed' });
      try {
        const stream = shape === 'sse_without_type';
        // What the real client makes of the upstream's answer, straight.
        const client = new OpenAI({ baseURL: proxy.base, apiKey: 'sk-test', maxRetries: 0 });
        const { data, response } = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'remind me tomorrow' }], stream }).withResponse();
        let text = '';
        if (stream) for await (const part of data as AsyncIterable<OpenAI.Chat.ChatCompletionChunk>) text += part.choices[0]?.delta?.content ?? '';
        else text = (data as OpenAI.Chat.ChatCompletion).choices[0]!.message.content ?? '';
        assert.equal(response.headers.get('x-felicity-verdict'), 'outcome=empty; action=blocked; certified=true');
        assert.notEqual(text, PROMISE);
        assert.doesNotMatch(text, /I'll remind/);
      } finally {
        await proxy.close();
      }
    });
  }

  for (const shape of ['garbage', 'garbage_stream'] as const) {
    test(`${shape}: a 200 the guard cannot read is blocked when closed, passed unchecked when open`, async () => {
      const stream = shape === 'garbage_stream';
      const body = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }], stream });
      for (const onError of ['closed', 'open'] as const) {
        const proxy = await proxyFor(shape, { onError });
        try {
          const response = await fetch(`${proxy.base}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
          const text = await response.text();
          if (onError === 'closed') {
            assert.equal(response.headers.get('x-felicity-verdict'), 'outcome=unchecked; action=failed_closed; certified=true');
            assert.ok(text.includes(DEFAULT_SAFE_REPLY), text);
          } else {
            assert.match(response.headers.get('x-felicity-verdict')!, /action=(skipped|annotated); certified=false/);
          }
        } finally {
          await proxy.close();
        }
      }
    });
  }
});

describe('a reply with text and tool calls', () => {
  for (const stream of [false, true]) {
    test(`${stream ? 'streamed' : 'not streamed'}: its text is checked against its calls; block keeps the calls and drops the failing text`, async () => {
      const harness = await startHarness(agentModel, { onFail: 'block' });
      try {
        const client = new OpenAI({ baseURL: harness.base, apiKey: 'sk-test', maxRetries: 0 });
        const tools = [REMINDER_TOOL, LIST_TOOL] as unknown as OpenAI.Chat.ChatCompletionTool[];
        const { data, response } = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'MIXED: remind me tomorrow at 9, and next week' }], tools, stream }).withResponse();
        let content = '';
        const names: string[] = [];
        if (stream) {
          for await (const part of data as AsyncIterable<OpenAI.Chat.ChatCompletionChunk>) {
            content += part.choices[0]?.delta?.content ?? '';
            for (const call of part.choices[0]?.delta?.tool_calls ?? []) if (call.function?.name) names.push(call.function.name);
          }
        } else {
          const message = (data as OpenAI.Chat.ChatCompletion).choices[0]!.message;
          content = message.content ?? '';
          names.push(...(message.tool_calls ?? []).map((c) => (c as { function: { name: string } }).function.name));
        }
        assert.equal(response.headers.get('x-felicity-verdict'), 'outcome=false_claim; action=blocked; certified=true');
        assert.doesNotMatch(content, /Reminder set/);
        assert.deepEqual(names, ['list_reminders']);
      } finally {
        await harness.close();
      }
    });
  }

  test('annotate: the verdict names each failing part, its words, and the tool that would have kept it', async () => {
    const harness = await startHarness(agentModel, { onFail: 'annotate' });
    try {
      const response = await fetch(`${harness.base}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'MIXED: remind me' }], tools: [REMINDER_TOOL, LIST_TOOL] }) });
      const body = (await response.json()) as { choices: { message: { content: string } }[]; felicity: Verdict };
      assert.equal(body.choices[0]!.message.content, MIXED_REPLY);
      const claim = body.felicity.spans.find((s) => s.failure_types.includes('false_claim'));
      assert.equal(claim?.span, 'Reminder set for tomorrow at 9.');
      assert.deepEqual(claim?.tools, ['create_reminder']);
      assert.match(claim!.why, /list_reminders/);
      const promise = body.felicity.spans.find((s) => s.failure_types.includes('unanchored'));
      assert.equal(promise?.span, "I'll also remind you again next week");
      assert.deepEqual(promise?.tools, ['create_reminder']);
    } finally {
      await harness.close();
    }
  });
});

describe('the verdict names the claim and the call', () => {
  test('a claim after a call that failed: the span, the failed call, and a blocking reply that says the call failed', async () => {
    const harness = await startHarness(() => say.text("Done! I've set a reminder for 9am tomorrow."), { onFail: 'block' });
    try {
      const messages = [
        { role: 'user', content: 'remind me tomorrow at 9 to pay rent' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_7', type: 'function', function: { name: 'create_reminder', arguments: '{"remind_at":"2026-10-02T09:00:00","message":"Pay rent"}' } }] },
        { role: 'tool', tool_call_id: 'call_7', content: '{"error":"scheduler unavailable"}' },
      ];
      const response = await fetch(`${harness.base}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', messages, tools: [REMINDER_TOOL] }) });
      const body = (await response.json()) as { choices: { message: { content: string } }[]; felicity: Verdict };
      const claim = body.felicity.spans.find((s) => s.failure_types.includes('false_claim'));
      assert.ok(claim, JSON.stringify(body.felicity.spans));
      assert.ok(claim.span !== '' && "Done! I've set a reminder for 9am tomorrow.".includes(claim.span), claim.span);
      assert.deepEqual(claim.failed_call, { id: 'call_7', name: 'create_reminder' });
      assert.equal(body.choices[0]!.message.content, "I haven't done that: the create_reminder call failed, so nothing was changed.");
    } finally {
      await harness.close();
    }
  });

  test('a claim with no call: the blocking reply says nothing was called, and the audit log keeps the span', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-guard-audit-'));
    const log = path.join(dir, 'audit.jsonl');
    const harness = await startHarness(() => say.text("I've added the meeting with Sam to your calendar for Friday at 3pm."), { onFail: 'block', auditLog: log });
    try {
      const tool = { type: 'function', function: { name: 'create_event', description: 'Creates a calendar event.', parameters: { type: 'object', properties: { title: { type: 'string' } } } } };
      const response = await fetch(`${harness.base}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'add the meeting with Sam on Friday at 3pm' }], tools: [tool] }) });
      const body = (await response.json()) as { choices: { message: { content: string } }[] };
      assert.equal(body.choices[0]!.message.content, "I haven't done that: nothing was called to do it in this conversation.");
    } finally {
      await harness.close();
    }
    const entry = JSON.parse(fs.readFileSync(log, 'utf8').trim().split('\n').at(-1)!) as { spans: Verdict['spans'] };
    assert.deepEqual(entry.spans.map((s) => [s.span, s.failure_types, s.tools]), [["I've added the meeting with Sam to your calendar for Friday at 3pm.", ['false_claim'], ['create_event']]]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe("usage counts the guard's own calls", () => {
  test('chat completions and messages: a rewrite adds its tokens to usage and says so in felicity.usage', async () => {
    const harness = await startHarness(agentModel, { onFail: 'rewrite' });
    try {
      const chat = await fetch(`${harness.base}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'CLAIM: remind me at 9' }], tools: [REMINDER_TOOL] }) });
      const body = (await chat.json()) as { usage: Record<string, number>; felicity: Verdict };
      assert.deepEqual(body.felicity.usage, { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 });
      assert.deepEqual(body.usage, { prompt_tokens: 20, completion_tokens: 10, total_tokens: 30 });
      const messages = await fetch(`${harness.base}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'c', max_tokens: 50, messages: [{ role: 'user', content: 'CLAIM: remind me at 9' }] }) });
      const message = (await messages.json()) as { usage: Record<string, number>; felicity: Verdict };
      assert.deepEqual(message.usage, { input_tokens: 20, output_tokens: 10 });
      assert.deepEqual(message.felicity.usage, { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 });
      // A clean reply costs no call: no felicity.usage, the upstream's usage as it came.
      const clean = await fetch(`${harness.base}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'CLEAN: hi' }] }) });
      assert.deepEqual(((await clean.json()) as { usage: unknown }).usage, { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 });
    } finally {
      await harness.close();
    }
  });
});
