/**
 * `POST /v1/chat/completions`: read the body (bounded), forward it as sent with the client's
 * credentials, and judge the reply that comes back before the client sees it (or, streamed in
 * audit mode, while it does).
 */
import type { ToolCall } from '../core/types.ts';
import { readChatRequest, type ChatRequestView } from './chat-request.ts';
import { completionBody, verdictHeaders } from './completion-response.ts';
import { record, type GuardContext } from './guard-context.ts';
import { judgeReply } from './judge-reply.ts';
import type { ProxyReply } from './proxy-reply.ts';
import { DEFAULT_SAFE_REPLY } from '../guard/safe-reply.ts';
import { serveApi, type ApiRoute, type IncomingChat } from './api-route.ts';
import { DONE_EVENT, partsText, textEvents, verdictComment } from './sse.ts';
import { auditedStream, bufferedStream, type StreamFacts } from './stream-reply.ts';
import { readUpstreamBody, returnedHeaders, type UpstreamReply } from './upstream.ts';
import { verdictHeader, verdictOf } from './verdict.ts';

export type { IncomingChat } from './api-route.ts';

const CHAT_ROUTE: ApiRoute<ChatRequestView> = { path: '/chat/completions', readRequest: readChatRequest, whole: completion, buffered: bufferedStream, audited: auditedStream };

export function chatCompletions(context: GuardContext, incoming: IncomingChat): Promise<ProxyReply> {
  return serveApi(context, CHAT_ROUTE, incoming);
}

/** A whole (non-streamed) completion: judged, then sent on as it came or as the policy changed it. */
async function completion(context: GuardContext, request: ChatRequestView, upstream: UpstreamReply, facts: StreamFacts): Promise<ProxyReply> {
  const { requestId, signal, client, started, sentAt } = facts;
  const body = await readUpstreamBody(upstream, context.upstream, signal, client);
  const upstreamMs = performance.now() - sentAt;
  const passThrough = (reason: string): ProxyReply => {
    const verdict = verdictOf({ requestId, label: null, where: null, action: 'skipped', reason });
    record(context, verdict, { stream: false, addedMs: performance.now() - started - upstreamMs });
    const out = returnedHeaders(upstream.headers);
    out['x-felicity-verdict'] = verdictHeader(verdict);
    out['x-felicity-request-id'] = requestId;
    return { status: upstream.status, headers: out, body };
  };
  if (!upstream.ok) return passThrough(`the upstream answered ${upstream.status}; passed through unchecked`);
  // What a client reads, the guard reads: a byte-order mark, content as parts, a refusal.
  const unreadable = (why: string): ProxyReply => (context.config.onError === 'closed' ? blockedUnreadable(context, request, upstream, facts, why, upstreamMs) : passThrough(`${why}; passed through unchecked`));
  let parsed: { choices?: { message?: { content?: unknown; tool_calls?: unknown; refusal?: unknown } }[] };
  try {
    parsed = JSON.parse(utf8(body));
  } catch {
    return unreadable('the upstream answer is not JSON');
  }
  const message = parsed?.choices?.[0]?.message;
  if (message === undefined || message === null || typeof message !== 'object') return unreadable('the upstream answer has no choices[0].message');
  const toolCalls = Array.isArray(message.tool_calls) ? (message.tool_calls as ToolCall[]) : [];
  const decision = await judgeReply(context, request, { text: messageText(message), toolCalls }, facts);
  const out = Object.assign(returnedHeaders(upstream.headers), verdictHeaders(decision));
  const sent = completionBody(body, parsed, decision);
  if (typeof sent === 'string') out['content-type'] = 'application/json';
  record(context, decision.verdict, { stream: false, addedMs: performance.now() - started - upstreamMs });
  return { status: upstream.status, headers: out, body: sent };
}

/** The reply's words as clients show them: the content (a string, or its text parts joined) and any refusal. */
function messageText(message: { content?: unknown; refusal?: unknown }): string | null {
  const content = typeof message.content === 'string' ? message.content : Array.isArray(message.content) ? partsText(message.content) : null;
  const refusal = typeof message.refusal === 'string' && message.refusal !== '' ? message.refusal : null;
  if (refusal === null) return content;
  return content === null || content === '' ? refusal : `${content}\n${refusal}`;
}

function utf8(body: Uint8Array<ArrayBuffer>): string {
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** `--on-error closed`: a 200 the guard cannot read is not sent on; a blocking reply goes instead. */
function blockedUnreadable(context: GuardContext, request: ChatRequestView, upstream: UpstreamReply, facts: StreamFacts, why: string, upstreamMs: number): ProxyReply {
  const verdict = verdictOf({ requestId: facts.requestId, label: null, where: null, action: 'failed_closed', reason: `${why}; the guard cannot read it; fail closed: a blocking reply is sent`, certified: true });
  record(context, verdict, { stream: false, addedMs: performance.now() - facts.started - upstreamMs });
  const headers = returnedHeaders(upstream.headers);
  headers['x-felicity-verdict'] = verdictHeader(verdict);
  headers['x-felicity-request-id'] = facts.requestId;
  const meta = { id: `chatcmpl-felicity-${facts.requestId}`, created: Math.floor(Date.now() / 1000), model: request.model ?? 'unknown' };
  if (request.stream) {
    headers['content-type'] = 'text/event-stream';
    return { status: 200, headers, body: textEvents(meta, DEFAULT_SAFE_REPLY, undefined) + verdictComment(verdict) + DONE_EVENT };
  }
  headers['content-type'] = 'application/json';
  const completion = { id: meta.id, object: 'chat.completion', created: meta.created, model: meta.model, choices: [{ index: 0, message: { role: 'assistant', content: DEFAULT_SAFE_REPLY }, finish_reason: 'stop' }], felicity: verdict };
  return { status: 200, headers, body: JSON.stringify(completion) };
}
