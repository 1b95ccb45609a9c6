/**
 * A request body read as the chat turn the checker judges, for every API: the body must be a JSON
 * object; the API says how its conversation reads as chat messages and its tools in Chat
 * Completions' shape. Everything else is passed upstream untouched; anything malformed where the
 * checker reads is a 400 naming the field.
 */
import type { ChatMessage } from '../core/types.ts';
import { ProxyError } from './openai-error.ts';

/** How one API's request reads as a chat turn. */
export interface RequestShape<Tools> {
  /** The conversation up to the reply, in chat form; a ProxyError naming the field when it cannot be read. */
  messages(body: Record<string, unknown>): ChatMessage[];
  /** The request's `tools` array, as the guard offers them to the model. */
  tools(tools: unknown[]): Tools;
  /** Whether earlier turns live on the provider's side (Responses' previous_response_id). */
  continued?(body: Record<string, unknown>): boolean;
}

export interface RequestRead<Tools> {
  /** The parsed body, as sent. */
  body: Record<string, unknown>;
  model: string | undefined;
  messages: ChatMessage[];
  tools: Tools | undefined;
  stream: boolean;
  /** Earlier turns live on the provider's side: the check sees only this request. */
  history?: 'not_visible';
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

export function readRequestBody<Tools>(bytes: Uint8Array, shape: RequestShape<Tools>): RequestRead<Tools> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(UTF8.decode(bytes));
  } catch (error) {
    throw new ProxyError(400, 'invalid_json', `request body is not JSON (${(error as Error).message.slice(0, 120)})`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ProxyError(400, 'invalid_request', 'request body must be a JSON object', null);
  const body = parsed as Record<string, unknown>;
  const messages = shape.messages(body);
  const tools = body['tools'];
  if (tools !== undefined && tools !== null && !Array.isArray(tools)) throw new ProxyError(400, 'invalid_request', 'tools: expected an array', 'tools');
  const model = body['model'];
  return {
    body,
    model: typeof model === 'string' ? model : undefined,
    messages,
    tools: Array.isArray(tools) ? shape.tools(tools) : undefined,
    stream: body['stream'] === true,
    ...(shape.continued?.(body) === true ? { history: 'not_visible' as const } : {}),
  };
}
