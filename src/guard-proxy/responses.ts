/**
 * `POST /v1/responses`, the OpenAI Responses API (the Agents SDK's default): the same guard as
 * Chat Completions, its request, replies and events read and written in the Responses shape.
 * The guard's own calls go to the upstream's `/responses` too, statelessly (`store: false`).
 */
import type { ChatMessage } from '../core/types.ts';
import type { ChatRequest } from '../llm/chat-model.ts';
import { upstreamApiModel, type ApiCodec } from './api-model.ts';
import type { Dialect } from './dialect.ts';
import { readResponsesRequest } from './responses-request.ts';
import { blockedResponse, blockedResponseStream, readResponse, ResponsesAssembly, responsesReplyBody, responsesStreamBody } from './responses-reply.ts';

/** Chat messages as Responses input items. */
function inputItems(messages: readonly ChatMessage[]): unknown[] {
  const items: unknown[] = [];
  for (const message of messages) {
    const text = typeof message.content === 'string' ? message.content : (message.content ?? []).map((part) => part.text ?? '').join('');
    if (message.role === 'tool') {
      items.push({ type: 'function_call_output', call_id: message.tool_call_id, output: text });
      continue;
    }
    if (text !== '') items.push({ role: message.role, content: text });
    if (message.role === 'assistant') for (const call of message.tool_calls ?? []) items.push({ type: 'function_call', call_id: call.id, name: call.function.name, arguments: call.function.arguments });
  }
  return items;
}

export function responsesCodec(model: string | undefined): ApiCodec {
  return {
    path: '/responses',
    body(request: ChatRequest) {
      const body: Record<string, unknown> = { input: inputItems(request.messages), temperature: 0, store: false };
      if (model !== undefined) body['model'] = model;
      if (request.tools?.length) body['tools'] = request.tools.map((tool) => ({ type: 'function', name: tool.function.name, description: tool.function.description, parameters: tool.function.parameters }));
      return body;
    },
    answer(parsed) {
      const reply = readResponse(parsed);
      if (reply === undefined) return undefined;
      const usage = (parsed as { usage?: { input_tokens?: number; output_tokens?: number; total_tokens?: number } }).usage;
      const prompt = usage?.input_tokens ?? 0;
      const completion = usage?.output_tokens ?? 0;
      return {
        message: { role: 'assistant', content: reply.text, ...(reply.toolCalls.length > 0 ? { tool_calls: reply.toolCalls } : {}) },
        usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: usage?.total_tokens ?? prompt + completion },
        finish: reply.toolCalls.length > 0 ? 'tool_calls' : 'stop',
      };
    },
  };
}

export const responsesDialect: Dialect = {
  name: 'responses',
  path: '/responses',
  readRequest: readResponsesRequest,
  readReply: readResponse,
  replyBody: responsesReplyBody,
  newAssembly: () => new ResponsesAssembly(),
  verdictEvent(data, verdict) {
    if (!data.includes('"response.completed"')) return undefined;
    try {
      const event = JSON.parse(data) as { type?: unknown; response?: Record<string, unknown> };
      if (event.type !== 'response.completed' || event.response === null || typeof event.response !== 'object') return undefined;
      return JSON.stringify({ ...event, response: { ...event.response, felicity: verdict } });
    } catch {
      return undefined;
    }
  },
  streamBody: (decision, assembly) => responsesStreamBody(decision, assembly as ResponsesAssembly),
  blockedBody: (request, text, verdict) => JSON.stringify(blockedResponse(request, text, verdict)),
  blockedStream: blockedResponseStream,
  model: (upstream, headers, request, client) => upstreamApiModel(upstream, headers, responsesCodec(request.model), client),
  errorBody: (error) => error.body,
};
