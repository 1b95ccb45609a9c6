/**
 * One reply of an upstream completion, judged: a step that ends in tool calls (or says nothing)
 * is not judged (the text step of the loop will be); a text reply is labelled against the
 * request's deployment and handed to the `--on-fail` policy.
 */
import type { ToolCall } from '../core/types.ts';
import { DEFAULT_SAFE_REPLY } from '../guard/safe-reply.ts';
import type { ChatRequestView } from './chat-request.ts';
import type { GuardContext } from './guard-context.ts';
import { decide, type Decision } from './policies.ts';
import { upstreamChatModel } from './upstream.ts';
import { verdictOf } from './verdict.ts';

export interface ReplyToJudge {
  text: string | null;
  toolCalls: readonly ToolCall[];
}

export async function judgeReply(
  context: GuardContext,
  request: ChatRequestView,
  reply: ReplyToJudge,
  facts: { requestId: string; headers: Headers; client: AbortSignal; onFail?: 'annotate' },
): Promise<Decision> {
  if (reply.toolCalls.length > 0 || reply.text === null || reply.text.trim() === '') {
    const why = reply.toolCalls.length > 0 ? 'a tool-call step, passed through; the step that ends in text is judged' : 'no reply text to judge';
    return { kind: 'pass', verdict: verdictOf({ requestId: facts.requestId, label: null, where: null, action: 'skipped', reason: why, certified: reply.toolCalls.length > 0 }) };
  }
  let where;
  try {
    where = context.resolver.resolve(request.tools, request.messages);
  } catch (error) {
    const reason = `the request's tools give no usable deployment (${error instanceof Error ? error.message.slice(0, 200) : String(error)})`;
    const closed = context.config.onError === 'closed';
    return closed
      ? { kind: 'text', text: DEFAULT_SAFE_REPLY, verdict: verdictOf({ requestId: facts.requestId, label: null, where: null, action: 'failed_closed', reason: `${reason}; fail closed`, certified: true }) }
      : { kind: 'pass', verdict: verdictOf({ requestId: facts.requestId, label: null, where: null, action: 'failed_open', reason: `${reason}; fail open` }) };
  }
  return decide({
    requestId: facts.requestId,
    messages: request.messages,
    tools: request.tools,
    draft: reply.text,
    where,
    onFail: facts.onFail ?? context.config.onFail,
    onError: context.config.onError,
    model: () => upstreamChatModel(context.upstream, facts.headers, request.model, facts.client),
  });
}
