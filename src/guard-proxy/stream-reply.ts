/**
 * Streamed replies. `buffer` holds the whole upstream stream, judges it, and sends either the
 * upstream events byte for byte (the verdict in a header) or well-formed chunks of the guard's
 * reply or tool calls, then a verdict comment. `audit` passes each event on as it arrives, judges
 * at the end without changing anything, and sends the verdict as a final SSE comment before
 * `[DONE]`. A client that goes away cancels the upstream read.
 */
import type { ChatRequestView } from './chat-request.ts';
import { auditedSse, type StreamFacts } from './audited-sse.ts';
import { record, type GuardContext } from './guard-context.ts';
import { withGuardUsage } from './completion-response.ts';
import { judgeReply } from './judge-reply.ts';
import type { Decision } from './policies.ts';
import { DONE_EVENT, StreamAssembly, textEvents, toolCallEvents, verdictComment } from './sse.ts';
import type { ProxyReply } from './proxy-reply.ts';
import { bufferedSse } from './buffered-sse.ts';
import { returnedHeaders, type UpstreamReply } from './upstream.ts';
import { verdictHeader, verdictOf } from './verdict.ts';
import { DEFAULT_SAFE_REPLY } from '../guard/safe-reply.ts';

export type { StreamFacts } from './audited-sse.ts';

export function bufferedStream(context: GuardContext, request: ChatRequestView, upstream: UpstreamReply, facts: StreamFacts): Promise<ProxyReply> {
  const assembly = new StreamAssembly();
  return bufferedSse(context, upstream, facts, {
    add(event) {
      if (event.data !== null) assembly.add(event.data);
    },
    get readable() {
      return assembly.chunks > 0;
    },
    failClosed(upstreamMs) {
      const verdict = verdictOf({ requestId: facts.requestId, label: null, where: null, action: 'failed_closed', reason: 'the upstream stream holds no chat completion chunk the guard can read; fail closed: a blocking reply is sent', certified: true });
      const headers = returnedHeaders(upstream.headers);
      Object.assign(headers, { 'content-type': 'text/event-stream', 'x-felicity-verdict': verdictHeader(verdict), 'x-felicity-request-id': facts.requestId });
      record(context, verdict, { stream: true, addedMs: performance.now() - facts.started - upstreamMs });
      return { status: upstream.status, headers, body: textEvents(assembly.meta, DEFAULT_SAFE_REPLY, undefined) + verdictComment(verdict) + DONE_EVENT };
    },
    judge: () => judgeReply(context, request, { text: assembly.text, toolCalls: assembly.toolCalls }, facts),
    body: (decision, raw, rest) => streamBody(decision, raw.map((event) => event.raw).join('') + rest, assembly),
  });
}

function streamBody(decision: Decision, original: string, assembly: StreamAssembly): string {
  if (decision.kind === 'pass' && (decision.verdict.action === 'none' || decision.verdict.action === 'skipped')) return original;
  if (decision.kind === 'pass') return insertBeforeDone(original, verdictComment(decision.verdict));
  const usage = withGuardUsage(assembly.usage, decision.verdict.usage);
  const events = decision.kind === 'text' ? textEvents(assembly.meta, decision.text, usage) : toolCallEvents(assembly.meta, decision.calls, usage);
  return events + verdictComment(decision.verdict) + DONE_EVENT;
}

function insertBeforeDone(stream: string, comment: string): string {
  const at = stream.lastIndexOf('data: [DONE]');
  return at < 0 ? stream + comment : stream.slice(0, at) + comment + stream.slice(at);
}

export function auditedStream(context: GuardContext, request: ChatRequestView, upstream: UpstreamReply, facts: StreamFacts): ProxyReply {
  const assembly = new StreamAssembly();
  return auditedSse(context, upstream, facts, {
    add(event) {
      if (event.data !== null) assembly.add(event.data);
      // [DONE] waits for the verdict, which goes before it.
      return !assembly.done;
    },
    async verdict() {
      const decision = await judgeReply(context, request, { text: assembly.text, toolCalls: assembly.toolCalls }, { ...facts, onFail: 'annotate' });
      return { decision, tail: assembly.done ? DONE_EVENT : '' };
    },
  });
}
