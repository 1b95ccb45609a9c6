/**
 * An Anthropic Messages request (`POST /v1/messages`) read as the chat turn the checker judges:
 * `system` as the system message; each message's blocks as chat messages (text; `tool_use`
 * blocks as the assistant's calls, with their `input` as JSON arguments; `tool_result` blocks as
 * tool messages, an `is_error` result read as a failure); custom tools (`{name, description,
 * input_schema}`) in Chat Completions' shape. Server tools are left out. Anything malformed where
 * the checker reads is a 400 naming the field.
 */
import type { ChatMessage, ToolCall } from '../core/types.ts';
import type { OpenAITool } from '../llm/chat-model.ts';
import type { TurnRequest } from './dialect.ts';
import { ProxyError } from './openai-error.ts';
import { readRequestBody, type RequestShape } from './request-body.ts';
import { partsText } from './sse.ts';

type Block = Record<string, unknown>;

const MESSAGES_REQUEST: RequestShape<OpenAITool[]> = {
  messages(body) {
    const input = body['messages'];
    if (!Array.isArray(input) || input.length === 0) throw new ProxyError(400, 'invalid_request', 'messages: expected a non-empty array', 'messages');
    const messages: ChatMessage[] = [];
    const system = body['system'];
    const systemText = typeof system === 'string' ? system : Array.isArray(system) ? partsText(system) : '';
    if (systemText !== '') messages.push({ role: 'system', content: systemText });
    input.forEach((message, index) => messages.push(...chatMessagesOf(message, index)));
    return messages;
  },
  tools: (tools) => customTools(tools),
};

export function readAnthropicRequest(bytes: Uint8Array): TurnRequest {
  return readRequestBody(bytes, MESSAGES_REQUEST);
}

function chatMessagesOf(message: unknown, index: number): ChatMessage[] {
  const m = message as { role?: unknown; content?: unknown } | null;
  const role = m?.role;
  if (role !== 'user' && role !== 'assistant') throw new ProxyError(400, 'invalid_request', `messages[${index}].role: expected user or assistant`, `messages[${index}].role`);
  if (typeof m!.content === 'string') return [{ role, content: m!.content }];
  if (!Array.isArray(m!.content)) throw new ProxyError(400, 'invalid_request', `messages[${index}].content: expected a string or an array of blocks`, `messages[${index}].content`);
  const blocks = m!.content as (Block | null)[];
  const text = blocks.flatMap((b) => (b?.['type'] === 'text' && typeof b['text'] === 'string' ? [b['text']] : [])).join('\n');
  if (role === 'assistant') {
    const calls: ToolCall[] = blocks.flatMap((b) => (b?.['type'] === 'tool_use' && typeof b['name'] === 'string' ? [{ id: String(b['id'] ?? ''), type: 'function' as const, function: { name: b['name'], arguments: JSON.stringify(b['input'] ?? {}) } }] : []));
    return [{ role: 'assistant', content: text === '' && calls.length > 0 ? null : text, ...(calls.length > 0 ? { tool_calls: calls } : {}) }];
  }
  // Results answer the assistant's calls and come first; the user's own words follow them.
  const out: ChatMessage[] = [];
  for (const block of blocks) {
    if (block?.['type'] !== 'tool_result') continue;
    const content = block['content'];
    const result = typeof content === 'string' ? content : Array.isArray(content) ? partsText(content) : '';
    out.push({ role: 'tool', tool_call_id: String(block['tool_use_id'] ?? ''), content: block['is_error'] === true ? JSON.stringify({ error: result }) : result });
  }
  if (text !== '' || out.length === 0) out.push({ role: 'user', content: text });
  return out;
}

/** Custom tools in Chat Completions' shape; server tools (web search, code execution, …) are left out. */
export function customTools(tools: readonly unknown[]): OpenAITool[] {
  return tools.flatMap((tool) => {
    const t = tool as { type?: unknown; name?: unknown; description?: unknown; input_schema?: unknown } | null;
    if (t === null || typeof t !== 'object' || typeof t.name !== 'string' || (t.type !== undefined && t.type !== 'custom')) return [];
    const parameters = t.input_schema !== null && typeof t.input_schema === 'object' ? (t.input_schema as Record<string, unknown>) : { type: 'object', properties: {} };
    return [{ type: 'function' as const, function: { name: t.name, description: typeof t.description === 'string' ? t.description : '', parameters } }];
  });
}
