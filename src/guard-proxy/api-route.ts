/**
 * One request to an agent API, served the same way for every API: the body read (bounded) and
 * forwarded as sent with the client's own headers, then the reply judged as the request and
 * `--stream` ask: whole, as a buffered stream, or as an audited stream (which outlives the call
 * and releases the deadline when it ends). Each API says how it reads its request and serves each.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { StreamFacts } from './audited-sse.ts';
import type { GuardContext } from './guard-context.ts';
import type { ProxyReply } from './proxy-reply.ts';
import { callSignal, forwardedHeaders, sendUpstream, type UpstreamReply } from './upstream.ts';

/** One request as the handler reads it, from a Node request or a web `Request`. */
export interface IncomingChat {
  headers: Headers | IncomingHttpHeaders;
  /** The body, read up to the proxy's limit. */
  body(): Promise<Uint8Array<ArrayBuffer>>;
  /** Aborts when the client goes away. */
  client: AbortSignal;
}

export interface ApiRoute<Request extends { stream: boolean }> {
  /** The upstream path, after the upstream base (which ends in /v1). */
  path: string;
  readRequest(bytes: Uint8Array): Request;
  whole(context: GuardContext, request: Request, upstream: UpstreamReply, facts: StreamFacts): Promise<ProxyReply>;
  buffered(context: GuardContext, request: Request, upstream: UpstreamReply, facts: StreamFacts): Promise<ProxyReply>;
  audited(context: GuardContext, request: Request, upstream: UpstreamReply, facts: StreamFacts): ProxyReply;
}

export async function serveApi<Request extends { stream: boolean }>(context: GuardContext, route: ApiRoute<Request>, incoming: IncomingChat): Promise<ProxyReply> {
  const started = performance.now();
  const requestId = randomUUID();
  const bytes = await incoming.body();
  const request = route.readRequest(bytes);
  const headers = forwardedHeaders(incoming.headers);
  const client = incoming.client;
  const deadline = callSignal(context.config.timeoutMs, client);
  // An audited stream outlives this function: it releases the deadline when it ends.
  let streaming = false;
  try {
    const sentAt = performance.now();
    const upstream = await sendUpstream(context.upstream, route.path, { method: 'POST', headers, body: bytes }, deadline.signal, client);
    const facts: StreamFacts = { requestId, headers, client, signal: deadline.signal, started, sentAt, release: deadline.release };
    // An event stream sent without its content-type is still one: clients read it as such.
    if (request.stream && upstream.ok && upstream.stream === null && upstream.bytes !== null && looksLikeEvents(upstream.bytes)) upstream.stream = new Blob([upstream.bytes]).stream();
    const isStream = request.stream && upstream.ok && upstream.stream !== null;
    if (isStream && context.config.stream === 'audit') {
      streaming = true;
      return route.audited(context, request, upstream, facts);
    }
    if (isStream) return await route.buffered(context, request, upstream, facts);
    return await route.whole(context, request, upstream, facts);
  } finally {
    if (!streaming) deadline.release();
  }
}

/** Server-sent events, whatever the content-type says: the body opens with an SSE field or comment. */
export function looksLikeEvents(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 64)).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  return /^(data|event|id|retry):|^:/.test(head);
}
