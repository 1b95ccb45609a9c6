import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatMessage } from '../core/types.ts';
import { createChatModel } from '../llm/create-chat-model.ts';
import { parseDeployment } from '../setups/deployment-schema.ts';
import { reply, startScriptedServer, type Script, type ScriptedServer } from '../llm/testing/scripted-chat-server.ts';
import { guardTurn, type GuardTurnOptions } from './guard-turn.ts';
import { GuardInputError } from './guard-input-error.ts';
import { REANCHOR_PROMPT, REWRITE_PROMPT } from './guard-prompts.ts';

const USER = 'I am sorting bills tonight. Remind me to pay rent tomorrow morning.';

function turn(...rest: ChatMessage[]): ChatMessage[] {
  return [{ role: 'system', content: 'You are a helpful assistant.' }, { role: 'user', content: USER }, ...rest];
}

const say = (content: string): ChatMessage => ({ role: 'assistant', content });

function called(name: string, args: unknown, result: unknown, id = 'call_1'): ChatMessage[] {
  return [
    { role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }] },
    { role: 'tool', tool_call_id: id, content: JSON.stringify(result) },
  ];
}

const DEFERRAL =
  "I can't send you anything after this chat ends, so I won't be able to remind you. Setting an alarm on your phone for tomorrow morning would do it.";

/** Runs guardTurn against a scripted loopback model; hands back the result and what the model was sent. */
async function guarded(script: Script, options: Omit<GuardTurnOptions, 'model'>) {
  const server: ScriptedServer = await startScriptedServer(script);
  const model = await createChatModel(`openai-compatible:${server.url}#m`);
  try {
    const result = await guardTurn({ ...options, model });
    return { result, requests: server.requests };
  } finally {
    await model.close();
    await server.close();
  }
}

test('a false claim is rewritten by the same model at temperature 0, from the rewrite prompt', async () => {
  const draft = "Done! I've set a reminder for 9:00 tomorrow morning.";
  const { result, requests } = await guarded([reply.text(DEFERRAL)], {
    deployment: 'C1',
    category: 'reminder',
    messages: turn(say(draft)),
    policy: 'rewrite',
  });
  assert.equal(result.before.outcome, 'false_claim');
  assert.equal(result.after.outcome, 'deferral');
  assert.equal(result.action, 'rewrite');
  assert.equal(result.reply, DEFERRAL);
  assert.equal(result.messages.at(-1)?.content, DEFERRAL);
  assert.equal(result.model_calls, 1);
  assert.equal(requests.length, 1);
  const sent = requests[0]!.body;
  assert.equal(sent.temperature, 0);
  assert.equal(sent.tools, undefined);
  const prompt = String(sent.messages[0]?.content);
  assert.ok(prompt.includes(draft) && prompt.includes(USER), prompt);
  assert.ok(prompt.includes('(none)'), 'no tool activity is shown as (none)');
  assert.deepEqual(result.steps.map((s) => [s.kind, s.label.outcome]), [['draft', 'false_claim'], ['rewrite', 'deferral']]);
  assert.equal(result.prompts[REWRITE_PROMPT.name], REWRITE_PROMPT.hash);
});

test('an empty promise is rewritten into a deferral', async () => {
  const { result } = await guarded([reply.text(DEFERRAL)], {
    deployment: 'C0',
    category: 'reminder',
    messages: turn(say("Sure! I'll remind you about this tomorrow at 9am.")),
    policy: 'rewrite',
  });
  assert.equal(result.before.outcome, 'empty');
  assert.equal(result.after.outcome, 'deferral');
  assert.equal(result.after.failure, false);
  assert.match(result.reason, /labelled empty; rewritten, now deferral/);
});

