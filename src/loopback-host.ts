/**
 * The servers felicity runs on a user's machine (the report viewer, the annotation app) listen on
 * loopback only, but a page elsewhere can point a name it controls at 127.0.0.1 (DNS rebinding)
 * and read them as same-origin. Its requests still carry that name in `Host`: anything but a
 * loopback name is refused with 421 before any route runs.
 */
import type { MiddlewareHandler } from 'hono';

const LOOPBACK_NAMES: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether a Host header (with or without its port) names this machine's loopback interface. */
export function isLoopbackHost(header: string | undefined): boolean {
  return LOOPBACK_NAMES.has((header ?? '').replace(/:\d+$/, '').toLowerCase());
}

export const loopbackHostOnly: MiddlewareHandler = async (c, next) => {
  if (!isLoopbackHost(c.req.header('host'))) return c.text('unknown host', 421);
  await next();
};
