/**
 * A loopback HTTP server that speaks the OpenAI chat-completions protocol, scripted per test.
 * Tests, benchmarks and `bench:run` use it instead of a real model: no network beyond 127.0.0.1,
 * no API key, deterministic replies. A script is either a list of replies (one per request, in
 * order) or a function of the incoming request (a "model"), so one server can answer thousands of
 * requests per second.
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { ChatMessage, ToolCall } from '../../core/types.ts';
import { startLoopbackServer } from './loopback-server.ts';

/** The JSON body of a chat-completions request as the server received it. */
export interface ChatRequestBody {
  model?: string;
  messages: ChatMessage[];
  tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
  tool_choice?: unknown;
  [field: string]: unknown;
}

export interface ScriptedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: ChatRequestBody;
}

export interface ScriptedUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/** What the server does with one request. */
export type ScriptedReply =
  /** A well-formed chat completion carrying this assistant message. */
  | {
      kind: 'completion';
      content: string | null;
      tool_calls?: ToolCall[];
      finish_reason?: string;
      usage?: ScriptedUsage;
    }
  /** Any status and body, verbatim (errors, non-JSON bodies, cut JSON with a matching length). */
  | { kind: 'raw'; status: number; body: string; contentType?: string; headers?: Record<string, string> }
  /** Headers promising the whole body, part of it, then the connection is destroyed. */
  | { kind: 'truncate'; body: string; sendBytes: number }
  /** Never answer (until the server closes). */
  | { kind: 'hang' };

export type ScriptFunction = (request: ScriptedRequest, index: number) => ScriptedReply | Promise<ScriptedReply>;
export type Script = readonly ScriptedReply[] | ScriptFunction;

export interface ScriptedServer {
  /** Base URL for an OpenAI client, e.g. http://127.0.0.1:40123/v1 */
  url: string;
  /** Requests received so far, in arrival order (empty when started with `record: false`). */
  requests: ScriptedRequest[];
  /** Number of requests received (counted even when not recorded). */
  count(): number;
  close(): Promise<void>;
}

const DEFAULT_USAGE: ScriptedUsage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };

/** Reply builders, so scripts read as what the "model" does. */
export const reply = {
  text(content: string, usage: ScriptedUsage = DEFAULT_USAGE): ScriptedReply {
    return { kind: 'completion', content, finish_reason: 'stop', usage };
  },
  toolCall(name: string, args: unknown, id = 'call_1', usage: ScriptedUsage = DEFAULT_USAGE): ScriptedReply {
    const argumentsText = typeof args === 'string' ? args : JSON.stringify(args);
    return {
      kind: 'completion',
      content: null,
      tool_calls: [{ id, type: 'function', function: { name, arguments: argumentsText } }],
      finish_reason: 'tool_calls',
      usage,
    };
  },
  status(status: number, error = 'scripted error', headers: Record<string, string> = {}): ScriptedReply {
    return { kind: 'raw', status, body: JSON.stringify({ error: { message: error } }), headers };
  },
  raw(status: number, body: string, contentType = 'application/json'): ScriptedReply {
    return { kind: 'raw', status, body, contentType };
  },
  truncate(body: string, sendBytes: number): ScriptedReply {
    return { kind: 'truncate', body, sendBytes };
  },
  hang(): ScriptedReply {
    return { kind: 'hang' };
  },
};

/**
 * A model that calls `tool` once when tools are offered and the last message is the user's, and
 * otherwise answers `text`: the two-call turn the loop benchmark and runner tests need.
 */
export function toolThenText(tool: string, args: unknown, text: string): ScriptFunction {
  const call = reply.toolCall(tool, args);
  const final = reply.text(text);
  return (request) => {
    const last = request.body.messages.at(-1);
    return request.body.tools?.length && last?.role === 'user' ? call : final;
  };
}

export async function startScriptedServer(script: Script, options: { record?: boolean } = {}): Promise<ScriptedServer> {
  const record = options.record ?? true;
  const requests: ScriptedRequest[] = [];
  let received = 0;

  const pick = (request: ScriptedRequest, index: number): ScriptedReply | Promise<ScriptedReply> => {
    if (typeof script === 'function') return script(request, index);
    return script[index] ?? reply.status(500, `scripted server: no reply scripted for request ${index + 1}`);
  };

  const server = await startLoopbackServer((req, res, bytes) => {
    const index = received++;
    let body: ChatRequestBody;
    try {
      body = JSON.parse(bytes.toString('utf8')) as ChatRequestBody;
    } catch {
      send(res, reply.status(400, 'scripted server: request body is not JSON'), { messages: [] });
      return;
    }
    const request: ScriptedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body };
    if (record) requests.push(request);
    Promise.resolve(pick(request, index)).then(
      (answer) => send(res, answer, body),
      (error: unknown) => send(res, reply.status(500, `scripted server: script threw: ${String(error)}`), body),
    );
  });
  return { url: `http://127.0.0.1:${server.port}/v1`, requests, count: () => received, close: server.close };
}

let completionCounter = 0;

function send(res: ServerResponse, answer: ScriptedReply, request: ChatRequestBody): void {
  switch (answer.kind) {
    case 'hang':
      return;
    case 'truncate': {
      const bytes = Buffer.from(answer.body, 'utf8');
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(bytes.length) });
      res.write(bytes.subarray(0, answer.sendBytes), () => res.destroy());
      return;
    }
    case 'raw': {
      res.writeHead(answer.status, {
        'content-type': answer.contentType ?? 'application/json',
        'content-length': String(Buffer.byteLength(answer.body)),
        ...answer.headers,
      });
      res.end(answer.body);
      return;
    }
    case 'completion': {
      const message: Record<string, unknown> = { role: 'assistant', content: answer.content };
      if (answer.tool_calls?.length) message['tool_calls'] = answer.tool_calls;
      const text = JSON.stringify({
        id: `chatcmpl-${++completionCounter}`,
        object: 'chat.completion',
        created: 1_790_000_000,
        model: request.model ?? 'scripted',
        choices: [{ index: 0, message, finish_reason: answer.finish_reason ?? 'stop' }],
        usage: answer.usage ?? DEFAULT_USAGE,
      });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
      res.end(text);
      return;
    }
  }
}
