/**
 * `POST /v1/messages`, the Anthropic Messages API: the same guard as Chat Completions, its
 * request, replies and events read and written in Anthropic's shape. The client's `x-api-key`
 * and `anthropic-version` go upstream untouched (as every header the proxy does not frame); the
 * guard's own calls go to the upstream's `/messages` with them.
 */
import type { ChatMessage } from '../core/types.ts';
import type { ChatRequest } from '../llm/chat-model.ts';
import { blockedMessage, blockedMessageStream, MessagesAssembly, messagesReplyBody, messagesStreamBody, readMessage } from './anthropic-reply.ts';
import { readAnthropicRequest } from './anthropic-request.ts';
import { upstreamApiModel, type ApiCodec } from './api-model.ts';
import type { Dialect } from './dialect.ts';

/** The most a guard call (a rewrite, a re-anchoring call) may write: a reply, not an essay. */
const GUARD_MAX_TOKENS = 1_024;

type Block = Record<string, unknown>;

/** Chat messages as Anthropic messages: the system text apart, tool results in user messages. */
function anthropicMessages(messages: readonly ChatMessage[]): { system: string; messages: { role: 'user' | 'assistant'; content: Block[] }[] } {
  const system: string[] = [];
  const out: { role: 'user' | 'assistant'; content: Block[] }[] = [];
  const push = (role: 'user' | 'assistant', block: Block) => {
    const last = out.at(-1);
    if (last?.role === role) last.content.push(block);
    else out.push({ role, content: [block] });
  };
  for (const message of messages) {
    const text = typeof message.content === 'string' ? message.content : (message.content ?? []).map((part) => part.text ?? '').join('');
    if (message.role === 'system' || message.role === 'developer') {
      if (text !== '') system.push(text);
    } else if (message.role === 'tool') {
      push('user', { type: 'tool_result', tool_use_id: message.tool_call_id, content: text });
    } else if (message.role === 'assistant') {
      if (text !== '') push('assistant', { type: 'text', text });
      for (const call of message.tool_calls ?? []) push('assistant', { type: 'tool_use', id: call.id, name: call.function.name, input: safeInput(call.function.arguments) });
    } else if (text !== '') {
      push('user', { type: 'text', text });
    }
  }
  return { system: system.join('\n\n'), messages: out };
}

function safeInput(args: string): unknown {
  try {
    const value: unknown = JSON.parse(args);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

export function messagesCodec(model: string | undefined): ApiCodec {
  return {
    path: '/messages',
    body(request: ChatRequest) {
      const { system, messages } = anthropicMessages(request.messages);
      const body: Record<string, unknown> = { max_tokens: GUARD_MAX_TOKENS, messages, temperature: 0 };
      if (model !== undefined) body['model'] = model;
      if (system !== '') body['system'] = system;
      if (request.tools?.length) body['tools'] = request.tools.map((tool) => ({ name: tool.function.name, description: tool.function.description, input_schema: tool.function.parameters }));
      return body;
    },
    answer(parsed) {
      const reply = readMessage(parsed);
      if (reply === undefined) return undefined;
      const usage = (parsed as { usage?: { input_tokens?: number; output_tokens?: number } }).usage;
      const prompt = usage?.input_tokens ?? 0;
      const completion = usage?.output_tokens ?? 0;
      return {
        message: { role: 'assistant', content: reply.text, ...(reply.toolCalls.length > 0 ? { tool_calls: reply.toolCalls } : {}) },
        usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
        finish: reply.toolCalls.length > 0 ? 'tool_calls' : 'stop',
      };
    },
  };
}

/** Anthropic's error shape: `{type: 'error', error: {type, message}}`. */
function anthropicError(status: number, message: string): unknown {
  const type = status === 400 || status === 413 ? 'invalid_request_error' : status === 404 ? 'not_found_error' : status === 504 ? 'timeout_error' : 'api_error';
  return { type: 'error', error: { type, message } };
}

export const anthropicDialect: Dialect = {
  name: 'messages',
  path: '/messages',
  readRequest: readAnthropicRequest,
  readReply: readMessage,
  replyBody: messagesReplyBody,
  newAssembly: () => new MessagesAssembly(),
  verdictEvent(data, verdict) {
    if (!data.includes('"message_delta"')) return undefined;
    try {
      const event = JSON.parse(data) as { type?: unknown };
      return event.type === 'message_delta' ? JSON.stringify({ ...event, felicity: verdict }) : undefined;
    } catch {
      return undefined;
    }
  },
  streamBody: (decision, assembly) => messagesStreamBody(decision, assembly as MessagesAssembly),
  blockedBody: (request, text, verdict) => JSON.stringify(blockedMessage(request, text, verdict)),
  blockedStream: blockedMessageStream,
  model: (upstream, headers, request, client) => upstreamApiModel(upstream, headers, messagesCodec(request.model), client),
  errorBody: (error) => anthropicError(error.status, error.message),
};
