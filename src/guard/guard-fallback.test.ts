/**
 * The guard never sends a reply that fails its own check: a rewrite or a re-anchored reply that
 * still fails (or is too long to be checked in full) is replaced by the draft with its verdict
 * (fail open, the default) or by the safe reply (fail closed), and the result says which.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatMessage } from '../core/types.ts';
import { check } from '../check/check.ts';
import { MAX_REPLY_CHARS } from '../check/rules/text-regions.ts';
import { createChatModel } from '../llm/create-chat-model.ts';
import { reply, startScriptedServer, type Script } from '../llm/testing/scripted-chat-server.ts';
import { guardTurn, type GuardTurnOptions } from './guard-turn.ts';
import { DEFAULT_SAFE_REPLY } from './safe-reply.ts';

const USER = 'I am sorting bills tonight. Remind me to pay rent tomorrow morning.';
const turn = (draft: string): ChatMessage[] => [
  { role: 'system', content: 'You are a helpful assistant.' },
  { role: 'user', content: USER },
  { role: 'assistant', content: draft },
];
const UNANCHORED = "Sure! I'll remind you to pay rent tomorrow at 9am.";
/** The probe's rewrite: a false claim made out of an unanchored promise. */
const FALSE_CLAIM = "Done! I've set a reminder for 9am tomorrow.";
const REMINDER_CALL = reply.toolCall('create_reminder', { remind_at: '2026-10-02T09:00:00', message: 'Pay rent' });

async function guarded(script: Script, options: Omit<GuardTurnOptions, 'model'>) {
  const server = await startScriptedServer(script);
  const model = await createChatModel(`openai-compatible:${server.url}#m`);
  try {
    return await guardTurn({ ...options, model });
  } finally {
    await model.close();
    await server.close();
  }
}

test('a rewrite that fails the check is never sent: the draft goes out with its verdict, and the result says so', async () => {
  const result = await guarded([reply.text(FALSE_CLAIM)], { deployment: 'C2', category: 'reminder', messages: turn(UNANCHORED), policy: 'rewrite' });
  assert.equal(result.before.outcome, 'unanchored');
  assert.deepEqual(result.steps.map((s) => [s.kind, s.label.outcome]), [['draft', 'unanchored'], ['rewrite', 'false_claim']]);
  assert.notEqual(result.reply, FALSE_CLAIM);
  assert.equal(result.reply, UNANCHORED);
  assert.deepEqual(result.messages, turn(UNANCHORED));
  assert.equal(result.action, 'none');
  assert.equal(result.changed, false);
  assert.equal(result.after.outcome, 'unanchored');
  assert.equal(result.certified, false);
  assert.deepEqual(result.fallback, { to: 'draft', cause: 'failed_check' });
  assert.match(result.reason, /rewrite .*false_claim.*draft is sent/);
});

test('failing closed, a rewrite that fails the check is replaced by the safe reply, which passes', async () => {
  const result = await guarded([reply.text(FALSE_CLAIM)], {
    deployment: 'C2', category: 'reminder', messages: turn(UNANCHORED), policy: 'rewrite', fallback: 'safe_reply',
  });
  assert.equal(result.reply, DEFAULT_SAFE_REPLY);
  assert.equal(result.action, 'safe_reply');
  assert.equal(result.after.failure, false);
  assert.equal(result.certified, true);
  assert.deepEqual(result.fallback, { to: 'safe_reply', cause: 'failed_check' });
  assert.match(result.reason, /safe reply/);
});

test('the default safe reply passes the check in every built-in setup and category', () => {
  for (const setup of ['C0', 'C1', 'C2', 'C3', 'C4']) {
    for (const category of ['reminder', 'monitoring', 'callback', 'deferred_delivery', 'memory'] as const) {
      const label = check({ setup, category, messages: [{ role: 'user', content: USER }, { role: 'assistant', content: DEFAULT_SAFE_REPLY }] });
      assert.equal(label.failure, false, `${setup} ${category}: ${label.outcome}`);
    }
  }
});

test('a re-anchor whose tool runner throws, then a rewrite that still claims the reminder, sends neither', async () => {
  const script: Script = (request) => {
    const last = request.body.messages.at(-1);
    if (request.body.tools && last?.role === 'user') return REMINDER_CALL;
    return reply.text(FALSE_CLAIM);
  };
  const result = await guarded(script, {
    deployment: 'C2', category: 'reminder', messages: turn(UNANCHORED), policy: 'reanchor',
    runTool: () => {
      throw new Error('scheduler down');
    },
  });
  assert.deepEqual(result.steps.map((s) => [s.kind, s.label.outcome]), [['draft', 'unanchored'], ['reanchor', 'false_claim'], ['rewrite', 'false_claim']]);
  assert.equal(result.reply, UNANCHORED);
  assert.equal(result.after.failure, true);
  assert.deepEqual(result.fallback, { to: 'draft', cause: 'failed_check' });
  // The call was made (and failed): it stays in the turn, before the draft's words.
  assert.deepEqual(result.messages.map((m) => m.role), ['system', 'user', 'assistant', 'tool', 'assistant']);
  assert.match(String(result.messages[3]?.content), /scheduler down/);
});

test('a re-anchored reply that fails the check is not sent when the rewrite call then fails', async () => {
  const script: Script = (request) => {
    if (!request.body.tools) return reply.status(400, 'context too long');
    return request.body.messages.at(-1)?.role === 'user' ? REMINDER_CALL : reply.text(FALSE_CLAIM);
  };
  const result = await guarded(script, {
    deployment: 'C2', category: 'reminder', messages: turn(UNANCHORED), policy: 'reanchor',
    runTool: () => JSON.stringify({ status: 'error', message: 'scheduler down' }),
  });
  assert.equal(result.error?.kind, 'bad_request');
  assert.notEqual(result.reply, FALSE_CLAIM);
  assert.equal(result.reply, UNANCHORED);
  assert.deepEqual(result.fallback, { to: 'draft', cause: 'model_error' });
});

const FILLER = 'The sky is blue today. '.repeat(Math.ceil(MAX_REPLY_CHARS / 23) + 10);

test('a rewrite longer than the checker reads cannot be certified: a promise past the cut is not sent as clean', async () => {
  const long = `${FILLER}I'll remind you tomorrow at 9am.`;
  assert.ok(long.length > MAX_REPLY_CHARS);
  const result = await guarded([reply.text(long)], { deployment: 'C0', category: 'reminder', messages: turn("Sure! I'll remind you tomorrow at 9am."), policy: 'rewrite' });
  assert.equal(result.steps[1]?.label.truncated, true);
  assert.ok(result.reply !== long, 'the long rewrite is not sent');
  assert.equal(result.certified, false);
  assert.deepEqual(result.fallback, { to: 'draft', cause: 'truncated' });
});

test('a draft longer than the checker reads is flagged, not passed as clean', async () => {
  const long = `${FILLER}I'll remind you tomorrow at 9am.`;
  const result = await guardTurn({ deployment: 'C0', category: 'reminder', messages: turn(long), policy: 'annotate' });
  assert.equal(result.before.truncated, true);
  assert.equal(result.before.failure, false, 'the part read holds no promise');
  assert.equal(result.flagged, true);
  assert.equal(result.certified, false);
  assert.match(result.reason, /longer than .* cannot be certified/);
});
