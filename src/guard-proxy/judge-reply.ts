/**
 * One reply, judged: a step of tool calls alone is not judged (the text step of the loop will be);
 * a reply with text (and any calls it makes) is labelled against the deployment of its request
 * and handed to the policy; a reply with neither is unreadable (`no_reply`). Shared by the proxy
 * and the framework integrations.
 */
import { randomUUID } from 'node:crypto';
import type { ChatMessage, ToolCall } from '../core/types.ts';
import { DEFAULT_SAFE_REPLY } from '../guard/safe-reply.ts';
import type { ChatModel } from '../llm/chat-model.ts';
import type { ChatRequestView } from './chat-request.ts';
import type { GuardContext } from './guard-context.ts';
import type { OnErrorMode, OnFailPolicy } from './modes.ts';
import { decide, type Decision } from './policies.ts';
import { DEFAULT_UNREADABLE_POLICY, type UnreadablePolicy } from '../guard/unreadable-policy.ts';
import type { GuardEngine } from '../guard/guard-engine.ts';
import type { DeploymentResolver } from './request-deployment.ts';
import { chatCodec, upstreamApiModel } from './api-model.ts';
import type { HeaderRecord } from './upstream.ts';
import { verdictOf } from './verdict.ts';

export interface DraftToJudge {
  requestId?: string;
  /** The conversation before the reply. */
  messages: readonly ChatMessage[];
  /** The tools offered, in OpenAI's shape, as sent. */
  tools: readonly unknown[] | undefined;
  /** The reply's text; null or blank when the step has none. */
  text: string | null;
  toolCalls: readonly ToolCall[];
  /** The model, for a rewrite or a re-anchoring call. */
  model: () => ChatModel;
}

export interface JudgeSettings {
  onFail: OnFailPolicy;
  onError: OnErrorMode;
  onUnreadable?: UnreadablePolicy;
  /** `hybridGuardEngine`: a reply the rules cannot read (not English) is labelled by its judge model. */
  engine?: GuardEngine;
}

export async function judgeDraft(resolver: DeploymentResolver, settings: JudgeSettings, draft: DraftToJudge): Promise<Decision> {
  const requestId = draft.requestId ?? randomUUID();
  const hasText = draft.text !== null && draft.text.trim() !== '';
  // A step of calls with no words claims nothing: the step that ends in text is judged.
  if (draft.toolCalls.length > 0 && !hasText) {
    return { kind: 'pass', verdict: verdictOf({ requestId, label: null, where: null, action: 'skipped', reason: 'a tool-call step, passed through; the step that ends in text is judged', certified: true }) };
  }
  let where;
  try {
    where = resolver.resolve(draft.tools, draft.messages);
  } catch (error) {
    const reason = `the tools give no usable deployment (${error instanceof Error ? error.message.slice(0, 200) : String(error)})`;
    if (settings.onError === 'closed') return { kind: 'text', text: DEFAULT_SAFE_REPLY, verdict: verdictOf({ requestId, label: null, where: null, action: 'failed_closed', reason: `${reason}; fail closed`, certified: true }) };
    return { kind: 'pass', verdict: verdictOf({ requestId, label: null, where: null, action: 'failed_open', reason: `${reason}; fail open` }) };
  }
  return decide({
    requestId, messages: draft.messages, tools: draft.tools, draft: draft.text ?? '', ...(draft.toolCalls.length > 0 ? { calls: draft.toolCalls } : {}),
    where, onFail: settings.onFail, onError: settings.onError, onUnreadable: settings.onUnreadable ?? DEFAULT_UNREADABLE_POLICY,
    ...(settings.engine === undefined ? {} : { engine: settings.engine }), model: draft.model,
  });
}

/** The proxy's reply to one request, judged with the proxy's settings and the upstream as the model. */
export function judgeReply(
  context: GuardContext,
  request: ChatRequestView,
  reply: { text: string | null; toolCalls: readonly ToolCall[] },
  facts: { requestId: string; headers: HeaderRecord; client: AbortSignal; onFail?: 'annotate' },
): Promise<Decision> {
  return judgeTurn(context, request, reply, { ...facts, model: () => upstreamApiModel(context.upstream, facts.headers, chatCodec(request.model), facts.client) });
}

/** The same for any API: the turn in chat form, and the model to ask for a fix (over the route's own API). */
export function judgeTurn(
  context: GuardContext,
  turn: { messages: readonly ChatMessage[]; tools: readonly unknown[] | undefined },
  reply: { text: string | null; toolCalls: readonly ToolCall[] },
  facts: { requestId: string; onFail?: 'annotate'; model: () => ChatModel },
): Promise<Decision> {
  const settings: JudgeSettings = { onFail: facts.onFail ?? context.config.onFail, onError: context.config.onError, onUnreadable: facts.onFail ?? context.config.onUnreadable };
  if (context.engine !== undefined) settings.engine = context.engine;
  return judgeDraft(context.resolver, settings, {
    requestId: facts.requestId,
    messages: turn.messages,
    tools: turn.tools,
    text: reply.text,
    toolCalls: reply.toolCalls,
    model: facts.model,
  });
}