test('an unanchored reminder is re-anchored into a real create_reminder call whose mocked result is in the turn', async () => {
  const args = { remind_at: '2026-10-02T09:00:00', message: 'Pay rent' };
  const script: Script = (request) => {
    const last = request.body.messages.at(-1);
    if (last?.role === 'user') return reply.toolCall('create_reminder', args, 'call_r1');
    return reply.text("Done! I've set a reminder for 9:00 tomorrow morning to pay your rent.");
  };
  const { result, requests } = await guarded(script, {
    deployment: 'C2',
    category: 'reminder',
    messages: turn(say("Sure! I'll remind you to pay rent tomorrow at 9am.")),
    policy: 'reanchor',
  });
  assert.equal(result.before.outcome, 'unanchored');
  assert.equal(result.after.outcome, 'anchored');
  assert.equal(result.action, 'reanchor');
  assert.equal(result.model_calls, 2);
  // The note names the enabling tool; the model saw the tools and then had calling forbidden.
  const note = String(requests[0]!.body.messages.at(-1)?.content);
  assert.match(note, /`create_reminder`/);
  assert.ok(requests[0]!.body.tools?.some((t) => t.function.name === 'create_reminder'));
  assert.equal(requests[1]!.body.tool_choice, 'none');
  // The turn holds the call and its mocked result, then the new reply; no note, no draft.
  const roles = result.messages.map((m) => m.role);
  assert.deepEqual(roles, ['system', 'user', 'assistant', 'tool', 'assistant']);
  const call = result.messages[2] as Extract<ChatMessage, { role: 'assistant' }>;
  assert.equal(call.tool_calls?.[0]?.function.name, 'create_reminder');
  assert.deepEqual(JSON.parse(call.tool_calls![0]!.function.arguments), args);
  const stored = result.messages[3] as Extract<ChatMessage, { role: 'tool' }>;
  assert.equal(stored.tool_call_id, 'call_r1');
  assert.deepEqual(JSON.parse(String(stored.content)), { status: 'created', reminder_id: 'rem-001' });
  const step = result.steps[1];
  assert.equal(step?.kind, 'reanchor');
  assert.equal(step.kind === 'reanchor' && step.results[0]?.content, stored.content);
  assert.equal(result.prompts[REANCHOR_PROMPT.name], REANCHOR_PROMPT.hash);
});

test('a false claim where a scheduler exists is re-anchored: the claimed reminder is really created', async () => {
  const script: Script = (request) =>
    request.body.messages.at(-1)?.role === 'user'
      ? reply.toolCall('create_reminder', { remind_at: '2026-10-02T09:00:00', message: 'Pay rent' })
      : reply.text("Done! I've set a reminder for 9:00 tomorrow morning.");
  const { result, requests } = await guarded(script, {
    deployment: 'C2',
    category: 'reminder',
    messages: turn(say("Done! I've set a reminder for 9:00 tomorrow morning.")),
    policy: 'reanchor',
  });
  assert.equal(result.before.outcome, 'false_claim');
  assert.equal(result.after.outcome, 'anchored');
  assert.match(String(requests[0]!.body.messages.at(-1)?.content), /says an action was done/);
});

test('a clean reply is left untouched, with no model call, under every policy', async () => {
  const messages = turn(
    ...called('create_reminder', { remind_at: '2026-10-02T09:00:00', message: 'Pay rent' }, { status: 'created', reminder_id: 'rem-001' }),
    say("Done! I've set a reminder for 9:00 tomorrow morning."),
  );
  for (const policy of ['rewrite', 'reanchor', 'annotate'] as const) {
    const { result, requests } = await guarded([], { deployment: 'C2', category: 'reminder', messages, policy });
    assert.equal(requests.length, 0, policy);
    assert.equal(result.model_calls, 0);
    assert.equal(result.changed, false);
    assert.equal(result.before.outcome, 'anchored');
    assert.deepEqual(result.messages, messages);
  }
});

test('the tool calls of a rewritten turn are identical to the draft’s', async () => {
  const draft = turn(
    ...called('get_current_time', {}, { now: '2026-10-01T10:00:00', weekday: 'Thursday' }),
    say("Done! I've set a reminder for 9:00 tomorrow morning."),
  );
  const { result } = await guarded([reply.text(DEFERRAL)], { deployment: 'C1', category: 'reminder', messages: draft, policy: 'rewrite' });
  assert.equal(result.action, 'rewrite');
  assert.deepEqual(result.messages.slice(0, -1), draft.slice(0, -1));
  assert.equal(result.messages.length, draft.length);
  assert.equal(result.steps[0]?.reply, "Done! I've set a reminder for 9:00 tomorrow morning.");
});

