import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { createChatModel } from '../llm/create-chat-model.ts';
import { reply, startScriptedServer } from '../llm/testing/scripted-chat-server.ts';
import { EndpointUnreachableError, checkEndpoint } from './endpoint-check.ts';

const FAST = { retry: { baseDelayMs: 1, maxRetries: 1 }, timeoutMs: 5_000, env: {} };

/** A port nothing listens on: bound, then closed again. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

test('a server that answers passes with one request', async () => {
  const server = await startScriptedServer([reply.text('OK')]);
  try {
    await checkEndpoint(await createChatModel(`openai-compatible:${server.url}#m`, FAST));
    assert.equal(server.count(), 1);
  } finally {
    await server.close();
  }
});

test('a server that is down fails with the model, the reason and what to check', async () => {
  const model = await createChatModel(`openai-compatible:http://127.0.0.1:${await closedPort()}/v1#m`, FAST);
  await assert.rejects(
    checkEndpoint(model),
    (e: unknown) => EndpointUnreachableError.isInstance(e) && e.code === 'ENDPOINT_UNREACHABLE' && e.error.kind === 'network' && /is the server running/.test(e.message),
  );
});

test('a rejected key or an unknown model fails; a server refusing the one-token cap does not', async () => {
  for (const [status, pattern] of [[401, /API key/], [404, /model name/]] as const) {
    const server = await startScriptedServer([reply.status(status, 'no')]);
    try {
      await assert.rejects(checkEndpoint(await createChatModel(`openai-compatible:${server.url}#m`, FAST)), pattern);
    } finally {
      await server.close();
    }
  }
  const picky = await startScriptedServer([reply.status(400, 'max_tokens must be at least 16')]);
  try {
    await checkEndpoint(await createChatModel(`openai-compatible:${picky.url}#m`, FAST));
  } finally {
    await picky.close();
  }
});
