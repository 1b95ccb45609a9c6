/**
 * The least a Node proxy does, as the guard bench's reference: read the request, parse it, send it
 * upstream (the same path under the upstream's base, any of the agent APIs) over a kept-alive
 * connection, parse the answer, send it back. No checking, no framework. What the guard costs
 * beyond this is the guard's own.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startForwardingProxy(upstreamBase: string): Promise<{ url: string; close: () => Promise<void> }> {
  const base = upstreamBase.replace(/\/$/, '');
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      JSON.parse(body.toString('utf8'));
      const target = new URL(`${base}${(req.url ?? '/').replace(/^\/v1/, '')}`);
      const upstream = http.request(target, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': String(body.byteLength) } }, (reply) => {
        const parts: Buffer[] = [];
        reply.on('data', (chunk: Buffer) => parts.push(chunk));
        reply.on('end', () => {
          const answer = Buffer.concat(parts);
          JSON.parse(answer.toString('utf8'));
          res.writeHead(reply.statusCode ?? 502, { 'content-type': 'application/json' });
          res.end(answer);
        });
      });
      upstream.on('error', () => {
        res.writeHead(502);
        res.end();
      });
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
