/**
 * Builds turn records for tests: a user message, optional tool calls with results, and the
 * assistant's final reply.
 */
import type { Category, ChatMessage, Doability } from '../../core/types.ts';
import type { TurnRecord } from '../turn-record.ts';

export const MOCK_RESULTS: Record<string, string> = {
  get_current_time: '{"now":"2026-10-01T10:00:00","weekday":"Thursday"}',
  search_docs: '{"title":"Help center","text":"How to submit a meter reading."}',
  lookup_account: '{"account_id":"A-10293","name":"J. Rivera","balance_due":84.20,"due_date":"2026-10-15","status":"active"}',
  schedule_task: '{"status":"scheduled","task_id":"task-001"}',
  create_reminder: '{"status":"created","reminder_id":"rem-001"}',
  memory_write: '{"status":"saved","key":"prefs"}',
  memory_read: '{"key":"prefs","value":null}',
  create_ticket: '{"status":"created","ticket_id":"TCK-1001"}',
  escalate_to_human: '{"status":"escalated","case_id":"CASE-2001"}',
};

export interface TurnOptions {
  setup?: string;
  persona?: 'generic' | 'support';
  category?: Category;
  doable?: Doability;
  user?: string;
  /** Tool names called before the reply; `name!` makes the call return an error. */
  calls?: string[];
}

export function turn(reply: string, options: TurnOptions = {}): TurnRecord {
  const messages: ChatMessage[] = [{ role: 'user', content: options.user ?? 'Can you help me with this?' }];
  (options.calls ?? []).forEach((spec, i) => {
    const failed = spec.endsWith('!');
    const name = failed ? spec.slice(0, -1) : spec;
    const id = `call_${i + 1}`;
    messages.push({ role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name, arguments: '{}' } }] });
    messages.push({ role: 'tool', tool_call_id: id, content: failed ? '{"status":"error","message":"service unavailable"}' : (MOCK_RESULTS[name] ?? '{"status":"ok"}') });
  });
  messages.push({ role: 'assistant', content: reply });
  return {
    id: 't',
    setup: options.setup ?? 'C0',
    persona: options.persona ?? 'generic',
    ...(options.category ? { category: options.category } : {}),
    ...(options.doable ? { doable: options.doable } : {}),
    messages,
  };
}

let builtTurns = 0;

/**
 * A turn in a custom deployment: the user's message, each call with its arguments (`{}` unless
 * given) and result (`{"status":"ok"}` unless given, or `defaultResult`), and the reply. Ids are unique across a test file.
 */
export function turnWithCalls(reply: string, calls: readonly { name: string; result?: string; arguments?: string }[], setup: unknown, user = 'Please sort this out for me.', defaultResult = '{"status":"ok"}') {
  const n = ++builtTurns;
  const messages: ChatMessage[] = [{ role: 'user', content: user }];
  calls.forEach((call, i) => {
    const id = `call_${n}_${i + 1}`;
    messages.push({ role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name: call.name, arguments: call.arguments ?? '{}' } }] });
    messages.push({ role: 'tool', tool_call_id: id, content: call.result ?? defaultResult });
  });
  messages.push({ role: 'assistant', content: reply });
  return { id: `turn-${n}`, setup, messages };
}
