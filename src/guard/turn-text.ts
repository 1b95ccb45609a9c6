/**
 * The pieces of a turn the guard's prompts quote: the user's message, the tool activity and the
 * draft, each bounded (they come from users and models), and the draft swapped for a new reply.
 */
import type { ChatMessage } from '../core/types.ts';
import { viewTurn } from '../core/turn.ts';

export const MAX_USER_CHARS = 4_000;
export const MAX_DRAFT_CHARS = 20_000;
const MAX_TOOL_TEXT = 1_000;
const MAX_CALLS_SHOWN = 20;

export function bounded(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export function userMessageOf(messages: readonly ChatMessage[]): string {
  return bounded(viewTurn(messages).userText.trim(), MAX_USER_CHARS);
}

export function draftOf(messages: readonly ChatMessage[]): string {
  return viewTurn(messages).finalText;
}

/** One line per call of the turn: `name(arguments) → result`, or "(none)". */
export function toolActivity(messages: readonly ChatMessage[]): string {
  const { calls } = viewTurn(messages);
  if (calls.length === 0) return '(none)';
  const lines = calls.slice(0, MAX_CALLS_SHOWN).map((call) => {
    const result = call.result === null ? '(no result)' : bounded(call.result, MAX_TOOL_TEXT);
    return `- ${bounded(call.name, 100)}(${bounded(call.rawArguments, MAX_TOOL_TEXT)}) → ${result}`;
  });
  if (calls.length > MAX_CALLS_SHOWN) lines.push(`- … and ${calls.length - MAX_CALLS_SHOWN} more calls`);
  return lines.join('\n');
}

/** The turn with its final reply replaced; every earlier message, and so every call, unchanged. */
export function withFinalReply(messages: readonly ChatMessage[], reply: string): ChatMessage[] {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') throw new Error('the turn does not end with an assistant reply');
  return [...messages.slice(0, -1), { ...last, content: reply }];
}