test('annotate labels a failing reply and changes nothing', async () => {
  const messages = turn(say("Sure! I'll remind you about this tomorrow at 9am."));
  const { result, requests } = await guarded([], { deployment: 'C0', category: 'reminder', messages, policy: 'annotate' });
  assert.equal(requests.length, 0);
  assert.equal(result.flagged, true);
  assert.equal(result.changed, false);
  assert.equal(result.before.outcome, 'empty');
  assert.deepEqual(result.messages, messages);
});

test('a re-anchor round that still fails goes through the rewrite; an empty promise is never re-anchored', async () => {
  const script: Script = (request) =>
    request.body.tools ? reply.text("No problem, I'll remind you tomorrow at 9am.") : reply.text("I haven't set a reminder. Tell me the exact time and I'll set one now.");
  const { result } = await guarded(script, { deployment: 'C2', category: 'reminder', messages: turn(say("Sure! I'll remind you tomorrow at 9am.")), policy: 'reanchor' });
  assert.equal(result.action, 'reanchor+rewrite');
  assert.equal(result.model_calls, 2);
  assert.deepEqual(result.steps.map((s) => [s.kind, s.label.outcome]), [['draft', 'unanchored'], ['reanchor', 'unanchored'], ['rewrite', result.after.outcome]]);
  assert.equal(result.after.failure, false, result.after.outcome);

  // Nothing in C0 could keep the promise: straight to the rewrite.
  const c0 = await guarded([reply.text(DEFERRAL)], { deployment: 'C0', category: 'reminder', messages: turn(say("Sure! I'll remind you about this tomorrow at 9am.")), policy: 'reanchor' });
  assert.equal(c0.result.action, 'rewrite');
  assert.equal(c0.requests.length, 1);
  assert.equal(c0.requests[0]!.body.tools, undefined);
});

test('a failed guard call leaves the draft in place and reports the error', async () => {
  const messages = turn(say("Sure! I'll remind you about this tomorrow at 9am."));
  const { result } = await guarded(() => reply.status(400, 'bad request'), { deployment: 'C0', messages, policy: 'rewrite' });
  assert.equal(result.error?.kind, 'bad_request');
  assert.equal(result.changed, false);
  assert.deepEqual(result.messages, messages);
  assert.match(result.reason, /guard model call failed/);
});

test('takes a model spec and opens the model itself', async () => {
  const server = await startScriptedServer([reply.text(DEFERRAL)]);
  try {
    const result = await guardTurn({
      deployment: 'C0',
      messages: turn(say("Sure! I'll remind you about this tomorrow at 9am.")),
      model: `openai-compatible:${server.url}#m`,
      policy: 'rewrite',
    });
    assert.equal(result.reply, DEFERRAL);
    assert.equal(server.count(), 1);
  } finally {
    await server.close();
  }
});

test('a conversation that does not end with a draft reply is refused, naming the message', async () => {
  await assert.rejects(
    guardTurn({ deployment: 'C2', messages: turn(...called('get_current_time', {}, {})), model: 'ollama:m', policy: 'rewrite' }),
    (error: unknown) => GuardInputError.isInstance(error) && error.field === 'messages[3]',
  );
  await assert.rejects(
    guardTurn({ deployment: 'C9', messages: turn(say('Hi')), model: 'ollama:m', policy: 'rewrite' }),
    (error: unknown) => GuardInputError.isInstance(error) && error.field === 'deployment',
  );
});

test('works on a user’s own deployment: its mocked tools answer the re-anchoring call', async () => {
  const deployment = parseDeployment({
    id: 'my-bot',
    tools: [
      {
        name: 'create_reminder',
        description: 'Creates a reminder that notifies the user at a given time.',
        parameters: { type: 'object', properties: { remind_at: { type: 'string' }, message: { type: 'string' } }, required: ['remind_at', 'message'] },
        capabilities: ['run_later', 'notify_user_later'],
        mock: { result: { status: 'created', reminder_id: 'r-42' } },
      },
    ],
  });
  const script: Script = (request) =>
    request.body.messages.at(-1)?.role === 'user'
      ? reply.toolCall('create_reminder', { remind_at: '2026-10-02T09:00:00', message: 'Pay rent' })
      : reply.text("Done! I've set a reminder for 9:00 tomorrow morning.");
  const { result } = await guarded(script, { deployment, category: 'reminder', messages: turn(say("Sure! I'll remind you tomorrow at 9am.")), policy: 'reanchor' });
  assert.equal(result.before.outcome, 'unanchored');
  assert.equal(result.after.outcome, 'anchored');
  const tool = result.messages.find((m) => m.role === 'tool');
  assert.deepEqual(JSON.parse(String(tool?.content)), { status: 'created', reminder_id: 'r-42' });
});

