/**
 * The parts of a Chat Completions request the guard reads. Everything else in the body is passed
 * upstream untouched; only what the checker needs is validated, and a body that is not JSON or has
 * no usable `messages` is a 400 naming the field.
 */
import type { ChatMessage } from '../core/types.ts';
import { ProxyError } from './openai-error.ts';

export interface ChatRequestView {
  /** The parsed body, as sent. */
  body: Record<string, unknown>;
  model: string | undefined;
  messages: ChatMessage[];
  /** The request's `tools` array, when it has one. */
  tools: unknown[] | undefined;
  stream: boolean;
}

const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool']);
const UTF8 = new TextDecoder('utf-8', { fatal: true });

export function readChatRequest(bytes: Uint8Array): ChatRequestView {
  let body: unknown;
  try {
    body = JSON.parse(UTF8.decode(bytes));
  } catch (error) {
    throw new ProxyError(400, 'invalid_json', `request body is not JSON (${(error as Error).message.slice(0, 120)})`);
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new ProxyError(400, 'invalid_request', 'request body must be a JSON object', null);
  const record = body as Record<string, unknown>;
  const messages = record['messages'];
  if (!Array.isArray(messages) || messages.length === 0) throw new ProxyError(400, 'invalid_request', 'messages: expected a non-empty array', 'messages');
  messages.forEach((message, index) => {
    const role = message !== null && typeof message === 'object' ? (message as Record<string, unknown>)['role'] : undefined;
    if (typeof role !== 'string' || !ROLES.has(role)) throw new ProxyError(400, 'invalid_request', `messages[${index}].role: expected one of ${[...ROLES].join(', ')}`, `messages[${index}].role`);
  });
  const tools = record['tools'];
  if (tools !== undefined && tools !== null && !Array.isArray(tools)) throw new ProxyError(400, 'invalid_request', 'tools: expected an array', 'tools');
  const model = record['model'];
  return {
    body: record,
    model: typeof model === 'string' ? model : undefined,
    messages: messages as ChatMessage[],
    tools: Array.isArray(tools) ? tools : undefined,
    stream: record['stream'] === true,
  };
}
