/**
 * What the proxy does with a reply, given its label and `--on-fail`: pass it, annotate it, block
 * it, rewrite it (the upstream model at temperature 0), or re-anchor it (ask the upstream model for
 * the enabling call and return that call to the client, whose own loop runs it: the proxy never
 * runs an application's tools). A fix that fails, or a checker that throws, ends in `--on-error`:
 * open sends the draft with its verdict, closed sends a blocking reply. A reply the rules cannot
 * read is never certified: `--on-unreadable` passes, annotates or blocks it.
 *
 * A reply with text and tool calls has its text checked against those calls (they are about to
 * run). When it fails, a policy that changes replies keeps the calls and drops the text: the
 * client's loop runs the calls, and the reply after them is judged in its turn.
 */
import { argumentsAreObject } from '../core/tool-arguments.ts';
import type { ChatMessage, LabelRecord, ToolCall } from '../core/types.ts';
import { certifies } from '../guard/certified.ts';
import { fillPrompt, REANCHOR_PROMPT } from '../guard/guard-prompts.ts';
import { reanchorTarget } from '../guard/reanchor.ts';
import { rewriteTurn, type ModelAccess } from '../guard/rewrite.ts';
import type { GuardEngine } from '../guard/guard-engine.ts';
import { JudgeModelError } from '../guard/judge-model-error.ts';
import { unreadableReason } from '../guard/unreadable.ts';
import type { NotLabelledReason } from '../check/unjudgeable.ts';
import type { UnreadablePolicy } from '../guard/unreadable-policy.ts';
import { addUsage, ZERO_USAGE, type ChatModel, type OpenAITool, type Usage } from '../llm/chat-model.ts';
import { capabilityCard } from '../setups/capability-card.ts';
import { affordancesFor } from '../setups/persona-tools.ts';
import { blockReply } from './block-reply.ts';
import type { OnErrorMode, OnFailPolicy } from './config.ts';
import type { RequestDeployment } from './request-deployment.ts';
import { judgeDraftText, labelDraft, verdictOf, type Judged, type Verdict, type VerdictAction } from './verdict.ts';

export type Decision =
  /** Send the upstream reply as it came (byte for byte when nothing needs adding). */
  | { kind: 'pass'; verdict: Verdict }
  /** Send this text in place of the reply. */
  | { kind: 'text'; text: string; verdict: Verdict }
  /** Send these tool calls in place of the reply (re-anchoring, or a reply's own calls without its failing text). */
  | { kind: 'tool_calls'; calls: ToolCall[]; verdict: Verdict };

export interface DecideInput {
  requestId: string;
  /** The request's messages: the turn up to the draft. */
  messages: readonly ChatMessage[];
  /** The request's tools, as sent (re-anchoring offers the model exactly these). */
  tools: readonly unknown[] | undefined;
  draft: string;
  /** The reply's own tool calls, when it has text and calls. */
  calls?: readonly ToolCall[];
  where: RequestDeployment;
  onFail: OnFailPolicy;
  onError: OnErrorMode;
  onUnreadable?: UnreadablePolicy;
  /** `hybridGuardEngine`: a reply the rules cannot read (not English) is labelled by its judge model. Other engines: the rules. */
  engine?: GuardEngine;
  /** The upstream model, for rewriting and re-anchoring. */
  model: () => ChatModel;
}

export async function decide(input: DecideInput): Promise<Decision> {
  let judged: Judged;
  try {
    judged = judgeDraftText(input.messages, input.draft, input.where, input.requestId, input.calls);
  } catch (error) {
    return onError(input, null, `the checker failed (${error instanceof Error ? error.message.slice(0, 200) : String(error)})`);
  }
  const calls = input.calls ?? [];
  const turn = (): ChatMessage[] => [...input.messages, { role: 'assistant', content: input.draft, ...(calls.length > 0 ? { tool_calls: [...calls] } : {}) }];
  const unreadable = unreadableReason(judged.label, turn);
  if (unreadable === 'language' && input.engine?.judgeUnreadable !== undefined) return await decideByJudge(input, input.engine.judgeUnreadable, turn(), judged);
  if (unreadable !== undefined) return unreadableDecision(input, judged, unreadable);
  return await decideOn(input, judged);
}

/**
 * A reply the rules cannot read, labelled by the judge model (`--engine hybrid`): its label goes
 * through the policy as the rules' would, its tokens into the verdict's usage; a judge that fails
 * is handled by `--on-error`, the reply still not labelled.
 */
