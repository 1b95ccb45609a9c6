/**
 * One request to an API other than Chat Completions (dialect.ts), served as the chat route is:
 * the body forwarded as sent with the client's own headers, the reply judged before the client
 * sees it (or, streamed in audit mode, while it does), a clean reply sent byte for byte with the
 * verdict in a header, a changed one in the API's own shape with a `felicity` field.
 */
import type { ToolCall } from '../core/types.ts';
import { DEFAULT_SAFE_REPLY } from '../guard/safe-reply.ts';
import { serveApi, type ApiRoute, type IncomingChat } from './api-route.ts';
import { verdictHeaders } from './completion-response.ts';
import type { Dialect, TurnRequest } from './dialect.ts';
import { record, type GuardContext } from './guard-context.ts';
import { judgeTurn } from './judge-reply.ts';
import { ProxyError } from './openai-error.ts';
import type { Decision } from './policies.ts';
import type { ProxyReply } from './proxy-reply.ts';
import { auditedSse, type StreamFacts } from './audited-sse.ts';
import { bufferedSse } from './buffered-sse.ts';
import { verdictComment, type SseEvent } from './sse.ts';
import { readUpstreamBody, returnedHeaders, type UpstreamReply } from './upstream.ts';
import { verdictHeader, verdictOf } from './verdict.ts';

type Facts = StreamFacts;

export function serveDialect(context: GuardContext, dialect: Dialect, incoming: IncomingChat): Promise<ProxyReply> {
  return serveApi(context, routeOf(dialect), incoming);
}

const ROUTES = new WeakMap<Dialect, ApiRoute<TurnRequest>>();

function routeOf(dialect: Dialect): ApiRoute<TurnRequest> {
  let route = ROUTES.get(dialect);
  if (route === undefined) {
    route = {
      path: dialect.path,
      readRequest: (bytes) => dialect.readRequest(bytes),
      whole: (context, request, upstream, facts) => wholeReply(context, dialect, request, upstream, facts),
      buffered: (context, request, upstream, facts) => bufferedEvents(context, dialect, request, upstream, facts),
      audited: (context, request, upstream, facts) => auditedEvents(context, dialect, request, upstream, facts),
    };
    ROUTES.set(dialect, route);
  }
  return route;
}

/** The proxy's failure in the API's own error shape. */
export function dialectFailure(dialect: Dialect, error: unknown): ProxyReply {
  const failure = error instanceof ProxyError ? error : new ProxyError(500, 'internal_error', 'the guard proxy failed on this request');
  return { status: failure.status, headers: { 'content-type': 'application/json', 'x-felicity-verdict': 'outcome=unchecked; action=skipped; certified=false' }, body: JSON.stringify(dialect.errorBody(failure)) };
}

function judge(context: GuardContext, dialect: Dialect, request: TurnRequest, reply: { text: string | null; toolCalls: readonly ToolCall[] }, facts: Facts, onFail?: 'annotate'): Promise<Decision> {
  return judgeTurn(context, request, reply, {
    requestId: facts.requestId,
    ...(onFail === undefined ? {} : { onFail }),
    model: () => dialect.model(context.upstream, facts.headers, request, facts.client),
  }).then((decision) => withHistory(decision, request));
}

/** A continued conversation was judged on what the request carries: the verdict says so. */
function withHistory(decision: Decision, request: TurnRequest): Decision {
  if (request.history === undefined) return decision;
  decision.verdict.history = request.history;
  decision.verdict.reason += '; earlier turns (previous_response_id) were not visible to the check, only what this request carries';
  return decision;
}

