/**
 * A loopback OpenAI-compatible upstream for the guard's tests and benchmark: a script maps each
 * request to a reply (text, tool calls, an error, a hang, a delay), sent as one JSON completion
 * or, when the request asks to stream, as SSE chunks split into small pieces. It records the
 * requests and the headers it got, and which requests the client abandoned.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { ChatMessage, ToolCall } from '../../core/types.ts';
import { startLoopbackServer } from '../../llm/testing/loopback-server.ts';
import { readAnthropicRequest } from '../anthropic-request.ts';
import { readResponsesRequest } from '../responses-request.ts';
import { messagesBody, responsesBody, writeMessagesStream, writeResponsesStream } from './scripted-apis.ts';

export interface UpstreamRequest {
  path: string;
  /** Which API was called; a Responses or Messages body is read into chat `messages` for the script, `raw` as sent. */
  api: 'chat' | 'responses' | 'messages';
  raw: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  body: { model?: string; messages: ChatMessage[]; tools?: unknown[]; stream?: boolean; temperature?: number; [field: string]: unknown };
}

export type UpstreamReply =
  | { kind: 'text'; content: string }
  /** Calls, with the words written in the same reply when `content` is set. */
  | { kind: 'tool_calls'; calls: ToolCall[]; content?: string }
  | { kind: 'status'; status: number; body: string }
  | { kind: 'hang' }
  | { kind: 'delay'; ms: number; then: UpstreamReply };

export type UpstreamScript = (request: UpstreamRequest) => UpstreamReply;

export interface ScriptedUpstream {
  /** Base URL with /v1. */
  url: string;
  requests: UpstreamRequest[];
  /** How many requests the client closed before the reply was finished. */
  abandoned(): number;
  close(): Promise<void>;
}

export const say = {
  text: (content: string): UpstreamReply => ({ kind: 'text', content }),
  call: (name: string, args: unknown, id = 'call_1'): UpstreamReply => ({ kind: 'tool_calls', calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }] }),
};

export async function startScriptedUpstream(script: UpstreamScript, options: { record?: boolean } = {}): Promise<ScriptedUpstream> {
  const requests: UpstreamRequest[] = [];
  let abandoned = 0;
  const server = await startLoopbackServer((req, res, bytes) => {
    if (req.method === 'GET' && req.url?.endsWith('/models')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [{ id: 'scripted', object: 'model', owned_by: 'test' }] }));
      return;
    }
    let body: UpstreamRequest['body'];
    try {
      body = JSON.parse(bytes.toString('utf8'));
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end('{"error":{"message":"not JSON"}}');
      return;
    }
    const path = req.url ?? '/';
    const api = path.endsWith('/responses') ? 'responses' : path.endsWith('/messages') ? 'messages' : 'chat';
    const raw = body as Record<string, unknown>;
    if (api !== 'chat') {
      const view = (api === 'responses' ? readResponsesRequest : readAnthropicRequest)(bytes);
      body = { ...raw, messages: view.messages, ...(view.tools === undefined ? {} : { tools: view.tools }) };
    }
    const request: UpstreamRequest = { path, api, raw, headers: req.headers, body };
    if (options.record !== false) requests.push(request);
    res.on('close', () => {
      if (!res.writableFinished) abandoned++;
    });
    const id = `chatcmpl-scripted-${body.stream === true ? 's' : 'n'}`;
    const send = (reply: UpstreamReply): void => {
      if (reply.kind === 'hang') return;
      if (reply.kind === 'delay') return void setTimeout(() => send(reply.then), reply.ms);
      if (reply.kind === 'status') {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(reply.body);
        return;
      }
      if (api === 'responses') {
        if (body.stream === true) return writeResponsesStream(res, reply, body.model ?? 'scripted');
        return json(res, responsesBody(reply, body.model ?? 'scripted'));
      }
      if (api === 'messages') {
        if (body.stream === true) return writeMessagesStream(res, reply, body.model ?? 'scripted');
        return json(res, messagesBody(reply, body.model ?? 'scripted'));
      }
      if (body.stream === true) return void streamReply(res, id, body.model ?? 'scripted', reply);
      const message = reply.kind === 'text' ? { role: 'assistant', content: reply.content } : { role: 'assistant', content: reply.content ?? null, tool_calls: reply.calls };
      const text = JSON.stringify({
        id, object: 'chat.completion', created: 1_790_000_000, model: body.model ?? 'scripted',
        choices: [{ index: 0, message, finish_reason: reply.kind === 'text' ? 'stop' : 'tool_calls' }],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
      res.end(text);
    };
    let reply: UpstreamReply;
    try {
      reply = script(request);
    } catch (error) {
      reply = { kind: 'status', status: 500, body: JSON.stringify({ error: { message: `script threw: ${String(error)}` } }) };
    }
    send(reply);
  });
  return { url: `http://127.0.0.1:${server.port}/v1`, requests, abandoned: () => abandoned, close: server.close };
}

function json(res: import('node:http').ServerResponse, value: unknown): void {
  const text = JSON.stringify(value);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
  res.end(text);
}

/**
 * Writes the reply's events as a server does, waiting for the reader when the socket's buffer is
 * full: a long answer (17 MiB is millions of events) written at once would block the process the
 * proxy runs in too, and queue more writes than the socket takes (EINVAL). Stops if the reader goes.
 */
async function streamReply(res: import('node:http').ServerResponse, id: string, model: string, reply: Extract<UpstreamReply, { kind: 'text' | 'tool_calls' }>): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const chunk = (delta: Record<string, unknown>, finish: string | null) => `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1_790_000_000, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  for (const event of streamEvents(reply, chunk)) {
    if (res.destroyed) return;
    if (!res.write(event)) await drainedOrClosed(res);
  }
  if (!res.destroyed) res.end('data: [DONE]\n\n');
}

function* streamEvents(reply: Extract<UpstreamReply, { kind: 'text' | 'tool_calls' }>, chunk: (delta: Record<string, unknown>, finish: string | null) => string): Generator<string> {
  yield chunk({ role: 'assistant', content: '' }, null);
  if (reply.kind === 'text') {
    for (const piece of pieces(reply.content, 7)) yield chunk({ content: piece }, null);
    yield chunk({}, 'stop');
    return;
  }
  for (const piece of pieces(reply.content ?? '', 7)) yield chunk({ content: piece }, null);
  for (const [index, call] of reply.calls.entries()) {
    yield chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }, null);
    for (const piece of pieces(call.function.arguments, 5)) yield chunk({ tool_calls: [{ index, function: { arguments: piece } }] }, null);
  }
  yield chunk({}, 'tool_calls');
}

/** `text` in pieces of `size` characters, as a model streams tokens. */
function* pieces(text: string, size: number): Generator<string> {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

function drainedOrClosed(res: import('node:http').ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