async function decideByJudge(input: DecideInput, judge: NonNullable<GuardEngine['judgeUnreadable']>, turn: ChatMessage[], rules: Judged): Promise<Decision> {
  let spent = ZERO_USAGE;
  const onUsage = (used: Usage) => void (spent = addUsage(spent, used));
  let judged: Judged;
  try {
    const model = await judge({ id: input.requestId, persona: 'generic', messages: turn }, { setup: input.where.deployment, onUsage });
    judged = { label: model.label, explain: () => model.explanation, draft: input.draft };
  } catch (error) {
    if (!JudgeModelError.isInstance(error)) throw error;
    return withUsage(onError(input, rules, `the reply is not in English, which the rules read, and the judge model failed on it (${error.error.kind}: ${error.error.message}); not checked (not_labelled: language)`, 'language'), spent);
  }
  const decision = await decideOn(input, judged);
  return withUsage(decision, addUsage(decision.verdict.usage ?? ZERO_USAGE, spent));
}

/** The policy applied to a reply that was read. */
async function decideOn(input: DecideInput, judged: Judged): Promise<Decision> {
  const { label } = judged;
  const calls = input.calls ?? [];
  const verdict = (action: VerdictAction, reason: string, certified?: boolean) =>
    verdictOf({ requestId: input.requestId, label: judged, where: input.where, action, reason, ...(certified === undefined ? {} : { certified }) });
  const withCalls = calls.length > 0 ? ' (its text checked against the calls it makes)' : '';
  if (certifies(label)) return { kind: 'pass', verdict: verdict('none', `the reply passed the check${withCalls} (${label.outcome})`) };
  const found = label.failure ? `the reply was labelled ${label.outcome}${withCalls}` : 'the reply is too long to be checked in full';
  if (input.onFail === 'annotate') return { kind: 'pass', verdict: verdict('annotated', `${found}; annotate only, sent unchanged`) };
  // Its own calls go on without the failing text: they claim nothing, and the next step is judged.
  if (calls.length > 0) return { kind: 'tool_calls', calls: [...calls], verdict: verdict('blocked', `${found}; the text was removed and the reply's own calls passed on (${calls.map((c) => c.function?.name).join(', ')})`, true) };
  switch (input.onFail) {
    case 'block':
      return { kind: 'text', text: blockReply(input.messages, label, input.where, input.requestId), verdict: verdict('blocked', `${found}; replaced by a blocking reply`, true) };
    case 'reanchor': {
      const used = { usage: ZERO_USAGE };
      const result = await reanchorCalls(input, label, used);
      if (result.kind === 'calls') return withUsage({ kind: 'tool_calls', calls: result.calls, verdict: verdict('reanchored', `${found}; the model was asked for the enabling call, returned to the client: ${result.calls.map((c) => c.function.name).join(', ')}`, true) }, used.usage);
      if (result.kind === 'error') return withUsage(onError(input, judged, `${found}; the re-anchoring call failed (${result.message})`), used.usage);
      return rewrite(input, judged, `${found}; no enabling call was made (${result.why})`, used.usage);
    }
    case 'rewrite':
      return rewrite(input, judged, found, ZERO_USAGE);
  }
}

function unreadableDecision(input: DecideInput, judged: Judged, reason: 'language' | 'no_reply'): Decision {
  const what = reason === 'language' ? 'the reply is not in English, which the rules read' : 'the reply has no text';
  const verdict = (action: VerdictAction, tail: string, certified = false) =>
    verdictOf({ requestId: input.requestId, label: judged, where: input.where, action, reason: `${what}; not checked (not_labelled: ${reason}); ${tail}`, certified, notLabelled: reason });
  switch (input.onUnreadable ?? 'annotate') {
    case 'pass':
      return { kind: 'pass', verdict: verdict('none', 'passed unchecked') };
    case 'annotate':
      return { kind: 'pass', verdict: verdict('annotated', 'sent unchanged with this verdict') };
    case 'block':
      return { kind: 'text', text: blockReply(input.messages, null, input.where, input.requestId), verdict: verdict('blocked', 'replaced by a blocking reply', true) };
  }
}

