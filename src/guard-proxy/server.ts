/**
 * The guard proxy's HTTP server: routes, error answers in OpenAI's shape, and a graceful stop (no
 * new connections; requests in flight finish; then the audit log is closed).
 *
 * The routes are a hono app. On Node, the agent routes (`POST /v1/chat/completions`,
 * `/v1/responses`, `/v1/messages`), one of which is on every agent step, are served from node:http directly, without the web Request and Response the adapter builds
 * for each request: measured with bench:guard, that layer alone added about 2 ms to the p99 of a
 * request that should add less than that in all. Both paths run the same handler.
 */
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadDeploymentFile } from '../setups/load-deployment.ts';
import { NO_AUDIT_LOG, openAuditLog } from './audit-log.ts';
import { anthropicDialect } from './anthropic-messages.ts';
import { chatCompletions } from './chat-completions.ts';
import type { Dialect } from './dialect.ts';
import { dialectFailure, serveDialect } from './dialect-route.ts';
import { responsesDialect } from './responses.ts';
import type { GuardProxyConfig } from './config.ts';
import type { GuardContext } from './guard-context.ts';
import { GuardMetrics } from './metrics.ts';
import { openAIError } from './openai-error.ts';
import { failureReply, toResponse, UNCHECKED, writeReply, type ProxyReply } from './proxy-reply.ts';
import { readBoundedBody, readIncomingBody } from './read-body.ts';
import { DeploymentResolver } from './request-deployment.ts';
import { callSignal, forwardedHeaders, readUpstreamBody, returnedHeaders, sendUpstream } from './upstream.ts';

export async function createGuardContext(config: GuardProxyConfig): Promise<GuardContext> {
  const deployment = config.deployment === undefined ? undefined : await loadDeploymentFile(config.deployment);
  const judge = await openJudge(config);
  return {
    config,
    upstream: { base: config.upstream, timeoutMs: config.timeoutMs },
    resolver: new DeploymentResolver(deployment, config.toolCapabilities),
    metrics: new GuardMetrics(),
    audit: config.auditLog === undefined ? NO_AUDIT_LOG : openAuditLog(config.auditLog),
    ...judge,
  };
}

/**
 * `--engine hybrid`: the judge model, its endpoint checked once before the proxy listens (a judge
 * that is down, a wrong URL or key fails the start in seconds with EndpointUnreachableError, as
 * `run` does). A reply is waiting on it: one retry, each attempt within the proxy's timeout.
 */
async function openJudge(config: GuardProxyConfig): Promise<Pick<GuardContext, 'engine' | 'judgeModel'>> {
  if (config.engine !== 'hybrid' || config.judgeModel === undefined) return {};
  // Loaded only for a judge: the rules proxy starts without the model clients.
  const [{ createChatModel }, { checkEndpoint, EndpointUnreachableError }, { hybridGuardEngine }] = await Promise.all([
    import('../llm/create-chat-model.ts'),
    import('../benchmark/endpoint-check.ts'),
    import('../guard/hybrid-guard-engine.ts'),
  ]);
  const judgeModel = await createChatModel(config.judgeModel, { timeoutMs: config.timeoutMs, retry: { maxRetries: 1 } });
  try {
    await checkEndpoint(judgeModel);
  } catch (error) {
    await judgeModel.close();
    throw EndpointUnreachableError.isInstance(error) ? new EndpointUnreachableError(error.model, error.error, 'as the judge model, at the start of felicity guard') : error;
  }
  return { engine: hybridGuardEngine({ judgeModel }), judgeModel };
}

