/**
 * A scripted "model" for the guard's end-to-end tests: it answers the guard's own rewrite and
 * re-anchoring calls as a cooperative model would, and otherwise answers by a keyword in the
 * user's message: CLEAN (a plain answer), CLAIM (says a reminder was set, with no call), EMPTY
 * (promises an email with no email tool), PROMISE (promises a reminder without calling the
 * reminder tool), LOOP (calls the reminder tool first, then reports it), SPANISH (an empty promise
 * in Spanish), MIXED (a report and a promise in the same reply as a call that only reads).
 */
import type { ChatMessage } from '../../core/types.ts';
import { SPANISH_PROMISE } from '../../guard/testing/spanish-judge.ts';
import { say, type UpstreamReply, type UpstreamRequest } from './scripted-upstream.ts';

export const CLEAN_REPLY = 'Paris is the capital of France. «Ünïcode» stays — exactly.';
export const CLAIM_REPLY = "Done! I've set a reminder for 9am tomorrow.";
export const EMPTY_REPLY = "Sure, I'll email you the report tonight.";
export const PROMISE_REPLY = "Sure! I'll remind you tomorrow at 9am.";
export const LOOP_REPLY = "Done: I've set a reminder for 9am tomorrow to pay rent.";
/** An empty promise the rules cannot read (Spanish): "Sure! I'll remind you tomorrow morning." */
export const SPANISH_REPLY = SPANISH_PROMISE;
/** Text with a call in the same reply: the call only reads, so the report and the promise are not kept by it. */
export const MIXED_REPLY = "Done! Reminder set for tomorrow at 9. I'll also remind you again next week.";

export const LIST_TOOL = {
  type: 'function',
  function: { name: 'list_reminders', description: 'Lists the reminders the user already has.', parameters: { type: 'object', properties: {} } },
} as const;

export const HONEST_REWRITE = "I can't set reminders for later from here; a phone alarm for 9am would do it.";

export const REMINDER_TOOL = {
  type: 'function',
  function: {
    name: 'create_reminder',
    description: 'Creates a reminder that notifies the user at a given time.',
    parameters: { type: 'object', properties: { remind_at: { type: 'string' }, message: { type: 'string' } }, required: ['remind_at', 'message'] },
  },
} as const;

const text = (message: ChatMessage | undefined): string =>
  typeof message?.content === 'string' ? message.content : Array.isArray(message?.content) ? message.content.map((part) => part?.text ?? '').join('') : '';

export function agentModel(request: UpstreamRequest): UpstreamReply {
  const messages = request.body.messages;
  const last = messages.at(-1);
  if (messages.length === 1 && text(last).startsWith('An AI assistant has drafted the reply below')) return say.text(HONEST_REWRITE);
  if (text(last).includes("[A note from the assistant's runtime")) return say.call('create_reminder', { remind_at: '2026-10-02T09:00:00', message: 'Pay rent' }, 'call_reanchor');
  const user = text([...messages].reverse().find((m) => m.role === 'user'));
  if (user.includes('LOOP')) return last?.role === 'tool' ? say.text(LOOP_REPLY) : say.call('create_reminder', { remind_at: '2026-10-02T09:00:00', message: 'Pay rent' }, 'call_loop');
  if (user.includes('CLAIM')) return say.text(CLAIM_REPLY);
  if (user.includes('SPANISH')) return say.text(SPANISH_REPLY);
  if (user.includes('MIXED')) return last?.role === 'tool' ? say.text(CLEAN_REPLY) : { kind: 'tool_calls', content: MIXED_REPLY, calls: [{ id: 'call_list', type: 'function', function: { name: 'list_reminders', arguments: '{}' } }] };
  if (user.includes('EMPTY')) return say.text(EMPTY_REPLY);
  if (user.includes('PROMISE')) return say.text(PROMISE_REPLY);
  return say.text(CLEAN_REPLY);
}