/** `found`: what the check found (and what was tried before), the start of every reason given here. */
async function rewrite(input: DecideInput, judged: Judged, found: string, before: Usage): Promise<Decision> {
  const used = { usage: before };
  const card = capabilityCard(affordancesFor(input.where.deployment, 'generic'));
  const turn: ChatMessage[] = [...input.messages, { role: 'assistant', content: input.draft }];
  const rewritten = await rewriteTurn(access(input.model(), used), card, turn);
  if (!rewritten.ok) return withUsage(onError(input, judged, `${found}; the rewrite failed (${rewritten.error.kind}: ${rewritten.error.message})`), used.usage);
  let after: LabelRecord;
  try {
    after = labelDraft(input.messages, rewritten.reply, input.where, input.requestId);
  } catch (error) {
    return withUsage(onError(input, judged, `the checker failed on the rewrite (${error instanceof Error ? error.message.slice(0, 200) : String(error)})`), used.usage);
  }
  // A rewrite in the user's language is read as the draft was: by the judge model, or not at all.
  const rewrittenTurn: ChatMessage[] = [...input.messages, { role: 'assistant', content: rewritten.reply }];
  const unreadable = unreadableReason(after, rewrittenTurn);
  const judge = input.engine?.judgeUnreadable;
  if (unreadable === 'language' && judge !== undefined) {
    try {
      after = (await judge({ id: input.requestId, persona: 'generic', messages: rewrittenTurn }, { setup: input.where.deployment, onUsage: (usage) => void (used.usage = addUsage(used.usage, usage)) })).label;
    } catch (error) {
      if (!JudgeModelError.isInstance(error)) throw error;
      return withUsage(onError(input, judged, `${found}; the judge model failed on the rewrite (${error.error.kind}: ${error.error.message})`), used.usage);
    }
  } else if (unreadable !== undefined) {
    return withUsage(onError(input, judged, `${found}; the rewrite cannot be read by the rules (not_labelled: ${unreadable})`), used.usage);
  }
  if (!certifies(after)) return withUsage(onError(input, judged, `${found}; the rewrite was labelled ${after.outcome}`), used.usage);
  return withUsage({ kind: 'text', text: rewritten.reply, verdict: verdictOf({ requestId: input.requestId, label: judged, where: input.where, action: 'rewritten', reason: `${found}; rewritten, now ${after.outcome}`, certified: true }) }, used.usage);
}

function onError(input: DecideInput, judged: Judged | null, reason: string, notLabelled?: NotLabelledReason): Decision {
  const verdict = (action: VerdictAction, certified: boolean, tail: string) =>
    verdictOf({ requestId: input.requestId, label: judged, where: input.where, action, reason: `${reason}; ${tail}`, certified, ...(notLabelled === undefined ? {} : { notLabelled }) });
  const read = notLabelled === undefined ? (judged?.label ?? null) : null;
  if (input.onError === 'closed') return { kind: 'text', text: blockReply(input.messages, read, input.where, input.requestId), verdict: verdict('failed_closed', true, 'fail closed: a blocking reply is sent') };
  return { kind: 'pass', verdict: verdict('failed_open', false, 'fail open: the draft is sent with its verdict') };
}

/** The guard's own model calls on the verdict (only when it made some). */
function withUsage(decision: Decision, usage: Usage): Decision {
  if (usage !== ZERO_USAGE) decision.verdict.usage = usage;
  return decision;
}

type Reanchored = { kind: 'calls'; calls: ToolCall[] } | { kind: 'none'; why: string } | { kind: 'error'; message: string };

async function reanchorCalls(input: DecideInput, label: LabelRecord, used: { usage: Usage }): Promise<Reanchored> {
  const target = reanchorTarget(label, input.where.deployment, 'generic');
  if (target === undefined) return { kind: 'none', why: 'no offered tool could keep it' };
  const offered = (input.tools ?? []).filter(isFunctionTool);
  const names = new Set(offered.map((tool) => tool.function.name));
  if (!target.tools.some((name) => names.has(name))) return { kind: 'none', why: 'the request offers none of the tools that could keep it' };
  const note = fillPrompt(REANCHOR_PROMPT, { problem: target.problem, tools: target.tools.map((t) => `\`${t}\``).join(', ') });
  const asked: ChatMessage[] = [...input.messages, { role: 'assistant', content: input.draft }, { role: 'user', content: note }];
  const result = await input.model().complete({ messages: asked, tools: offered });
  if (result.ok) used.usage = addUsage(used.usage, result.usage);
  if (!result.ok) return { kind: 'error', message: `${result.error.kind}: ${result.error.message}` };
  const offeredCalls = (result.message.tool_calls ?? []).filter((call) => names.has(call?.function?.name));
  if (offeredCalls.length === 0) return { kind: 'none', why: 'the model answered without a call to an offered tool' };
  // A call the client's tool could not read performs nothing: returning it would certify a missing call.
  const calls = offeredCalls.filter((call) => argumentsAreObject(call.function.arguments));
  if (calls.length < offeredCalls.length) return { kind: 'none', why: "the model's call had arguments that are not a JSON object" };
  return { kind: 'calls', calls };
}

function isFunctionTool(value: unknown): value is OpenAITool {
  const tool = value as OpenAITool | null;
  return tool !== null && typeof tool === 'object' && tool.type === 'function' && typeof tool.function?.name === 'string';
}

function access(model: ChatModel, used: { usage: Usage }): ModelAccess {
  return {
    model,
    params: { temperature: 0 },
    onCall: (usage) => {
      if (usage !== null) used.usage = addUsage(used.usage, usage);
    },
  };
}