export function createGuardApp(context: GuardContext) {
  const app = new Hono<{ Bindings: Partial<HttpBindings> }>();
  app.post('/v1/chat/completions', async (c) => {
    const { raw } = c.req;
    const incoming = c.env?.incoming;
    const max = context.config.maxBodyBytes;
    const reply = await chatCompletions(context, { headers: raw.headers, client: raw.signal, body: () => (incoming === undefined ? readBoundedBody(raw, max) : readIncomingBody(incoming, max)) });
    context.metrics.request('chat_completions', reply.status);
    return toResponse(reply);
  });
  for (const [path, dialect] of Object.entries(DIALECT_ROUTES)) {
    app.post(path, async (c) => {
      const { raw } = c.req;
      const incoming = c.env?.incoming;
      const max = context.config.maxBodyBytes;
      let reply: ProxyReply;
      try {
        reply = await serveDialect(context, dialect, { headers: raw.headers, client: raw.signal, body: () => (incoming === undefined ? readBoundedBody(raw, max) : readIncomingBody(incoming, max)) });
      } catch (error) {
        reply = dialectFailure(dialect, error);
      }
      context.metrics.request(dialect.name, reply.status);
      return toResponse(reply);
    });
  }
  app.get('/v1/models', async (c) => {
    const client = c.req.raw.signal;
    const deadline = callSignal(context.config.timeoutMs, client);
    const { upstream, body } = await (async () => {
      const upstream = await sendUpstream(context.upstream, '/models', { method: 'GET', headers: forwardedHeaders(c.req.raw.headers) }, deadline.signal, client);
      return { upstream, body: await readUpstreamBody(upstream, context.upstream, deadline.signal, client) };
    })().finally(deadline.release);
    context.metrics.request('models', upstream.status);
    return toResponse({ status: upstream.status, headers: { ...returnedHeaders(upstream.headers), 'x-felicity-verdict': UNCHECKED }, body });
  });
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/metrics', (c) => c.text(context.metrics.render(), 200, { 'content-type': 'text/plain; version=0.0.4' }));
  app.notFound((c) => c.json(openAIError(`no route ${c.req.method} ${new URL(c.req.url).pathname}`, 'invalid_request_error', 'not_found'), 404));
  app.onError((error, c) => {
    const reply = failureReply(error);
    context.metrics.request(c.req.path === '/v1/chat/completions' ? 'chat_completions' : 'other', reply.status);
    return toResponse(reply);
  });
  return app;
}

/** `POST /v1/chat/completions` from node:http: the same handler, answered without web objects. */
async function serveChatCompletions(context: GuardContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const client = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) client.abort();
  });
  let reply: ProxyReply;
  try {
    reply = await chatCompletions(context, { headers: req.headers, client: client.signal, body: () => readIncomingBody(req, context.config.maxBodyBytes) });
  } catch (error) {
    reply = failureReply(error);
  }
  context.metrics.request('chat_completions', reply.status);
  writeReply(res, reply);
}

/** The agent APIs besides Chat Completions, by the path their clients post to. */
const DIALECT_ROUTES: Record<string, Dialect> = { '/v1/responses': responsesDialect, '/v1/messages': anthropicDialect };

/** `POST` to another agent API from node:http, as the chat route is served. */
async function serveDialectRoute(context: GuardContext, dialect: Dialect, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const client = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) client.abort();
  });
  let reply: ProxyReply;
  try {
    reply = await serveDialect(context, dialect, { headers: req.headers, client: client.signal, body: () => readIncomingBody(req, context.config.maxBodyBytes) });
  } catch (error) {
    reply = dialectFailure(dialect, error);
  }
  context.metrics.request(dialect.name, reply.status);
  writeReply(res, reply);
}

/** The agent routes straight from node:http; anything else to the hono app. */
function requestListener(context: GuardContext): http.RequestListener {
  const app = getRequestListener(createGuardApp(context).fetch);
  return (req, res) => {
    const path = req.method === 'POST' ? pathOf(req.url) : undefined;
    if (path === '/v1/chat/completions') return void serveChatCompletions(context, req, res);
    const dialect = path === undefined ? undefined : Object.hasOwn(DIALECT_ROUTES, path) ? DIALECT_ROUTES[path] : undefined;
    if (dialect !== undefined) void serveDialectRoute(context, dialect, req, res);
    else void app(req, res);
  };
}

/** The path hono's routes match (strictly: no trailing slash), without a query. */
function pathOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const end = url.indexOf('?');
  return end < 0 ? url : url.slice(0, end);
}

export interface RunningGuardProxy {
  /** http://HOST:PORT (the proxy's base; clients use `${url}/v1`). */
  url: string;
  port: number;
  context: GuardContext;
  /** Stops taking connections, lets requests in flight finish, closes the audit log. */
  close(): Promise<void>;
}

export async function startGuardProxy(config: GuardProxyConfig): Promise<RunningGuardProxy> {
  const context = await createGuardContext(config);
  const server = http.createServer(requestListener(context));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${config.host}:${port}`,
    port,
    context,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      })
        .then(() => context.audit.close())
        .then(() => context.judgeModel?.close())),
  };
}
