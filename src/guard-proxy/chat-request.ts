/**
 * The parts of a Chat Completions request the guard reads. Everything else in the body is passed
 * upstream untouched; only what the checker needs is validated, and a body that is not JSON or has
 * no usable `messages` is a 400 naming the field.
 */
import type { ChatMessage } from '../core/types.ts';
import { ProxyError } from './openai-error.ts';
import { readRequestBody, type RequestRead, type RequestShape } from './request-body.ts';

/** A Chat Completions request: its `tools` as sent. */
export type ChatRequestView = RequestRead<unknown[]>;

const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool']);

const CHAT_REQUEST: RequestShape<unknown[]> = {
  messages(body) {
    const messages = body['messages'];
    if (!Array.isArray(messages) || messages.length === 0) throw new ProxyError(400, 'invalid_request', 'messages: expected a non-empty array', 'messages');
    messages.forEach((message, index) => {
      const role = message !== null && typeof message === 'object' ? (message as Record<string, unknown>)['role'] : undefined;
      if (typeof role !== 'string' || !ROLES.has(role)) throw new ProxyError(400, 'invalid_request', `messages[${index}].role: expected one of ${[...ROLES].join(', ')}`, `messages[${index}].role`);
    });
    return messages as ChatMessage[];
  },
  tools: (tools) => tools,
};

export function readChatRequest(bytes: Uint8Array): ChatRequestView {
  return readRequestBody(bytes, CHAT_REQUEST);
}
