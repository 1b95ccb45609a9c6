/**
 * The guard proxy's HTTP server (hono on Node): routes, error answers in OpenAI's shape, and a
 * graceful stop (no new connections; requests in flight finish; then the audit log is closed).
 */
import { serve, type HttpBindings, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { loadDeploymentFile } from '../setups/load-deployment.ts';
import { NO_AUDIT_LOG, openAuditLog } from './audit-log.ts';
import { chatCompletions } from './chat-completions.ts';
import type { GuardProxyConfig } from './config.ts';
import type { GuardContext } from './guard-context.ts';
import { GuardMetrics } from './metrics.ts';
import { openAIError, ProxyError } from './openai-error.ts';
import { DeploymentResolver } from './request-deployment.ts';
import { callSignal, forwardedHeaders, readUpstreamBody, returnedHeaders, sendUpstream } from './upstream.ts';

const UNCHECKED = 'outcome=unchecked; action=skipped; certified=false';

export async function createGuardContext(config: GuardProxyConfig): Promise<GuardContext> {
  const deployment = config.deployment === undefined ? undefined : await loadDeploymentFile(config.deployment);
  return {
    config,
    upstream: { base: config.upstream, timeoutMs: config.timeoutMs },
    resolver: new DeploymentResolver(deployment, config.toolCapabilities),
    metrics: new GuardMetrics(),
    audit: config.auditLog === undefined ? NO_AUDIT_LOG : openAuditLog(config.auditLog),
  };
}

export function createGuardApp(context: GuardContext) {
  const app = new Hono<{ Bindings: Partial<HttpBindings> }>();
  app.post('/v1/chat/completions', async (c) => {
    // On Node the body is read from the connection itself, without a web stream in between.
    const response = await chatCompletions(context, c.req.raw, c.env?.incoming);
    context.metrics.request('chat_completions', response.status);
    return response;
  });
  app.get('/v1/models', async (c) => {
    const client = c.req.raw.signal;
    const deadline = callSignal(context.config.timeoutMs, client);
    const { upstream, body } = await (async () => {
      const upstream = await sendUpstream(context.upstream, '/models', { method: 'GET', headers: forwardedHeaders(c.req.raw.headers) }, deadline.signal, client);
      return { upstream, body: await readUpstreamBody(upstream, context.upstream, deadline.signal, client) };
    })().finally(deadline.release);
    const headers = returnedHeaders(upstream.headers);
    headers.set('x-felicity-verdict', UNCHECKED);
    context.metrics.request('models', upstream.status);
    return new Response(body.byteLength === 0 ? null : body, { status: upstream.status, headers });
  });
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/metrics', (c) => c.text(context.metrics.render(), 200, { 'content-type': 'text/plain; version=0.0.4' }));
  app.notFound((c) => c.json(openAIError(`no route ${c.req.method} ${new URL(c.req.url).pathname}`, 'invalid_request_error', 'not_found'), 404));
  app.onError((error, c) => {
    const failure = error instanceof ProxyError ? error : new ProxyError(500, 'internal_error', 'the guard proxy failed on this request');
    context.metrics.request(c.req.path === '/v1/chat/completions' ? 'chat_completions' : 'other', failure.status);
    // Nothing was checked: the verdict says so, as on every response.
    return new Response(JSON.stringify(failure.body), { status: failure.status, headers: { 'content-type': 'application/json', 'x-felicity-verdict': UNCHECKED } });
  });
  return app;
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
  const app = createGuardApp(context);
  let server!: ServerType;
  await new Promise<void>((resolve, reject) => {
    server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve());
    server.once('error', reject);
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
        (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
      }).then(() => context.audit.close())),
  };
}
