/**
 * Reading a chat-completion response body: bounded in size and checked in shape, because model
 * servers (and the gateways in front of them) are untrusted — a body may be cut off, HTML from a
 * proxy, or far larger than any reply should be.
 */
import type { ToolCall } from '../core/types.ts';
import type { AssistantMessage, Usage } from './chat-model.ts';

export class BadResponseError extends Error {
  override readonly name = 'BadResponseError';
}

export interface ParsedCompletion {
  message: AssistantMessage;
  usage: Usage;
  finish_reason: string | null;
}

/** Read at most `maxBytes` of the body as UTF-8; more is a bad response, not a memory problem. */
export async function readBoundedText(response: Response, maxBytes: number): Promise<string> {
  const length = response.headers.get('content-length');
  const declared = length === null ? Number.NaN : Number(length);
  if (declared > maxBytes) throw new BadResponseError(`response body of ${declared} bytes exceeds ${maxBytes}`);
  // With a declared length the HTTP framing already bounds the body: read it in one go (fast path).
  if (Number.isFinite(declared)) return response.text();
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new BadResponseError(`response body exceeds ${maxBytes} bytes`);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

export function parseCompletion(text: string): ParsedCompletion {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new BadResponseError(`response body is not JSON (${text.length} chars, starts ${JSON.stringify(text.slice(0, 40))})`);
  }
  const choice = isObject(body) && Array.isArray(body['choices']) ? body['choices'][0] : undefined;
  const message = isObject(choice) ? choice['message'] : undefined;
  if (!isObject(choice) || !isObject(message)) {
    throw new BadResponseError('response has no choices[0].message');
  }
  const content = typeof message['content'] === 'string' ? message['content'] : null;
  const toolCalls = readToolCalls(message['tool_calls']);
  const assistant: AssistantMessage = { role: 'assistant', content };
  if (toolCalls.length > 0) assistant.tool_calls = toolCalls;
  return {
    message: assistant,
    usage: readUsage(isObject(body) ? body['usage'] : undefined),
    finish_reason: typeof choice['finish_reason'] === 'string' ? choice['finish_reason'] : null,
  };
}

/** Function tool calls only (narrowed on type === 'function'); arguments kept as text, as sent. */
function readToolCalls(raw: unknown): ToolCall[] {
  if (!Array.isArray(raw)) return [];
  const calls: ToolCall[] = [];
  raw.forEach((item: unknown, index) => {
    if (!isObject(item) || (item['type'] !== undefined && item['type'] !== 'function')) return;
    const fn = item['function'];
    if (!isObject(fn) || typeof fn['name'] !== 'string') return;
    const args = fn['arguments'];
    calls.push({
      // Some servers omit ids; the tool result must still point at its call.
      id: typeof item['id'] === 'string' && item['id'] !== '' ? item['id'] : `call_${index + 1}`,
      type: 'function',
      function: {
        name: fn['name'],
        // A few servers send an object instead of the JSON text the protocol specifies.
        arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}),
      },
    });
  });
  return calls;
}

function readUsage(raw: unknown): Usage {
  const count = (key: string): number => {
    const value = isObject(raw) ? raw[key] : undefined;
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
  };
  const prompt = count('prompt_tokens');
  const completion = count('completion_tokens');
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: count('total_tokens') || prompt + completion };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
