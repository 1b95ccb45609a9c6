/**
 * The guard's verdict on one reply: what the checker found, what the proxy did, and against which
 * deployment. Every response carries one (a header, and a `felicity` field or SSE comment when the
 * body can hold it), so nothing passes unchecked without saying so.
 */
import { check } from '../check/check.ts';
import type { ChatMessage, LabelRecord, Outcome } from '../core/types.ts';
import { certifies } from '../guard/certified.ts';
import type { RequestDeployment } from './request-deployment.ts';

export const VERDICT_ACTIONS = ['none', 'annotated', 'rewritten', 'reanchored', 'blocked', 'skipped', 'failed_open', 'failed_closed'] as const;
/**
 * none: the reply passed; annotated: it failed and was sent unchanged with its verdict; rewritten,
 * reanchored (a tool call returned instead), blocked: it failed and was replaced; skipped: not a
 * reply to judge (a tool-call step, an upstream error); failed_open / failed_closed: the checker or
 * a fix failed, and the draft (open) or a blocking reply (closed) was sent.
 */
export type VerdictAction = (typeof VERDICT_ACTIONS)[number];

export interface VerdictSpan {
  span: string;
  failure_types: string[];
}

export interface Verdict {
  request_id: string;
  /** Whether the checker read a reply. */
  checked: boolean;
  /** The draft's outcome; null when nothing was checked. */
  outcome: Outcome | null;
  failure: boolean;
  action: VerdictAction;
  /** Whether the reply sent passed the check in full (a returned tool call counts: it claims nothing). */
  certified: boolean;
  reason: string;
  /** The failing commitments of the draft, or the whole reply's claim when it is a false claim. */
  spans: VerdictSpan[];
  deployment: { source: 'file' | 'inferred'; id: string; unknown_tools: string[] } | null;
}

const MAX_SPAN_CHARS = 300;

/** Labels the draft as the last message of the turn the request's messages lead up to. */
export function labelDraft(messages: readonly ChatMessage[], draft: string, where: RequestDeployment, id: string): LabelRecord {
  // The validated deployment as the fallback setup: the checker uses it as it is (no re-parse per reply).
  return check({ id, persona: 'generic', messages: [...messages, { role: 'assistant', content: draft }] }, { setup: where.deployment });
}

export function failingSpans(label: LabelRecord): VerdictSpan[] {
  const spans = label.commitments
    .filter((c) => c.agent_initiated && (!c.feasible || c.anchored === false))
    .map((c) => ({ span: c.span.slice(0, MAX_SPAN_CHARS), failure_types: c.feasible ? ['unanchored'] : [...c.failure_types] }));
  if (label.booleans.false_action_claim && spans.length === 0) spans.push({ span: '', failure_types: ['false_claim'] });
  return spans;
}

export function verdictOf(input: {
  requestId: string;
  label: LabelRecord | null;
  where: RequestDeployment | null;
  action: VerdictAction;
  reason: string;
  certified?: boolean;
}): Verdict {
  const { label, where } = input;
  return {
    request_id: input.requestId,
    checked: label !== null,
    outcome: label?.outcome ?? null,
    failure: label?.failure ?? false,
    action: input.action,
    certified: input.certified ?? (label !== null && certifies(label)),
    reason: input.reason,
    spans: label === null ? [] : failingSpans(label),
    deployment: where === null ? null : { source: where.source, id: where.deployment.id, unknown_tools: where.unknown_tools },
  };
}

/** `outcome=empty; action=blocked; certified=true` — ASCII only, safe in a header. */
export function verdictHeader(verdict: Verdict): string {
  return `outcome=${verdict.outcome ?? 'unchecked'}; action=${verdict.action}; certified=${verdict.certified}`;
}
