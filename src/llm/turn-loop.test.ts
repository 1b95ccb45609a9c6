import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getBuiltinSetup, systemPrompt, type Deployment } from '../setups/index.ts';
import { createChatModel } from './create-chat-model.ts';
import { runTurn, type TurnInput, type TurnResult } from './turn-loop.ts';
import { reply, startScriptedServer, toolThenText, type Script, type ScriptedServer } from './testing/scripted-chat-server.ts';
import { recordingClock } from './testing/recording-clock.ts';

const C2 = getBuiltinSetup('C2')!;
const INPUT: TurnInput = {
  deployment: C2,
  persona: 'generic',
  variant: 'inferred',
  context: "I'm sorting bills tonight.",
  request: 'Remind me to pay rent tomorrow morning.',
};
const USAGE = { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 };

async function turnWith(script: Script, input: TurnInput = INPUT, retries = 0): Promise<{ turn: TurnResult; server: ScriptedServer }> {
  const server = await startScriptedServer(script);
  try {
    const model = await createChatModel(`openai-compatible:${server.url}#m`, {
      env: {},
      clock: recordingClock(),
      retry: { maxRetries: retries, baseDelayMs: 1 },
    });
    return { turn: await runTurn(model, input), server };
  } finally {
    await server.close();
  }
}

test('a tool call answered by its mocked result, then a final text: the recorded turn is a turn record', async () => {
  const script = [
    reply.toolCall('create_reminder', { remind_at: '2026-10-02T09:00:00', message: 'Pay rent' }, 'call_1', USAGE),
    reply.text("Done! I've set a reminder for 9:00 tomorrow.", USAGE),
  ];
  const { turn, server } = await turnWith(script);
  assert.equal(turn.error, undefined);
  assert.equal(turn.setup, 'C2');
  assert.deepEqual([turn.persona, turn.variant, turn.fix], ['generic', 'inferred', 'none']);
  assert.equal(turn.rounds, 1);
  assert.equal(turn.model_calls, 2);
  assert.equal(turn.tool_cap_hit, false);
  assert.deepEqual(turn.tool_errors, []);
  assert.deepEqual(turn.usage, { prompt_tokens: 200, completion_tokens: 40, total_tokens: 240 });
  assert.equal(turn.finish_reason, 'stop');
  assert.deepEqual(turn.request_params, { model: 'm', temperature: 0.7 });

  assert.deepEqual(turn.messages.map((m) => m.role), ['system', 'user', 'assistant', 'tool', 'assistant']);
  assert.equal(turn.messages[0]!.content, systemPrompt({ deployment: C2, persona: 'generic', variant: 'inferred' }));
  assert.equal(turn.messages[1]!.content, "I'm sorting bills tonight. Remind me to pay rent tomorrow morning.");
  const tool = turn.messages[3]!;
  assert.equal(tool.role, 'tool');
  if (tool.role === 'tool') {
    assert.equal(tool.tool_call_id, 'call_1');
    const result = JSON.parse(tool.content as string) as Record<string, unknown>;
    assert.equal(result['status'], 'created');
  }
  assert.equal(turn.messages[4]!.content, "Done! I've set a reminder for 9:00 tomorrow.");

  // The server saw the setup's tool schemas and, second time, the tool result.
  const [first, second] = server.requests;
  assert.deepEqual(first!.body.tools!.map((t) => t.function.name).sort(), ['calculator', 'create_reminder', 'get_current_time', 'schedule_task', 'search_docs'].sort());
  assert.equal(first!.body.tool_choice, undefined);
  assert.deepEqual(second!.body.messages, turn.messages.slice(0, 4));
});

test('the five-round cap: a sixth request forbids tools, the cap is recorded, calls made anyway are dropped', async () => {
  const always = (): ReturnType<typeof reply.toolCall> => ({
    kind: 'completion',
    content: 'Let me check again.',
    tool_calls: [{ id: 'c', type: 'function', function: { name: 'get_current_time', arguments: '{}' } }],
    finish_reason: 'tool_calls',
  });
  const { turn, server } = await turnWith(always);
  assert.equal(turn.rounds, 5);
  assert.equal(turn.model_calls, 6);
  assert.equal(turn.tool_cap_hit, true);
  assert.equal(server.requests[5]!.body.tool_choice, 'none');
  assert.ok(server.requests[5]!.body.tools, 'schemas stay in the final request');
  assert.equal(server.requests[4]!.body.tool_choice, undefined);
  assert.equal(turn.dropped_tool_calls?.length, 1);
  const last = turn.messages.at(-1)!;
  assert.deepEqual(last, { role: 'assistant', content: 'Let me check again.' });
  assert.equal(turn.messages.filter((m) => m.role === 'tool').length, 5);
});

