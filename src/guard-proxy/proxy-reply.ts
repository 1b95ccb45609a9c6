/**
 * What the proxy answers to one request, before it is written: a status, plain headers and a body
 * (whole, or a stream still arriving). Written straight to a Node response on the hot path, or made
 * a web `Response` for the hono app (other routes, other runtimes).
 */
import type { ServerResponse } from 'node:http';
import { Readable, pipeline } from 'node:stream';
import { ProxyError } from './openai-error.ts';
import type { HeaderRecord } from './upstream.ts';

export interface ProxyReply {
  status: number;
  headers: HeaderRecord;
  body: Uint8Array<ArrayBuffer> | string | ReadableStream<Uint8Array> | null;
}

/** Nothing was checked: the verdict says so, as on every response. */
export const UNCHECKED = 'outcome=unchecked; action=skipped; certified=false';

/** A request the proxy could not serve, in OpenAI's error shape. */
export function failureReply(error: unknown): ProxyReply {
  const failure = error instanceof ProxyError ? error : new ProxyError(500, 'internal_error', 'the guard proxy failed on this request');
  return { status: failure.status, headers: { 'content-type': 'application/json', 'x-felicity-verdict': UNCHECKED }, body: JSON.stringify(failure.body) };
}

export function toResponse(reply: ProxyReply): Response {
  const empty = reply.body instanceof Uint8Array && reply.body.byteLength === 0;
  return new Response(empty ? null : reply.body, { status: reply.status, headers: reply.headers });
}

/**
 * Writes a reply to a Node response. A whole body gets its length; a stream is piped, and a
 * client that goes away cancels it (and so the upstream read behind it).
 */
export function writeReply(res: ServerResponse, reply: ProxyReply): void {
  const { body } = reply;
  if (body instanceof ReadableStream) {
    res.writeHead(reply.status, reply.headers);
    pipeline(Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>), res, () => undefined);
    return;
  }
  const length = body === null ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  res.writeHead(reply.status, { ...reply.headers, 'content-length': String(length) });
  res.end(body ?? undefined);
}
