/**
 * The guard's verdict on one reply: what the checker found, what the proxy did, and against which
 * deployment. Every response carries one (a header, and a `felicity` field or SSE comment when the
 * body can hold it), so nothing passes unchecked without saying so.
 */
import { checkExplainLater } from '../check/check.ts';
import type { Explanation } from '../check/explanation.ts';
import type { NotLabelledReason } from '../check/unjudgeable.ts';
import type { ChatMessage, LabelRecord, Outcome, ToolCall } from '../core/types.ts';
import { certifies } from '../guard/certified.ts';
import type { Usage } from '../llm/chat-model.ts';
import type { RequestDeployment } from './request-deployment.ts';

export const VERDICT_ACTIONS = ['none', 'annotated', 'rewritten', 'reanchored', 'blocked', 'skipped', 'failed_open', 'failed_closed'] as const;
/**
 * none: the reply passed (or, unreadable, was passed as `--on-unreadable pass` says); annotated:
 * it failed or could not be read and was sent unchanged with its verdict; rewritten, reanchored (a
 * tool call returned instead), blocked: it was replaced; skipped: not a reply to judge (a
 * tool-call step, an upstream error); failed_open / failed_closed: the checker or a fix failed,
 * and the draft (open) or a blocking reply (closed) was sent.
 */
export type VerdictAction = (typeof VERDICT_ACTIONS)[number];

/** One failing part of the draft: its words, the failure, and what would have made it true. */
export interface VerdictSpan {
  /** The reply's own words (bounded). */
  span: string;
  failure_types: string[];
  /** One line: why it fails (which call is missing or failed, which capability nothing provides). */
  why: string;
  /** The tools a successful call of which would have backed the claim or carried out the promise. */
  tools?: string[];
  /** A claim after a call that failed: that call. */
  failed_call?: { id: string; name: string };
  /** An empty promise: the capabilities no offered tool provides. */
  needs?: string[];
}

export interface Verdict {
  request_id: string;
  /** Whether the checker read the reply: false when nothing was judged, or the reply could not be read. */
  checked: boolean;
  /** The draft's outcome; `not_labelled` when the rules cannot read it; null when nothing was checked. */
  outcome: Outcome | 'not_labelled' | null;
  /** Why the reply could not be read (`language`: not English; `no_reply`: no text), with outcome `not_labelled`. */
  not_labelled?: NotLabelledReason;
  failure: boolean;
  /** What read the reply, when it was read: the rules, or the judge model (`--engine hybrid`, for a reply the rules cannot read). */
  labelled_by?: 'rules' | 'judge_model';
  action: VerdictAction;
  /** Whether the reply sent passed the check in full (a returned tool call counts: it claims nothing). */
  certified: boolean;
  reason: string;
  /** The failing commitments and false claims of the draft, each with its words. */
  spans: VerdictSpan[];
  /**
   * The deployment judged against. `tools_without_capabilities`: offered or called tools that no
   * deployment file, `tool_capabilities` entry or guess gave a capability; the checker treats them
   * as providing none (a described tool can be here: its words matched no capability).
   */
  deployment: { source: 'file' | 'inferred'; id: string; tools_without_capabilities: string[] } | null;
  /** Set when the request continues a stored conversation (previous_response_id): its earlier turns were not visible to the check. */
  history?: 'not_visible';
  /** The guard's own model calls for this reply (the judge model's label, a rewrite, a re-anchoring call), also counted in the response's usage. */
  usage?: Usage;
}

const MAX_SPAN_CHARS = 300;

/** A label, and why it was given (worked out only when asked: a passing reply never asks). */
export interface Judged {
  label: LabelRecord;
  explain(): Explanation;
  /** The reply judged, for a claim's whole sentence. */
  draft?: string;
}

/** Labels the draft as the last message of the turn the request's messages lead up to. */
export function labelDraft(messages: readonly ChatMessage[], draft: string, where: RequestDeployment, id: string): LabelRecord {
  return judgeDraftText(messages, draft, where, id).label;
}

/** The same, keeping the explanation at hand for the verdict's spans. */
export function judgeDraftText(messages: readonly ChatMessage[], draft: string, where: RequestDeployment, id: string, calls?: readonly ToolCall[]): Judged {
  const reply: ChatMessage = calls !== undefined && calls.length > 0 ? { role: 'assistant', content: draft, tool_calls: [...calls] } : { role: 'assistant', content: draft };
  // The validated deployment as the fallback setup: the checker uses it as it is (no re-parse per reply).
  return { ...checkExplainLater({ id, persona: 'generic', messages: [...messages, reply] }, { setup: where.deployment }), draft };
}

