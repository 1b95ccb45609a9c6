/**
 * Reads a request body up to a byte limit: a declared length over the limit is refused before
 * reading, and a body that grows past it (chunked, or a lying length) is refused as soon as it does.
 */
import type { IncomingMessage } from 'node:http';
import { ProxyError } from './openai-error.ts';

export async function readBoundedBody(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes, `${declared} bytes`);
  if (request.body === null) return new Uint8Array(new ArrayBuffer(0));
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of boundedChunks(request.body, maxBytes, () => tooLarge(maxBytes, `more than ${maxBytes} bytes`))) {
    size += chunk.byteLength;
    chunks.push(chunk);
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

/** A web stream's chunks as they arrive; past `maxBytes` in all, the stream is cancelled and `tooLarge()` thrown. */
export async function* boundedChunks(stream: ReadableStream<Uint8Array>, maxBytes: number, tooLarge: () => Error): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    yield value;
  }
}

/** The same, from a Node request: its chunks as they arrive, no web stream. */
export function readIncomingBody(incoming: IncomingMessage, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(incoming.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.reject(tooLarge(maxBytes, `${declared} bytes`));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) {
        incoming.off('data', onData);
        incoming.resume();
        reject(tooLarge(maxBytes, `more than ${maxBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    };
    let ended = false;
    incoming.on('data', onData);
    incoming.once('error', reject);
    // A client gone before the end: nothing to answer. Every request closes; only an early close
    // builds the error (an Error's stack is not free on the hot path).
    incoming.once('close', () => {
      if (!ended) reject(new ProxyError(499, 'client_closed', 'the client closed the request'));
    });
    incoming.once('end', () => {
      ended = true;
      const whole = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      resolve(new Uint8Array(whole.buffer as ArrayBuffer, whole.byteOffset, whole.byteLength));
    });
  });
}

function tooLarge(maxBytes: number, got: string): ProxyError {
  return new ProxyError(413, 'request_too_large', `request body too large (expected at most ${maxBytes} bytes, got ${got})`);
}
