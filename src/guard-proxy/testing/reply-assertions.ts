/**
 * What every API's policy tests assert of a handled reply, on the reply as that API's test client
 * reads it: its text, its calls (name and parsed arguments), the verdict header and the `felicity` field.
 */
import assert from 'node:assert/strict';
import { check } from '../../check/check.ts';
import type { OnFailPolicy } from '../config.ts';
import { HONEST_REWRITE, REMINDER_TOOL } from './agent-model.ts';

export interface SeenReply {
  text: string | null;
  calls: { name: string; input: unknown }[];
  verdict: string | null;
  felicity?: { outcome: string | null } | undefined;
}

/**
 * The enabling call comes back to the client as the reply; its own loop runs it. `noText`: how the
 * API writes a reply with calls only (Chat Completions: content null; the others: no text).
 */
export function assertReanchored(reply: SeenReply, outcome: string, noText: '' | null = ''): void {
  assert.equal(reply.text, noText);
  assert.deepEqual(reply.calls.map((c) => c.name), ['create_reminder']);
  assert.deepEqual(reply.calls[0]!.input, { remind_at: '2026-10-02T09:00:00', message: 'Pay rent' });
  assert.equal(reply.verdict, `outcome=${outcome}; action=reanchored; certified=true`);
}

/** The draft annotated as it was, or replaced by a reply that passes the check it failed. */
export function assertHandled(policy: OnFailPolicy, reply: SeenReply, draft: string, outcome: string): void {
  assert.ok(reply.verdict?.startsWith(`outcome=${outcome}; `), `verdict ${reply.verdict}`);
  if (policy === 'annotate') {
    assert.equal(reply.text, draft);
    assert.equal(reply.verdict, `outcome=${outcome}; action=annotated; certified=false`);
    if (reply.felicity !== undefined) assert.equal(reply.felicity.outcome, outcome);
    return;
  }
  assert.notEqual(reply.text, draft);
  // Whatever replaced the draft passes the check it failed.
  const label = check({ id: 'x', setup: { id: 'd', tools: [{ name: 'create_reminder', description: REMINDER_TOOL.function.description, capabilities: ['run_later', 'notify_user_later'] }] }, messages: [{ role: 'user', content: 'remind me' }, { role: 'assistant', content: reply.text }] });
  assert.equal(label.failure, false, `${reply.text} → ${label.outcome}`);
  if (policy === 'block') assert.equal(reply.verdict, `outcome=${outcome}; action=blocked; certified=true`);
  else {
    assert.equal(reply.text, HONEST_REWRITE);
    assert.equal(reply.verdict, `outcome=${outcome}; action=rewritten; certified=true`);
  }
}
