/**
 * An audited stream, for every API: each upstream SSE event is passed on as it arrives (or held
 * back, as Chat Completions holds `[DONE]`), the reply is judged when the upstream ends without
 * changing anything sent, and the verdict goes last as an SSE comment. A client that goes away
 * cancels the upstream read.
 */
import { record, type GuardContext } from './guard-context.ts';
import { ProxyError } from './openai-error.ts';
import type { Decision } from './policies.ts';
import type { ProxyReply } from './proxy-reply.ts';
import { SseSplitter, verdictComment, type SseEvent } from './sse.ts';
import { returnedHeaders, upstreamFailure, type HeaderRecord, type UpstreamReply } from './upstream.ts';

export interface StreamFacts {
  requestId: string;
  headers: HeaderRecord;
  client: AbortSignal;
  signal: AbortSignal;
  started: number;
  sentAt: number;
  /** Ends the call's deadline timer (an audited stream calls it when the stream ends). */
  release(): void;
}

/** What an API's audited stream does with its events. */
export interface SseAudit {
  /** Takes in one upstream event; true when it is passed on now, false when it waits for the verdict. */
  add(event: SseEvent): boolean;
  /** The verdict on the whole reply once the upstream ends, and what follows the verdict comment. */
  verdict(): Promise<{ decision: Decision; tail: string }>;
}

export function auditedSse(context: GuardContext, upstream: UpstreamReply, facts: StreamFacts, audit: SseAudit): ProxyReply {
  const splitter = new SseSplitter();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const reader = upstream.stream!.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        // Read until something can be passed on: a pull that enqueues nothing is not called again.
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          let passed = false;
          for (const event of splitter.push(decoder.decode(value, { stream: true }))) {
            if (!audit.add(event)) continue;
            controller.enqueue(encoder.encode(event.raw));
            passed = true;
          }
          if (passed) return;
        }
        const upstreamMs = performance.now() - facts.sentAt;
        const rest = splitter.rest() + decoder.decode();
        if (rest !== '') controller.enqueue(encoder.encode(rest));
        const { decision, tail } = await audit.verdict();
        controller.enqueue(encoder.encode(verdictComment(decision.verdict) + tail));
        record(context, decision.verdict, { stream: true, addedMs: performance.now() - facts.started - upstreamMs });
        controller.close();
        facts.release();
      } catch (error) {
        const failure = error instanceof ProxyError ? error : upstreamFailure(error, context.upstream, facts.signal, facts.client);
        controller.enqueue(encoder.encode(`: felicity error ${JSON.stringify(failure.body)}\n\n`));
        controller.close();
        facts.release();
      }
    },
    async cancel(reason) {
      facts.release();
      await reader.cancel(reason).catch(() => undefined);
    },
  });
  const headers = returnedHeaders(upstream.headers);
  headers['x-felicity-verdict'] = 'outcome=pending; action=audit; certified=false';
  headers['x-felicity-request-id'] = facts.requestId;
  return { status: upstream.status, headers, body };
}
