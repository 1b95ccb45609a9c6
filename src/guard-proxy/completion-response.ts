/**
 * The non-streamed response: the upstream body byte for byte when the reply passed (the verdict
 * in a header only), otherwise the completion with the guard's change in place and a `felicity`
 * field holding the verdict.
 */
import type { Decision } from './policies.ts';
import { verdictHeader } from './verdict.ts';

interface Completion {
  choices?: { message?: Record<string, unknown>; finish_reason?: unknown }[];
  [field: string]: unknown;
}

export function completionBody(original: Uint8Array<ArrayBuffer>, parsed: Completion, decision: Decision): Uint8Array<ArrayBuffer> | string {
  if (decision.kind === 'pass' && (decision.verdict.action === 'none' || decision.verdict.action === 'skipped')) return original;
  const choices = Array.isArray(parsed.choices) ? [...parsed.choices] : [];
  const first = choices[0] ?? {};
  if (decision.kind === 'text') choices[0] = { ...first, message: { role: 'assistant', content: decision.text }, finish_reason: 'stop' };
  if (decision.kind === 'tool_calls') choices[0] = { ...first, message: { role: 'assistant', content: null, tool_calls: decision.calls }, finish_reason: 'tool_calls' };
  return JSON.stringify({ ...parsed, choices, felicity: decision.verdict });
}

export function verdictHeaders(decision: Decision): Record<string, string> {
  return { 'x-felicity-verdict': verdictHeader(decision.verdict), 'x-felicity-request-id': decision.verdict.request_id };
}
