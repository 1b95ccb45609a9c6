/**
 * Talking to the upstream server: forwarding a client's request with its own credentials (the
 * proxy holds no key of its own), under the proxy's deadline and the client's abort (the guard's
 * own calls over the same path are api-model.ts).
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { pipeline, Readable, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import { safeMessage } from '../llm/model-error.ts';
import { ProxyError } from './openai-error.ts';

/** Headers never forwarded: hop-by-hop, the proxy's own framing, and compression (the guard reads the body). */
const DROPPED = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'upgrade', 'te', 'trailer', 'proxy-authorization', 'proxy-connection', 'accept-encoding', 'expect']);

/** Header names to values, as node:http takes them: plain objects, not `Headers`, on the hot path. */
export type HeaderRecord = Record<string, string>;

/** Without a prototype: a header named `__proto__` is a key like any other. */
export function headerRecord(): HeaderRecord {
  return Object.create(null) as HeaderRecord;
}

/** The client's headers to send upstream (a web `Headers` or a Node request's). */
export function forwardedHeaders(headers: Headers | IncomingHttpHeaders): HeaderRecord {
  const out = copyHeaders(headers, DROPPED);
  out['accept-encoding'] = 'identity';
  return out;
}

const NOTHING: ReadonlySet<string> = new Set();

/** Response headers not passed back: framing the proxy redoes, and encodings it removed. */
const DROPPED_BACK = new Set(['connection', 'content-length', 'transfer-encoding', 'keep-alive', 'content-encoding']);

export function returnedHeaders(headers: HeaderRecord): HeaderRecord {
  return copyHeaders(headers, DROPPED_BACK);
}

/** The headers not in `dropped`, one value each (a repeated header's values joined). */
function copyHeaders(headers: Headers | IncomingHttpHeaders | HeaderRecord, dropped: ReadonlySet<string>): HeaderRecord {
  const out = headerRecord();
  if (headers instanceof Headers) {
    headers.forEach((value, name) => {
      if (!dropped.has(name)) out[name] = value;
    });
    return out;
  }
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined && !dropped.has(name)) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

export interface Upstream {
  base: string;
  timeoutMs: number;
}

/** One upstream call's signal, and the release of its timer once the call is over. */
export interface CallDeadline {
  signal: AbortSignal;
  release(): void;
}

/**
 * The signal of one upstream call: the client's abort and the proxy's deadline, told apart
 * afterwards (upstreamFailure). Released when the request ends: AbortSignal.timeout would keep
 * every request's signals, listeners and timer alive for the whole timeout, which filled the young
 * heap and made each scavenge a pause of several ms on the proxy's hot path.
 */
export function callSignal(timeoutMs: number, client?: AbortSignal): CallDeadline {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
  timer.unref();
  const onClient = () => controller.abort(client?.reason);
  if (client?.aborted) controller.abort(client.reason);
  else client?.addEventListener('abort', onClient, { once: true });
  return {
    signal: controller.signal,
    release: () => {
      clearTimeout(timer);
      client?.removeEventListener('abort', onClient);
    },
  };
}

/** What the upstream answered: a whole body, or (server-sent events) a stream still arriving. */
export interface UpstreamReply {
  status: number;
  ok: boolean;
  headers: HeaderRecord;
  /** The whole body, for anything but an event stream. */
  bytes: Uint8Array<ArrayBuffer> | null;
  /** The body as it arrives, for `text/event-stream`; cancelling it closes the upstream connection. */
  stream: ReadableStream<Uint8Array> | null;
}

/** The most the proxy holds of one upstream answer (model output is untrusted): past it, a 502. */
export const MAX_UPSTREAM_BYTES = 16 * 1024 * 1024;

export function tooLargeUpstream(): ProxyError {
  return new ProxyError(502, 'upstream_too_large', `the upstream answer is larger than ${MAX_UPSTREAM_BYTES} bytes`);
}

const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

/**
 * Sends a request upstream over node:http with kept-alive connections (lighter than fetch on the
 * hot path). Network failures become 502, the deadline 504, a client abort 499; an abort or the
 * deadline closes the upstream connection, so the upstream sees the request cancelled.
 */
