/**
 * An OpenAI Responses request (`POST /v1/responses`) read as the chat turn the checker judges:
 * `instructions` as the system message, `input` (a string, or items: messages, `function_call`,
 * `function_call_output`) as the conversation, and the flat function tools
 * (`{type: 'function', name, description, parameters}`) in Chat Completions' shape. Items the
 * checker has no use for (reasoning, hosted tool calls) are skipped; anything malformed where the
 * checker reads is a 400 naming the field. With `previous_response_id` the earlier turns are on
 * the provider's side: the turn is judged on what the request carries, and the verdict says so.
 */
import type { ChatMessage, ToolCall } from '../core/types.ts';
import type { OpenAITool } from '../llm/chat-model.ts';
import type { TurnRequest } from './dialect.ts';
import { ProxyError } from './openai-error.ts';
import { readRequestBody, type RequestShape } from './request-body.ts';
import { partsText } from './sse.ts';

const ROLES = new Set(['system', 'developer', 'user', 'assistant']);
/** Stands in for the user's message when it lives in an earlier, stored turn. */
export const NOT_VISIBLE_USER = '(earlier turns of this conversation are stored by the provider and not visible here)';

const RESPONSES_REQUEST: RequestShape<OpenAITool[]> = {
  messages(body) {
    const messages: ChatMessage[] = [];
    const instructions = body['instructions'];
    if (typeof instructions === 'string' && instructions !== '') messages.push({ role: 'system', content: instructions });
    const input = body['input'];
    if (typeof input === 'string') messages.push({ role: 'user', content: input });
    else if (Array.isArray(input)) messages.push(...chatMessagesOf(input));
    else if (input !== undefined && input !== null) throw new ProxyError(400, 'invalid_request', 'input: expected a string or an array of items', 'input');
    if (continued(body)) dropUnansweredResults(messages);
    if (continued(body) && !messages.some((m) => m.role === 'user')) messages.splice(firstNonSystem(messages), 0, { role: 'user', content: NOT_VISIBLE_USER });
    if (messages.length === 0) throw new ProxyError(400, 'invalid_request', 'input: expected a non-empty string or array of items', 'input');
    return messages;
  },
  tools: (tools) => functionTools(tools),
  continued,
};

export function readResponsesRequest(bytes: Uint8Array): TurnRequest {
  return readRequestBody(bytes, RESPONSES_REQUEST);
}

function continued(body: Record<string, unknown>): boolean {
  const previous = body['previous_response_id'];
  return typeof previous === 'string' && previous !== '';
}

/** Outputs of calls made in a stored turn: their calls are not here, so the checker cannot place them. */
function dropUnansweredResults(messages: ChatMessage[]): void {
  const called = new Set(messages.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []).map((c) => c.id) : [])));
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === 'tool' && !called.has(message.tool_call_id)) messages.splice(i, 1);
  }
}

function firstNonSystem(messages: readonly ChatMessage[]): number {
  const at = messages.findIndex((m) => m.role !== 'system' && m.role !== 'developer');
  return at < 0 ? messages.length : at;
}

/** Input items as chat messages: consecutive function calls become one assistant message with its calls. */
export function chatMessagesOf(items: readonly unknown[]): ChatMessage[] {
  const messages: ChatMessage[] = [];
  let calls: ToolCall[] = [];
  const flush = () => {
    if (calls.length === 0) return;
    const last = messages.at(-1);
    // Text the model wrote before its calls belongs to the same step.
    if (last?.role === 'assistant' && last.tool_calls === undefined) last.tool_calls = calls;
    else messages.push({ role: 'assistant', content: null, tool_calls: calls });
    calls = [];
  };
  items.forEach((item, index) => {
    if (item === null || typeof item !== 'object') throw new ProxyError(400, 'invalid_request', `input[${index}]: expected an object`, `input[${index}]`);
    const it = item as Record<string, unknown>;
    const type = it['type'];
    if (type === 'function_call') {
      const name = it['name'];
      const id = it['call_id'];
      if (typeof name !== 'string' || typeof id !== 'string') throw new ProxyError(400, 'invalid_request', `input[${index}]: a function_call needs a string name and call_id`, `input[${index}]`);
      calls.push({ id, type: 'function', function: { name, arguments: typeof it['arguments'] === 'string' ? it['arguments'] : '{}' } });
      return;
    }
    flush();
    if (type === 'function_call_output') {
      const id = it['call_id'];
      if (typeof id !== 'string') throw new ProxyError(400, 'invalid_request', `input[${index}].call_id: expected a string`, `input[${index}].call_id`);
      const output = it['output'];
      messages.push({ role: 'tool', tool_call_id: id, content: typeof output === 'string' ? output : Array.isArray(output) ? partsText(output) : JSON.stringify(output ?? null) });
      return;
    }
    if (type !== undefined && type !== 'message') return;
    const role = it['role'];
    if (typeof role !== 'string' || !ROLES.has(role)) throw new ProxyError(400, 'invalid_request', `input[${index}].role: expected one of ${[...ROLES].join(', ')}`, `input[${index}].role`);
    const content = it['content'];
    const text = typeof content === 'string' ? content : Array.isArray(content) ? partsText(content) : '';
    messages.push({ role: role as 'user', content: text });
  });
  flush();
  return messages;
}

/** The flat function tools in Chat Completions' shape; hosted tools (web search, files, computer) are left out. */
export function functionTools(tools: readonly unknown[]): OpenAITool[] {
  return tools.flatMap((tool) => {
    const t = tool as { type?: unknown; name?: unknown; description?: unknown; parameters?: unknown } | null;
    if (t === null || typeof t !== 'object' || t.type !== 'function' || typeof t.name !== 'string') return [];
    const parameters = t.parameters !== null && typeof t.parameters === 'object' ? (t.parameters as Record<string, unknown>) : { type: 'object', properties: {} };
    return [{ type: 'function' as const, function: { name: t.name, description: typeof t.description === 'string' ? t.description : '', parameters } }];
  });
}
