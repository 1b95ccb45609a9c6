/**
 * The local server of `felicity view`: a report folder (report.html, figures/, tables/) over HTTP
 * on the loopback interface only, read-only, to requests naming a loopback host (DNS rebinding).
 * Paths outside the folder are never served, through `..` or through a symlink.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import { loopbackHostOnly } from '../loopback-host.ts';

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
  app.use('*', loopbackHostOnly);
  app.use('*', async (c, next) => {
    await next();
    // A report page from a local folder: nothing else may frame or script it.
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
  });
  app.get('*', insideFolder(root), serveStatic({ root, index: 'report.html' }));
  app.all('*', (c) => c.text('not found', 404));
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: VIEW_HOST }, (info: AddressInfo) => {
      resolve({
        url: `http://${VIEW_HOST}:${info.port}/`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // A browser's kept-alive connections would hold the close for their idle timeout.
            if ('closeAllConnections' in server) server.closeAllConnections();
          }),
      });
    });
    server.once('error', (error: NodeJS.ErrnoException) => reject(new ViewPortError(VIEW_HOST, port, error.code ?? error.message)));
  });
}

/**
 * The static handler resolves `..` but follows symlinks: a link in the folder (figures/fig.svg ->
 * /etc/passwd) would serve any file the user can read. What a path resolves to, links followed,
 * must still be inside the folder; a folder's index file is checked the same way.
 */
function insideFolder(root: string): MiddlewareHandler {
  let realRoot: string | undefined;
  const inside = (real: string) => real === realRoot || real.startsWith(realRoot + path.sep);
  return async (c, next) => {
    realRoot ??= await fs.promises.realpath(root);
    let relative: string;
    try {
      relative = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text('not found', 404);
    }
    const target = path.join(root, relative);
    const real = await fs.promises.realpath(target).catch(() => undefined);
    // A path that does not exist is the static handler's 404.
    if (real !== undefined) {
      if (!inside(real)) return c.text('not found', 404);
      const index = await fs.promises.realpath(path.join(real, 'report.html')).catch(() => undefined);
      if (index !== undefined && (await fs.promises.stat(real)).isDirectory() && !inside(index)) return c.text('not found', 404);
    }
    await next();
  };
}
