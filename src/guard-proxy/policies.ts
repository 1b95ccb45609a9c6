/**
 * What the proxy does with a reply, given its label and `--on-fail`: pass it, annotate it, block
 * it, rewrite it (the upstream model at temperature 0), or re-anchor it (ask the upstream model for
 * the enabling call and return that call to the client, whose own loop runs it: the proxy never
 * runs an application's tools). A fix that fails, or a checker that throws, ends in `--on-error`:
 * open sends the draft with its verdict, closed sends a blocking reply.
 */
import { argumentsAreObject } from '../core/tool-arguments.ts';
import type { ChatMessage, LabelRecord, ToolCall } from '../core/types.ts';
import { certifies } from '../guard/certified.ts';
import { fillPrompt, REANCHOR_PROMPT } from '../guard/guard-prompts.ts';
import { reanchorTarget } from '../guard/reanchor.ts';
import { rewriteTurn, type ModelAccess } from '../guard/rewrite.ts';
import type { ChatModel, OpenAITool } from '../llm/chat-model.ts';
import { capabilityCard } from '../setups/capability-card.ts';
import { affordancesFor } from '../setups/persona-tools.ts';
import { blockReply } from './block-reply.ts';
import type { OnErrorMode, OnFailPolicy } from './config.ts';
import type { RequestDeployment } from './request-deployment.ts';
import { labelDraft, verdictOf, type Verdict, type VerdictAction } from './verdict.ts';

export type Decision =
  /** Send the upstream reply as it came (byte for byte when nothing needs adding). */
  | { kind: 'pass'; verdict: Verdict }
  /** Send this text in place of the reply. */
  | { kind: 'text'; text: string; verdict: Verdict }
  /** Send these tool calls in place of the reply (re-anchoring). */
  | { kind: 'tool_calls'; calls: ToolCall[]; verdict: Verdict };

export interface DecideInput {
  requestId: string;
  /** The request's messages: the turn up to the draft. */
  messages: readonly ChatMessage[];
  /** The request's tools, as sent (re-anchoring offers the model exactly these). */
  tools: readonly unknown[] | undefined;
  draft: string;
  where: RequestDeployment;
  onFail: OnFailPolicy;
  onError: OnErrorMode;
  /** The upstream model, for rewriting and re-anchoring. */
  model: () => ChatModel;
}

export async function decide(input: DecideInput): Promise<Decision> {
  let label: LabelRecord;
  try {
    label = labelDraft(input.messages, input.draft, input.where, input.requestId);
  } catch (error) {
    return onError(input, null, `the checker failed (${error instanceof Error ? error.message.slice(0, 200) : String(error)})`);
  }
  const verdict = (action: VerdictAction, reason: string, certified?: boolean) =>
    verdictOf({ requestId: input.requestId, label, where: input.where, action, reason, ...(certified === undefined ? {} : { certified }) });
  if (certifies(label)) return { kind: 'pass', verdict: verdict('none', `the reply passed the check (${label.outcome})`) };
  const found = label.failure ? `the reply was labelled ${label.outcome}` : 'the reply is too long to be checked in full';
  switch (input.onFail) {
    case 'annotate':
      return { kind: 'pass', verdict: verdict('annotated', `${found}; annotate only, sent unchanged`) };
    case 'block':
      return { kind: 'text', text: blockReply(input.messages, label, input.where, input.requestId), verdict: verdict('blocked', `${found}; replaced by a blocking reply`, true) };
    case 'reanchor': {
      const calls = await reanchorCalls(input, label);
      if (calls.kind === 'calls') return { kind: 'tool_calls', calls: calls.calls, verdict: verdict('reanchored', `${found}; the model was asked for the enabling call, returned to the client: ${calls.calls.map((c) => c.function.name).join(', ')}`, true) };
      if (calls.kind === 'error') return onError(input, label, `${found}; the re-anchoring call failed (${calls.message})`);
      return rewrite(input, label, `${found}; no enabling call was made (${calls.why})`);
    }
    case 'rewrite':
      return rewrite(input, label, found);
  }
}

/** `found`: what the check found (and what was tried before), the start of every reason given here. */
async function rewrite(input: DecideInput, label: LabelRecord, found: string): Promise<Decision> {
  const card = capabilityCard(affordancesFor(input.where.deployment, 'generic'));
  const turn: ChatMessage[] = [...input.messages, { role: 'assistant', content: input.draft }];
  const rewritten = await rewriteTurn(access(input.model()), card, turn);
  if (!rewritten.ok) return onError(input, label, `${found}; the rewrite failed (${rewritten.error.kind}: ${rewritten.error.message})`);
  let after: LabelRecord;
  try {
    after = labelDraft(input.messages, rewritten.reply, input.where, input.requestId);
  } catch (error) {
    return onError(input, label, `the checker failed on the rewrite (${error instanceof Error ? error.message.slice(0, 200) : String(error)})`);
  }
  if (!certifies(after)) return onError(input, label, `${found}; the rewrite was labelled ${after.outcome}`);
  return { kind: 'text', text: rewritten.reply, verdict: verdictOf({ requestId: input.requestId, label, where: input.where, action: 'rewritten', reason: `${found}; rewritten, now ${after.outcome}`, certified: true }) };
}

function onError(input: DecideInput, label: LabelRecord | null, reason: string): Decision {
  const verdict = (action: VerdictAction, certified: boolean, tail: string) => verdictOf({ requestId: input.requestId, label, where: input.where, action, reason: `${reason}; ${tail}`, certified });
  if (input.onError === 'closed') return { kind: 'text', text: blockReply(input.messages, label, input.where, input.requestId), verdict: verdict('failed_closed', true, 'fail closed: a blocking reply is sent') };
  return { kind: 'pass', verdict: verdict('failed_open', false, 'fail open: the draft is sent with its verdict') };
}

type Reanchored = { kind: 'calls'; calls: ToolCall[] } | { kind: 'none'; why: string } | { kind: 'error'; message: string };

async function reanchorCalls(input: DecideInput, label: LabelRecord): Promise<Reanchored> {
  const target = reanchorTarget(label, input.where.deployment, 'generic');
  if (target === undefined) return { kind: 'none', why: 'no offered tool could keep it' };
  const offered = (input.tools ?? []).filter(isFunctionTool);
  const names = new Set(offered.map((tool) => tool.function.name));
  if (!target.tools.some((name) => names.has(name))) return { kind: 'none', why: 'the request offers none of the tools that could keep it' };
  const note = fillPrompt(REANCHOR_PROMPT, { problem: target.problem, tools: target.tools.map((t) => `\`${t}\``).join(', ') });
  const asked: ChatMessage[] = [...input.messages, { role: 'assistant', content: input.draft }, { role: 'user', content: note }];
  const result = await input.model().complete({ messages: asked, tools: offered });
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

function access(model: ChatModel): ModelAccess {
  return { model, params: { temperature: 0 }, onCall: () => undefined };
}