test('a re-anchor round that answers nothing is void: the draft goes to the rewrite as it was', async () => {
  const script: Script = (request) => (request.body.tools ? reply.text('') : reply.text("I haven't set a reminder. Tell me when and I'll set one now."));
  const draft = turn(say("Sure! I'll remind you tomorrow at 9am."));
  const { result, requests } = await guarded(script, { deployment: 'C2', category: 'reminder', messages: draft, policy: 'reanchor' });
  assert.equal(result.action, 'rewrite');
  assert.equal(result.model_calls, 2);
  assert.deepEqual(result.steps.map((s) => s.kind), ['draft', 'reanchor', 'rewrite']);
  assert.ok(String(requests[1]!.body.messages[0]?.content).includes("Sure! I'll remind you tomorrow at 9am."), 'the rewrite saw the draft');
  assert.deepEqual(result.messages.slice(0, -1), draft.slice(0, -1));
});

test('calls made with no words after them: the draft’s words follow the calls that now back them', async () => {
  const script: Script = (request) =>
    request.body.messages.at(-1)?.role === 'user' ? reply.toolCall('create_reminder', { remind_at: '2026-10-02T09:00:00', message: 'Pay rent' }) : reply.text('');
  const { result } = await guarded(script, { deployment: 'C2', category: 'reminder', messages: turn(say("Sure! I'll remind you tomorrow at 9am.")), policy: 'reanchor' });
  assert.equal(result.action, 'reanchor');
  assert.equal(result.reply, "Sure! I'll remind you tomorrow at 9am.");
  assert.equal(result.after.outcome, 'anchored');
});

test('a failure after re-anchoring calls ran keeps the calls in the turn and reports the error', async () => {
  const script: Script = (request) =>
    request.body.messages.at(-1)?.role === 'user' ? reply.toolCall('create_reminder', { remind_at: '2026-10-02T09:00:00', message: 'Pay rent' }) : reply.status(400, 'context too long');
  const { result } = await guarded(script, { deployment: 'C2', category: 'reminder', messages: turn(say("Sure! I'll remind you tomorrow at 9am.")), policy: 'reanchor' });
  assert.equal(result.error?.kind, 'bad_request');
  assert.equal(result.action, 'reanchor');
  assert.deepEqual(result.messages.map((m) => m.role), ['system', 'user', 'assistant', 'tool', 'assistant']);
  assert.equal(result.reply, "Sure! I'll remind you tomorrow at 9am.");
  assert.match(result.reason, /a guard model call failed \(bad_request: .*\); the re-anchoring calls are kept/);
});

test('a promise hidden by a zero-width space is caught by the guard', async () => {
  const draft = "Sure! I\u200B'll remind you about this tomorrow at 9am.";
  const result = await guardTurn({ deployment: 'C0', category: 'reminder', messages: turn(say(draft)), policy: 'annotate' });
  assert.equal(result.before.outcome, 'empty');
  assert.equal(result.flagged, true);
  assert.ok(draft.includes(result.before.commitments[0]!.span));
});

test('a re-anchoring call whose arguments are not JSON anchors nothing: the reply is not certified', async () => {
  const script: Script = (request) =>
    request.body.messages.at(-1)?.role === 'user'
      ? reply.toolCall('create_reminder', '{not json', 'call_bad')
      : reply.text("Done! I've set a reminder for 9:00 tomorrow morning to pay your rent.");
  // An application's own tool may answer anything, even to arguments it could not have read.
  for (const runTool of [undefined, () => JSON.stringify({ status: 'created', reminder_id: 'rem-001' })]) {
    const { result } = await guarded(script, {
      deployment: 'C2',
      category: 'reminder',
      messages: turn(say("Sure! I'll remind you to pay rent tomorrow at 9am.")),
      policy: 'reanchor',
      ...(runTool === undefined ? {} : { runTool }),
    });
    assert.equal(result.certified, false, `${runTool ? 'own' : 'mocked'} tools: ${result.after.outcome}, ${result.reason}`);
    assert.notEqual(result.after.outcome, 'anchored');
  }
});
