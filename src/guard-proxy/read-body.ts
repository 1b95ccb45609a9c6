/**
 * Reads a request body up to a byte limit: a declared length over the limit is refused before
 * reading, and a body that grows past it (chunked, or a lying length) is refused as soon as it does.
 */
import { ProxyError } from './openai-error.ts';

export async function readBoundedBody(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes, `${declared} bytes`);
  if (request.body === null) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes, `more than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]! as Uint8Array<ArrayBuffer>;
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

function tooLarge(maxBytes: number, got: string): ProxyError {
  return new ProxyError(413, 'request_too_large', `request body too large (expected at most ${maxBytes} bytes, got ${got})`);
}