async function wholeReply(context: GuardContext, dialect: Dialect, request: TurnRequest, upstream: UpstreamReply, facts: Facts): Promise<ProxyReply> {
  const body = await readUpstreamBody(upstream, context.upstream, facts.signal, facts.client);
  const upstreamMs = performance.now() - facts.sentAt;
  const passThrough = (reason: string): ProxyReply => {
    const verdict = verdictOf({ requestId: facts.requestId, label: null, where: null, action: 'skipped', reason });
    record(context, verdict, { stream: false, addedMs: performance.now() - facts.started - upstreamMs });
    const out = returnedHeaders(upstream.headers);
    out['x-felicity-verdict'] = verdictHeader(verdict);
    out['x-felicity-request-id'] = facts.requestId;
    return { status: upstream.status, headers: out, body };
  };
  if (!upstream.ok) return passThrough(`the upstream answered ${upstream.status}; passed through unchecked`);
  const unreadable = (why: string): ProxyReply => (context.config.onError === 'closed' ? blocked(context, dialect, request, upstream, facts, why, upstreamMs, false) : passThrough(`${why}; passed through unchecked`));
  let parsed: unknown;
  try {
    const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
    parsed = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return unreadable('the upstream answer is not JSON');
  }
  const reply = dialect.readReply(parsed);
  if (reply === undefined) return unreadable(`the upstream answer is not a ${dialect.name} response`);
  const decision = await judge(context, dialect, request, reply, facts);
  const out = Object.assign(returnedHeaders(upstream.headers), verdictHeaders(decision));
  const untouched = decision.kind === 'pass' && (decision.verdict.action === 'none' || decision.verdict.action === 'skipped');
  let sent: Uint8Array<ArrayBuffer> | string = body;
  if (!untouched) {
    sent = dialect.replyBody(parsed as Record<string, unknown>, decision);
    out['content-type'] = 'application/json';
  }
  record(context, decision.verdict, { stream: false, addedMs: performance.now() - facts.started - upstreamMs });
  return { status: upstream.status, headers: out, body: sent };
}

/** `--on-error closed`: a 200 the guard cannot read is not sent on; a blocking reply in the API's shape goes instead. */
function blocked(context: GuardContext, dialect: Dialect, request: TurnRequest, upstream: UpstreamReply, facts: Facts, why: string, upstreamMs: number, stream: boolean): ProxyReply {
  const verdict = verdictOf({ requestId: facts.requestId, label: null, where: null, action: 'failed_closed', reason: `${why}; the guard cannot read it; fail closed: a blocking reply is sent`, certified: true });
  record(context, verdict, { stream, addedMs: performance.now() - facts.started - upstreamMs });
  const headers = returnedHeaders(upstream.headers);
  headers['x-felicity-verdict'] = verdictHeader(verdict);
  headers['x-felicity-request-id'] = facts.requestId;
  headers['content-type'] = request.stream ? 'text/event-stream' : 'application/json';
  return { status: 200, headers, body: request.stream ? dialect.blockedStream(request, DEFAULT_SAFE_REPLY, verdict) : dialect.blockedBody(request, DEFAULT_SAFE_REPLY, verdict) };
}

/** The event that closes the reply with the verdict in a `felicity` field, where the API has one (Responses' `response.completed`); any other event as it came. */
function annotated(dialect: Dialect, event: SseEvent, decision: Decision): string {
  if (event.data === null || dialect.verdictEvent === undefined) return event.raw;
  const data = dialect.verdictEvent(event.data, decision.verdict);
  if (data === undefined) return event.raw;
  const fields = event.raw.split(/\r?\n/).filter((line) => line !== '' && !line.startsWith('data:'));
  return `${[...fields, `data: ${data}`].join('\n')}\n\n`;
}

function bufferedEvents(context: GuardContext, dialect: Dialect, request: TurnRequest, upstream: UpstreamReply, facts: Facts): Promise<ProxyReply> {
  const assembly = dialect.newAssembly();
  return bufferedSse(context, upstream, facts, {
    add: (event) => assembly.add(event),
    get readable() {
      return assembly.readable;
    },
    failClosed: (upstreamMs) => blocked(context, dialect, request, upstream, facts, `the upstream stream holds no ${dialect.name} event the guard can read`, upstreamMs, true),
    judge: () => judge(context, dialect, request, assembly, facts),
    body(decision, raw, rest) {
      if (decision.kind !== 'pass') return dialect.streamBody(decision, assembly) + verdictComment(decision.verdict);
      if (decision.verdict.action !== 'none' && decision.verdict.action !== 'skipped') return raw.map((event) => annotated(dialect, event, decision)).join('') + rest + verdictComment(decision.verdict);
      return raw.map((event) => event.raw).join('') + rest;
    },
  });
}

function auditedEvents(context: GuardContext, dialect: Dialect, request: TurnRequest, upstream: UpstreamReply, facts: Facts): ProxyReply {
  const assembly = dialect.newAssembly();
  return auditedSse(context, upstream, facts, {
    add(event) {
      assembly.add(event);
      return true;
    },
    async verdict() {
      return { decision: await judge(context, dialect, request, assembly, facts, 'annotate'), tail: '' };
    },
  });
}
