/**
 * The local server of `felicity view`: a report folder (report.html, figures/, tables/) over HTTP
 * on the loopback interface only, read-only. Paths outside the folder are never served.
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

export interface ViewServer {
  /** http://127.0.0.1:PORT/ */
  url: string;
  close(): Promise<void>;
}

/** A server unable to listen (the port is taken), with the address it tried. */
export class ViewPortError extends Error {
  readonly code = 'VIEW_PORT';
  constructor(
    readonly host: string,
    readonly port: number,
    readonly reason: string,
  ) {
    super(`cannot listen on ${host}:${port}: ${reason}${reason === 'EADDRINUSE' ? ' (the port is in use; pick another with --port, or 0 for any free one)' : ''}`);
    this.name = 'ViewPortError';
  }
}

export const VIEW_HOST = '127.0.0.1';

export function serveReport(dir: string, port: number): Promise<ViewServer> {
  const root = path.resolve(dir);
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    // A report page from a local folder: nothing else may frame or script it.
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
  });
  app.get('*', serveStatic({ root, index: 'report.html' }));
  app.all('*', (c) => c.text('not found', 404));
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: VIEW_HOST }, (info: AddressInfo) => {
      resolve({
        url: `http://${VIEW_HOST}:${info.port}/`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
    server.once('error', (error: NodeJS.ErrnoException) => reject(new ViewPortError(VIEW_HOST, port, error.code ?? error.message)));
  });
}
