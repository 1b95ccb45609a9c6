/**
 * The non-streamed response: the upstream body byte for byte when the reply passed (the verdict
 * in a header only), otherwise the completion with the guard's change in place and a `felicity`
 * field holding the verdict.
 */
import type { Usage } from '../llm/chat-model.ts';
import type { Decision } from './policies.ts';
import { verdictHeader } from './verdict.ts';

interface Completion {
  choices?: { message?: Record<string, unknown>; finish_reason?: unknown }[];
  usage?: unknown;
  [field: string]: unknown;
}

export function completionBody(original: Uint8Array<ArrayBuffer>, parsed: Completion, decision: Decision): Uint8Array<ArrayBuffer> | string {
  if (decision.kind === 'pass' && (decision.verdict.action === 'none' || decision.verdict.action === 'skipped')) return original;
  const choices = Array.isArray(parsed.choices) ? [...parsed.choices] : [];
  const first = choices[0] ?? {};
  if (decision.kind === 'text') choices[0] = { ...first, message: { role: 'assistant', content: decision.text }, finish_reason: 'stop' };
  if (decision.kind === 'tool_calls') choices[0] = { ...first, message: { role: 'assistant', content: null, tool_calls: decision.calls }, finish_reason: 'tool_calls' };
  const usage = withGuardUsage(parsed['usage'], decision.verdict.usage);
  return JSON.stringify({ ...parsed, choices, ...(usage === undefined ? {} : { usage }), felicity: decision.verdict });
}

/**
 * The response's usage with the guard's own calls added (a rewrite, a re-anchoring call), so a
 * client counting tokens counts what was spent for it; `felicity.usage` holds the guard's part.
 */
export function withGuardUsage(upstream: unknown, guard: Usage | undefined): unknown {
  if (guard === undefined) return upstream;
  const base = upstream !== null && typeof upstream === 'object' ? (upstream as Record<string, unknown>) : {};
  const add = (key: string, value: number) => (typeof base[key] === 'number' ? (base[key] as number) : 0) + value;
  return { ...base, prompt_tokens: add('prompt_tokens', guard.prompt_tokens), completion_tokens: add('completion_tokens', guard.completion_tokens), total_tokens: add('total_tokens', guard.total_tokens) };
}

export function verdictHeaders(decision: Decision): Record<string, string> {
  return { 'x-felicity-verdict': verdictHeader(decision.verdict), 'x-felicity-request-id': decision.verdict.request_id };
}
