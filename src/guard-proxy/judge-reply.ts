/**
 * One reply, judged: a step that ends in tool calls (or says nothing) is not judged (the text step
 * of the loop will be); a text reply is labelled against the deployment of its request and handed
 * to the policy. Shared by the proxy and the framework integrations.
 */
import { randomUUID } from 'node:crypto';
import type { ChatMessage, ToolCall } from '../core/types.ts';
import { DEFAULT_SAFE_REPLY } from '../guard/safe-reply.ts';
import type { ChatModel } from '../llm/chat-model.ts';
import type { ChatRequestView } from './chat-request.ts';
import type { GuardContext } from './guard-context.ts';
import type { OnErrorMode, OnFailPolicy } from './modes.ts';
import { decide, type Decision } from './policies.ts';
import type { DeploymentResolver } from './request-deployment.ts';
import { upstreamChatModel, type HeaderRecord } from './upstream.ts';
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

export async function judgeDraft(resolver: DeploymentResolver, settings: { onFail: OnFailPolicy; onError: OnErrorMode }, draft: DraftToJudge): Promise<Decision> {
  const requestId = draft.requestId ?? randomUUID();
  if (draft.toolCalls.length > 0 || draft.text === null || draft.text.trim() === '') {
    const reason = draft.toolCalls.length > 0 ? 'a tool-call step, passed through; the step that ends in text is judged' : 'no reply text to judge';
    return { kind: 'pass', verdict: verdictOf({ requestId, label: null, where: null, action: 'skipped', reason, certified: draft.toolCalls.length > 0 }) };
  }
  let where;
  try {
    where = resolver.resolve(draft.tools, draft.messages);
  } catch (error) {
    const reason = `the tools give no usable deployment (${error instanceof Error ? error.message.slice(0, 200) : String(error)})`;
    if (settings.onError === 'closed') return { kind: 'text', text: DEFAULT_SAFE_REPLY, verdict: verdictOf({ requestId, label: null, where: null, action: 'failed_closed', reason: `${reason}; fail closed`, certified: true }) };
    return { kind: 'pass', verdict: verdictOf({ requestId, label: null, where: null, action: 'failed_open', reason: `${reason}; fail open` }) };
  }
  return decide({ requestId, messages: draft.messages, tools: draft.tools, draft: draft.text, where, onFail: settings.onFail, onError: settings.onError, model: draft.model });
}

/** The proxy's reply to one request, judged with the proxy's settings and the upstream as the model. */
export function judgeReply(
  context: GuardContext,
  request: ChatRequestView,
  reply: { text: string | null; toolCalls: readonly ToolCall[] },
  facts: { requestId: string; headers: HeaderRecord; client: AbortSignal; onFail?: 'annotate' },
): Promise<Decision> {
  return judgeDraft(context.resolver, { onFail: facts.onFail ?? context.config.onFail, onError: context.config.onError }, {
    requestId: facts.requestId,
    messages: request.messages,
    tools: request.tools,
    text: reply.text,
    toolCalls: reply.toolCalls,
    model: () => upstreamChatModel(context.upstream, facts.headers, request.model, facts.client),
  });
}
