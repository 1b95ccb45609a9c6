/**
 * `POST /v1/chat/completions`: read the body (bounded), forward it as sent with the client's
 * credentials, and judge the reply that comes back before the client sees it (or, streamed in
 * audit mode, while it does).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { ToolCall } from '../core/types.ts';
import { readChatRequest, type ChatRequestView } from './chat-request.ts';
import { completionBody, verdictHeaders } from './completion-response.ts';
import { record, type GuardContext } from './guard-context.ts';
import { judgeReply } from './judge-reply.ts';
import type { ProxyReply } from './proxy-reply.ts';
import { auditedStream, bufferedStream, type StreamFacts } from './stream-reply.ts';
import { callSignal, forwardedHeaders, readUpstreamBody, returnedHeaders, sendUpstream, type UpstreamReply } from './upstream.ts';
import { verdictHeader, verdictOf } from './verdict.ts';

/** One request as the handler reads it, from a Node request or a web `Request`. */
export interface IncomingChat {
  headers: Headers | IncomingHttpHeaders;
  /** The body, read up to the proxy's limit. */
  body(): Promise<Uint8Array<ArrayBuffer>>;
  /** Aborts when the client goes away. */
  client: AbortSignal;
}

export async function chatCompletions(context: GuardContext, incoming: IncomingChat): Promise<ProxyReply> {
  const started = performance.now();
  const requestId = randomUUID();
  const bytes = await incoming.body();
  const request = readChatRequest(bytes);
  const headers = forwardedHeaders(incoming.headers);
  const client = incoming.client;
  const deadline = callSignal(context.config.timeoutMs, client);
  // An audited stream outlives this function: it releases the deadline when it ends.
  let streaming = false;
  try {
    const sentAt = performance.now();
    const upstream = await sendUpstream(context.upstream, '/chat/completions', { method: 'POST', headers, body: bytes }, deadline.signal, client);
    const facts = { requestId, headers, client, signal: deadline.signal, started, sentAt, release: deadline.release };
    const isStream = request.stream && upstream.ok && upstream.stream !== null;
    if (isStream && context.config.stream === 'audit') {
      streaming = true;
      return auditedStream(context, request, upstream, facts);
    }
    if (isStream) return await bufferedStream(context, request, upstream, facts);
    return await completion(context, request, upstream, facts);
  } finally {
    if (!streaming) deadline.release();
  }
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
  let parsed: { choices?: { message?: { content?: unknown; tool_calls?: unknown } }[] };
  try {
    parsed = JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'));
  } catch {
    return passThrough('the upstream answer is not JSON; passed through unchecked');
  }
  const message = parsed?.choices?.[0]?.message;
  if (message === undefined || message === null) return passThrough('the upstream answer has no choices[0].message; passed through unchecked');
  const toolCalls = Array.isArray(message.tool_calls) ? (message.tool_calls as ToolCall[]) : [];
  const decision = await judgeReply(context, request, { text: typeof message.content === 'string' ? message.content : null, toolCalls }, facts);
  const out = Object.assign(returnedHeaders(upstream.headers), verdictHeaders(decision));
  const sent = completionBody(body, parsed, decision);
  if (typeof sent === 'string') out['content-type'] = 'application/json';
  record(context, decision.verdict, { stream: false, addedMs: performance.now() - started - upstreamMs });
  return { status: upstream.status, headers: out, body: sent };
}
