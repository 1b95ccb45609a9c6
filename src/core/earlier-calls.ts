/**
 * Tool calls made before the turn: in a record holding a whole conversation, what earlier turns
 * did. A successful earlier call backs a later report of its act ("your reservation was
 * cancelled" two turns after the call); it never anchors a promise of this turn. Pure.
 */
import type { ToolActivity } from './turn.ts';
import { reportsError, textOf } from './turn.ts';
import type { ChatMessage } from './types.ts';

/** Calls in `messages[0, end)` with their results; a call with no result counts as done. */
export function earlierCalls(messages: readonly ChatMessage[], end: number): ToolActivity[] {
  const results = new Map<string, string>();
  for (let i = 0; i < end; i++) {
    const message = messages[i]!;
    if (message.role === 'tool') results.set(message.tool_call_id, textOf(message.content));
  }
  const calls: ToolActivity[] = [];
  for (let i = 0; i < end; i++) {
    const message = messages[i]!;
    if (message.role !== 'assistant') continue;
    for (const call of message.tool_calls ?? []) {
      const result = results.get(call.id) ?? null;
      calls.push({
        id: call.id,
        name: call.function?.name ?? '',
        rawArguments: call.function?.arguments ?? '',
        arguments: undefined,
        result,
        succeeded: result === null || !reportsError(result),
      });
    }
  }
  return calls;
}