test('the cap followed by a plain answer ends normally with the cap recorded', async () => {
  const script: Script = (request) =>
    request.body.tool_choice === 'none' ? reply.text('It is 10:00.') : reply.toolCall('get_current_time', {});
  const { turn } = await turnWith(script);
  assert.equal(turn.tool_cap_hit, true);
  assert.equal(turn.dropped_tool_calls, undefined);
  assert.equal(turn.messages.at(-1)!.content, 'It is 10:00.');
});

test('an unknown tool gets an error result the model sees, listed in tool_errors', async () => {
  const { turn, server } = await turnWith([reply.toolCall('send_email', { to: 'me' }, 'call_9'), reply.text("I can't email.")]);
  const tool = turn.messages[3]!;
  assert.deepEqual(tool, { role: 'tool', tool_call_id: 'call_9', content: '{"status":"error","message":"unknown tool send_email"}' });
  assert.deepEqual(turn.tool_errors, [{ round: 1, tool_call_id: 'call_9', name: 'send_email', message: 'unknown tool send_email' }]);
  assert.deepEqual(server.requests[1]!.body.messages.at(-1), tool);
  assert.equal(turn.rounds, 1);
});

test('a tool offered only to another persona is unknown to this one', async () => {
  const { turn } = await turnWith([reply.toolCall('lookup_account', {}), reply.text('ok')]);
  assert.equal(turn.tool_errors[0]?.message, 'unknown tool lookup_account');
});

test('bad JSON and non-object arguments produce error results; empty arguments mean {}', async () => {
  const calls = {
    kind: 'completion' as const,
    content: null,
    tool_calls: [
      { id: 'a', type: 'function' as const, function: { name: 'create_reminder', arguments: '{"message": "rent"' } },
      { id: 'b', type: 'function' as const, function: { name: 'calculator', arguments: '[1,2]' } },
      { id: 'c', type: 'function' as const, function: { name: 'get_current_time', arguments: '' } },
    ],
  };
  const { turn } = await turnWith([calls, reply.text('Sorry.')]);
  const results = turn.messages.filter((m) => m.role === 'tool').map((m) => JSON.parse(m.content as string) as Record<string, unknown>);
  assert.deepEqual(results[0], { status: 'error', message: 'invalid arguments for create_reminder: not valid JSON' });
  assert.deepEqual(results[1], { status: 'error', message: 'invalid arguments for calculator: expected a JSON object' });
  assert.equal(results[2]!['now'], '2026-10-01T10:00:00');
  assert.deepEqual(turn.tool_errors.map((e) => e.tool_call_id), ['a', 'b']);
});

test('a failed model call ends the turn with the error recorded and the messages so far kept', async () => {
  const { turn } = await turnWith([reply.toolCall('get_current_time', {}), reply.status(500, 'down')]);
  assert.deepEqual(turn.error && { kind: turn.error.kind, status: turn.error.status, attempts: turn.error.attempts }, { kind: 'server', status: 500, attempts: 1 });
  assert.deepEqual(turn.messages.map((m) => m.role), ['system', 'user', 'assistant', 'tool']);
  assert.equal(turn.model_calls, 2);
  assert.equal(turn.finish_reason, 'tool_calls');
});

test('the error of a failed first call still records the request params', async () => {
  const { turn } = await turnWith([reply.status(401, 'no')]);
  assert.equal(turn.error?.kind, 'auth');
  assert.deepEqual(turn.request_params, { model: 'm', temperature: 0.7 });
  assert.deepEqual(turn.messages.map((m) => m.role), ['system', 'user']);
});

test('C0 sends no tools; stated variant, fix A and the support persona reach the system prompt; custom setups are recorded whole', async () => {
  const c0 = getBuiltinSetup('C0')!;
  const { turn, server } = await turnWith([reply.text("I'll remind you!")], { ...INPUT, deployment: c0, variant: 'stated', fix: 'A', persona: 'support', context: '' });
  assert.equal(server.requests[0]!.body.tools, undefined);
  assert.equal(server.requests[0]!.body.tool_choice, undefined);
  assert.equal(turn.messages[0]!.content, systemPrompt({ deployment: c0, persona: 'support', variant: 'stated', fix: 'A' }));
  assert.equal(turn.messages[1]!.content, INPUT.request);
  assert.equal(turn.fix, 'A');

  const custom: Deployment = { ...C2, id: 'my-bot', title: 'custom' };
  const other = await turnWith(toolThenText('create_reminder', { message: 'x' }, 'Set.'), { ...INPUT, deployment: custom });
  assert.equal(other.turn.setup, custom);
  assert.equal(other.turn.rounds, 1);
});
