/**
 * Tool calls made before the turn: in a record holding a whole conversation, what earlier turns
 * did. A successful earlier call backs a later report of its act ("your reservation was
 * cancelled" two turns after the call); it never anchors a promise of this turn. Pure.
 */
import { callsIn, type ToolActivity } from './turn.ts';
import type { ChatMessage } from './types.ts';

/** Calls in `messages[0, end)` with their results; a call with no result counts as done. */
export function earlierCalls(messages: readonly ChatMessage[], end: number): ToolActivity[] {
  return callsIn(messages, 0, end);
}
