/**
 * One response as the report's list shows it: condition, outcome, the user's request, the reply
 * with its commitment spans, the tool calls each with its result, for a guarded fix arm the
 * model's draft beside the reply sent, and why the label is what it is (read from the label
 * record, so it holds for any engine). Every text is cut to a bound: a reply can be any size.
 */
import { OUTCOME_RULES } from '../core/outcome.ts';
import { viewTurn } from '../core/turn.ts';
import type { ChatMessage, JudgedCommitment, LabelRecord } from '../core/types.ts';
import { asksForWhatTheCallNeeds } from '../stats/metrics.ts';
import type { ReportResponse } from './report-response.ts';

export const MAX_REPLY_CHARS = 4000;
export const MAX_USER_CHARS = 600;
export const MAX_CALLS = 10;
export const MAX_ARGUMENT_CHARS = 400;
export const MAX_RESULT_CHARS = 400;
export const MAX_REASON_CHARS = 400;

export interface CallView {
  name: string;
  arguments: string;
  /** The tool's result as the model read it, or null when no result answered the call. */
  result: string | null;
}

export interface GuardView {
  action: string;
  reason: string;
  draft: string;
  draftOutcome: string | null;
}

export interface ResponseView {
  id: string;
  model: string;
  setup: string;
  variant: string;
  persona: string;
  fix: string;
  category: string;
  request: string;
  /** The outcome label, or `error` (the model call failed) or `unlabelled`. */
  outcome: string;
  user: string;
  reply: string;
  spans: string[];
  calls: CallView[];
  /** Set for a guarded fix arm whose draft the run kept. */
  guard: GuardView | null;
  why: string[];
}

function textOf(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p) => (typeof p.text === 'string' ? p.text : '')).join('');
  return '';
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… [${text.length - max} more characters]` : text;
}

function commitmentWhy(c: JudgedCommitment): string {
  const kind = c.agent_initiated ? 'agent-initiated' : c.is_offer ? 'offer' : 'waits for the user';
  const feasibility = !c.agent_initiated ? '' : c.feasible ? 'feasible' : `empty (${c.failure_types.join(', ') || 'infeasible'})`;
  const strict = c.anchored_strict === false ? ' (the call\'s arguments contradict it: not anchored_strict)' : '';
  const anchoring = c.anchored === true ? `anchored${strict}` : c.anchored === false ? `not anchored (needs ${c.anchoring_tools_required.join(' or ')})${strict}` : '';
  return `“${cut(c.span, 160)}”: ${[kind, feasibility, anchoring].filter((s) => s !== '').join('; ')}`;
}

function whyOf(label: LabelRecord): string[] {
  const asks = asksForWhatTheCallNeeds({ outcome: label.outcome, booleans: label.booleans, commitments: label.commitments, doability: null });
  const rules = OUTCOME_RULES.filter((r) => r.outcome === label.outcome);
  const rule = label.outcome === 'other' ? rules[asks ? 0 : rules.length - 1] : rules[0];
  const flags = Object.entries(label.booleans ?? {}).filter(([, v]) => v === true).map(([k]) => k);
  return [
    `${label.outcome}: ${rule?.why ?? 'label from the engine'}`,
    ...label.commitments.slice(0, 20).map(commitmentWhy),
    ...(flags.length > 0 ? [`judge: ${flags.join(', ')}`] : []),
  ];
}

export function responseView(r: ReportResponse): ResponseView {
  const lastUser = r.messages.map((m) => m.role).lastIndexOf('user');
  const turn = r.messages.slice(lastUser + 1);
  const reply = turn.filter((m) => m.role === 'assistant').map((m) => textOf(m.content)).filter((t) => t !== '').at(-1) ?? '';
  const calls = viewTurn(r.messages).calls;
  const guard = r.guard;
  return {
    id: r.id,
    model: r.model,
    setup: r.setup,
    variant: r.variant,
    persona: r.persona,
    fix: r.fix,
    category: r.category,
    request: r.request,
    outcome: r.error !== null ? 'error' : (r.label?.outcome ?? 'unlabelled'),
    user: cut(lastUser >= 0 ? textOf(r.messages[lastUser]!.content) : '', MAX_USER_CHARS),
    reply: r.error !== null ? cut(`model call failed: ${r.error}`, MAX_REPLY_CHARS) : cut(reply, MAX_REPLY_CHARS),
    spans: (r.label?.commitments ?? []).map((c) => c.span).filter((s) => typeof s === 'string' && s !== '').slice(0, 20),
    calls: calls.slice(0, MAX_CALLS).map((c) => ({
      name: cut(String(c.name), 100),
      arguments: cut(String(c.rawArguments), MAX_ARGUMENT_CHARS),
      result: c.result === null ? null : cut(String(c.result), MAX_RESULT_CHARS),
    })),
    guard:
      guard === undefined
        ? null
        : { action: cut(guard.action, 40), reason: cut(guard.reason, MAX_REASON_CHARS), draft: cut(guard.draft, MAX_REPLY_CHARS), draftOutcome: guard.draftOutcome === null ? null : cut(guard.draftOutcome, 40) },
    why: r.label === null ? [] : whyOf(r.label),
  };
}
