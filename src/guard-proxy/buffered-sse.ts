/**
 * A buffered stream, for every API: the whole upstream event stream is held (up to the proxy's
 * limit), the reply it carries is judged, and the client gets the upstream's events byte for byte
 * (the verdict in a header) or the events the API writes for the guard's reply. Each API says only
 * how it reads an event, how it fails closed, how it judges and what body a decision sends.
 */
import { record, type GuardContext } from './guard-context.ts';
import type { Decision } from './policies.ts';
import type { ProxyReply } from './proxy-reply.ts';
import { boundedChunks } from './read-body.ts';
import { SseSplitter, type SseEvent } from './sse.ts';
import type { StreamFacts } from './audited-sse.ts';
import { MAX_UPSTREAM_BYTES, returnedHeaders, tooLargeUpstream, upstreamFailure, type UpstreamReply } from './upstream.ts';
import { verdictHeader } from './verdict.ts';

/** What an API's buffered stream does with its events. */
export interface SseBuffer {
  /** Takes in one upstream event (it is kept raw as well). */
  add(event: SseEvent): void;
  /** Whether any event was one of this API's: a stream with none cannot be read. */
  readonly readable: boolean;
  /** `--on-error closed` and a stream that cannot be read: the blocking reply, counted and logged. */
  failClosed(upstreamMs: number): ProxyReply;
  judge(): Promise<Decision>;
  /** The body sent: the upstream's own events (`raw`, then `rest`, what followed the last whole event) or the guard's. */
  body(decision: Decision, raw: readonly SseEvent[], rest: string): string;
}

export async function bufferedSse(context: GuardContext, upstream: UpstreamReply, facts: StreamFacts, buffer: SseBuffer): Promise<ProxyReply> {
  const splitter = new SseSplitter();
  const decoder = new TextDecoder();
  const raw: SseEvent[] = [];
  try {
    for await (const value of boundedChunks(upstream.stream!, MAX_UPSTREAM_BYTES, tooLargeUpstream)) {
      for (const event of splitter.push(decoder.decode(value, { stream: true }))) {
        raw.push(event);
        buffer.add(event);
      }
    }
  } catch (error) {
    throw upstreamFailure(error, context.upstream, facts.signal, facts.client);
  }
  const upstreamMs = performance.now() - facts.sentAt;
  const rest = splitter.rest() + decoder.decode();
  if (!buffer.readable && context.config.onError === 'closed') return buffer.failClosed(upstreamMs);
  const decision = await buffer.judge();
  const headers = returnedHeaders(upstream.headers);
  headers['x-felicity-verdict'] = verdictHeader(decision.verdict);
  headers['x-felicity-request-id'] = facts.requestId;
  const body = buffer.body(decision, raw, rest);
  record(context, decision.verdict, { stream: true, addedMs: performance.now() - facts.started - upstreamMs });
  return { status: upstream.status, headers, body };
}