export function sendUpstream(upstream: Upstream, path: string, init: { method: string; headers: HeaderRecord; body?: Uint8Array<ArrayBuffer> | string }, signal: AbortSignal, client?: AbortSignal): Promise<UpstreamReply> {
  return new Promise<UpstreamReply>((resolve, reject) => {
    if (signal.aborted) return reject(upstreamFailure(signal.reason, upstream, signal, client));
    const url = new URL(`${upstream.base}${path}`);
    const secure = url.protocol === 'https:';
    const headers: HeaderRecord = { ...init.headers };
    if (init.body !== undefined) headers['content-length'] = String(typeof init.body === 'string' ? Buffer.byteLength(init.body) : init.body.byteLength);
    const request = (secure ? https : http).request(url, { method: init.method, headers, agent: secure ? agents.https : agents.http });
    const fail = (error: unknown) => reject(upstreamFailure(error, upstream, signal, client));
    const onAbort = () => request.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    const done = () => signal.removeEventListener('abort', onAbort);
    request.on('error', (error) => {
      done();
      fail(error);
    });
    request.on('response', (response) => {
      response.on('close', done);
      const status = response.statusCode ?? 502;
      const base = { status, ok: status >= 200 && status < 300, headers: copyHeaders(response.headers, NOTHING) };
      const decoders = decodersFor(response.headers['content-encoding']);
      if (decoders === undefined) {
        fail(badEncoding(`the upstream answer is in an encoding the guard cannot read (${String(response.headers['content-encoding']).slice(0, 50)})`));
        request.destroy();
        return;
      }
      const body: Readable = decoders.length === 0 ? response : (pipeline as (...streams: unknown[]) => Readable)(response, ...decoders, () => undefined);
      if (decoders.length > 0) body.on('error', () => fail(badEncoding(`the upstream answer is not valid ${response.headers['content-encoding']}`)));
      if ((response.headers['content-type'] ?? '').includes('text/event-stream')) {
        resolve({ ...base, bytes: null, stream: Readable.toWeb(body) as ReadableStream<Uint8Array> });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      body.on('data', (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > MAX_UPSTREAM_BYTES) {
          fail(tooLargeUpstream());
          request.destroy();
          return;
        }
        chunks.push(chunk);
      });
      response.on('error', fail);
      response.on('aborted', () => fail(new Error('the upstream closed the connection mid-body')));
      body.on('end', () => {
        const whole = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
        resolve({ ...base, bytes: new Uint8Array(whole.buffer as ArrayBuffer, whole.byteOffset, whole.byteLength), stream: null });
      });
    });
    request.end(init.body);
  });
}

function badEncoding(message: string): ProxyError {
  return new ProxyError(502, 'upstream_bad_encoding', message);
}

/**
 * The guard asks for `identity`, but an upstream (or a gateway in front of it) may compress anyway:
 * the guard must read the words to judge them, and the client is sent them plain. The decoders
 * for a `content-encoding`, last applied first; none for identity; undefined for an encoding the
 * guard cannot read, which is a 502 rather than compressed bytes passed on as if plain. The size
 * limit counts decoded bytes, so a small compressed bomb is stopped too.
 */
function decodersFor(header: string | undefined): Transform[] | undefined {
  if (header === undefined) return [];
  const decoders: Transform[] = [];
  for (const coding of header.toLowerCase().split(',').map((part) => part.trim()).filter((part) => part !== '' && part !== 'identity').reverse()) {
    if (coding === 'gzip' || coding === 'x-gzip') decoders.push(zlib.createGunzip());
    else if (coding === 'deflate') decoders.push(zlib.createInflate());
    else if (coding === 'br') decoders.push(zlib.createBrotliDecompress());
    else return undefined;
  }
  return decoders;
}

export function upstreamFailure(error: unknown, upstream: Upstream, signal: AbortSignal, client?: AbortSignal): ProxyError {
  if (error instanceof ProxyError) return error;
  if (client?.aborted) return new ProxyError(499, 'client_closed', 'the client closed the request');
  if (signal.aborted) return new ProxyError(504, 'upstream_timeout', `the upstream did not answer within ${upstream.timeoutMs} ms`);
  const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
  return new ProxyError(502, 'upstream_unreachable', `the upstream could not be reached (${safeMessage(cause)})`);
}

/** The whole body of a reply (an event stream is read to its end, under the same signal). */
export async function readUpstreamBody(reply: UpstreamReply, upstream: Upstream, signal: AbortSignal, client?: AbortSignal): Promise<Uint8Array<ArrayBuffer>> {
  if (reply.bytes !== null) return reply.bytes;
  try {
    return new Uint8Array(await new Response(reply.stream).arrayBuffer());
  } catch (error) {
    throw upstreamFailure(error, upstream, signal, client);
  }
}

/** Header names that carry a credential, whatever the provider calls it (x-api-key, api-key, authorization, cookie, …). */
const CREDENTIAL_HEADER = /auth|key|token|secret|cookie|password|credential|signature/i;

/**
 * The credentials among the headers the guard forwards, by value: an upstream may echo any of
 * them in an error body, which becomes a reason the client and the audit log see. Shape-based
 * scrubbing (sk-…, Bearer …) misses a provider's own formats, so each value (and the credential
 * after its scheme: `Token abc` → `abc`) is removed wherever it appears, as written or JSON-escaped.
 */
export function credentialValues(headers: HeaderRecord): string[] {
  const values = new Set<string>();
  for (const name in headers) {
    if (!CREDENTIAL_HEADER.test(name)) continue;
    const value = headers[name]!.trim();
    for (const part of [value, value.split(/\s+/).at(-1)!]) {
      if (part.length < 4) continue;
      values.add(part);
      values.add(JSON.stringify(part).slice(1, -1));
    }
  }
  // Longest first, so a whole value goes before the token inside it.
  return [...values].sort((a, b) => b.length - a.length);
}
