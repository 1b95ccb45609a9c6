/**
 * The annotation web app (hono): a page, its script and style, and a small JSON API behind a
 * per-annotator bearer token. An annotator reads and writes only the items assigned to them;
 * another annotator's items answer 404 as if they did not exist. Served on loopback only, and
 * requests naming another host are refused (DNS rebinding).
 */
import { Hono, type Context } from 'hono';
import { loopbackHostOnly } from '../loopback-host.ts';
import { annotationSchema, suggestOutcome } from './annotation.ts';
import { APP_CSS, APP_JS, PAGE_HTML } from './page.ts';
import type { AnnotationStore } from './store.ts';

/** The largest annotation body accepted. */
export const MAX_BODY_BYTES = 256 * 1024;

const SECURITY_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

type Env = { Variables: { annotator: string } };

export function annotateApp(store: AnnotationStore): Hono<Env> {
  const app = new Hono<Env>();
  app.use('*', loopbackHostOnly);
  app.use('*', async (c, next) => {
    await next();
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) c.header(k, v);
  });
  app.get('/', (c) => c.html(PAGE_HTML));
  app.get('/app.js', (c) => c.body(APP_JS, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  app.get('/app.css', (c) => c.body(APP_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' }));

  app.use('/api/*', async (c, next) => {
    const auth = c.req.header('authorization') ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7).trim() : '';
    const annotator = store.annotatorForToken(token);
    if (annotator === undefined) return c.json({ error: 'unknown or missing token' }, 401);
    c.set('annotator', annotator);
    await next();
  });
  app.get('/api/me', (c) => c.json({ annotator: c.get('annotator'), items: store.queue(c.get('annotator')).map(({ key, done }) => ({ key, done })) }));
  app.get('/api/items/:key', (c) => {
    const id = store.idForKey(Number(c.req.param('key')));
    const annotator = c.get('annotator');
    if (id === undefined || !store.isAssigned(annotator, id)) return notFound(c);
    const saved = store.annotation(annotator, id);
    const facts = store.facts(id)!;
    const { deployment, messages } = store.view(id)!;
    return c.json({ view: { deployment, messages }, annotation: saved?.annotation ?? null, savedAt: saved?.updatedAt ?? null, suggested: saved ? saved.suggested : null, doability: facts.doability });
  });
  app.put('/api/items/:key/annotation', async (c) => {
    const id = store.idForKey(Number(c.req.param('key')));
    const annotator = c.get('annotator');
    if (id === undefined || !store.isAssigned(annotator, id)) return notFound(c);
    const length = Number(c.req.header('content-length') ?? '0');
    if (length > MAX_BODY_BYTES) return c.json({ error: `body larger than ${MAX_BODY_BYTES} bytes` }, 413);
    const text = await c.req.text();
    if (text.length > MAX_BODY_BYTES) return c.json({ error: `body larger than ${MAX_BODY_BYTES} bytes` }, 413);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return c.json({ error: 'body is not JSON' }, 400);
    }
    const parsed = annotationSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return c.json({ error: `${issue.path.join('.') || '(body)'}: ${issue.message}` }, 400);
    }
    const suggested = suggestOutcome(parsed.data, store.facts(id)!);
    const savedAt = store.save(annotator, id, parsed.data, suggested);
    return c.json({ savedAt, suggested });
  });
  return app;
}

function notFound(c: Context<Env>) {
  return c.json({ error: 'no such item' }, 404);
}

/** Serves the app on 127.0.0.1:`port` (0 picks a free port); resolves with the port and a closer. */
export async function serveAnnotations(store: AnnotationStore, port: number): Promise<{ port: number; close: () => Promise<void> }> {
  const { serve } = await import('@hono/node-server');
  const app = annotateApp(store);
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
      resolve({ port: info.port, close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}