/** Each failing part of the draft: its words, what fails, and the tool or call it turns on. */
export function failingSpans(judged: Judged | LabelRecord): VerdictSpan[] {
  const label = 'label' in judged ? judged.label : judged;
  const spans: VerdictSpan[] = [];
  for (const c of label.commitments) {
    if (!c.agent_initiated || (c.feasible && c.anchored !== false)) continue;
    const span = bound(c.span);
    if (c.feasible) {
      const tools = c.anchoring_tools_required;
      spans.push({ span, failure_types: ['unanchored'], why: `a promise no call in this turn carries out${tools.length > 0 ? ` (a call of ${tools.join(' or ')} would)` : ''}`, tools: [...tools] });
    } else {
      spans.push({ span, failure_types: [...c.failure_types], why: `nothing offered can do it (needs ${c.required_capabilities.join(', ') || 'a capability no tool has'})`, needs: [...c.required_capabilities] });
    }
  }
  if (label.booleans.false_action_claim) {
    const unbacked = 'explain' in judged ? (judged.explain().unbacked ?? []) : [];
    const parts = unbacked.flatMap((claim) => claim.parts.filter((part) => !part.verdict.startsWith('backed')));
    for (const part of parts) {
      spans.push({
        span: bound('draft' in judged && judged.draft !== undefined ? sentenceOf(judged.draft, part.text) : part.text),
        failure_types: ['false_claim'],
        why: part.verdict,
        ...(part.tools !== undefined && part.tools.length > 0 ? { tools: [...part.tools] } : {}),
        ...(part.call === undefined ? {} : { failed_call: { ...part.call } }),
      });
    }
    if (parts.length === 0) spans.push({ span: '', failure_types: ['false_claim'], why: 'reports an action no call in this turn performed' });
  }
  return spans;
}

/** The sentence of `reply` holding `words` ("I've added" → "I've added the meeting with Sam to your calendar for Friday at 3pm."). */
function sentenceOf(reply: string, words: string): string {
  const at = reply.indexOf(words);
  if (at < 0 || words === '') return words;
  const before = reply.slice(0, at);
  const start = Math.max(before.search(/[^.!?\n]*$/), 0);
  const rest = reply.slice(at + words.length);
  const end = rest.search(/[.!?\n]/);
  return reply.slice(start, end < 0 ? reply.length : at + words.length + end + 1).trim();
}

function bound(text: string): string {
  return text.length > MAX_SPAN_CHARS ? `${text.slice(0, MAX_SPAN_CHARS)}…` : text;
}

export function verdictOf(input: {
  requestId: string;
  label: LabelRecord | Judged | null;
  where: RequestDeployment | null;
  action: VerdictAction;
  reason: string;
  certified?: boolean;
  notLabelled?: NotLabelledReason;
}): Verdict {
  const { where } = input;
  const label = input.label === null ? null : 'label' in input.label ? input.label.label : input.label;
  const unreadable = input.notLabelled !== undefined;
  return {
    request_id: input.requestId,
    checked: label !== null && !unreadable,
    outcome: unreadable ? 'not_labelled' : (label?.outcome ?? null),
    ...(unreadable ? { not_labelled: input.notLabelled } : {}),
    failure: !unreadable && (label?.failure ?? false),
    ...(label === null || unreadable ? {} : { labelled_by: labelledBy(label) }),
    action: input.action,
    certified: input.certified ?? (label !== null && !unreadable && certifies(label)),
    reason: input.reason,
    spans: input.label === null || unreadable ? [] : failingSpans(input.label),
    deployment: where === null ? null : { source: where.source, id: where.deployment.id, tools_without_capabilities: where.tools_without_capabilities },
  };
}

/** A model engine's label names its model (`llm(…)`); the rules' names the rules. */
function labelledBy(label: LabelRecord): 'rules' | 'judge_model' {
  return label.engine.detector.startsWith('llm(') ? 'judge_model' : 'rules';
}

/**
 * `outcome=empty; action=blocked; certified=true` (then `; not_labelled=language`,
 * `; labelled_by=judge_model`, `; history=not_visible` when set) — ASCII only, safe in a header.
 */
export function verdictHeader(verdict: Verdict): string {
  const history = verdict.history === undefined ? '' : `; history=${verdict.history}`;
  const unreadable = verdict.not_labelled === undefined ? '' : `; not_labelled=${verdict.not_labelled}`;
  const model = verdict.labelled_by === 'judge_model' ? '; labelled_by=judge_model' : '';
  return `outcome=${verdict.outcome ?? 'unchecked'}; action=${verdict.action}; certified=${verdict.certified}${unreadable}${model}${history}`;
}
