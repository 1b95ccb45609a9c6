/**
 * OpenAI-format messages → node-llama-cpp v3 chat history. node-llama-cpp keeps a tool call and
 * its result together inside the model's response item ({type: 'functionCall', name, params,
 * result}), so an assistant message with tool calls and the tool messages answering them fold
 * into one `model` item; text the assistant writes after the results continues that item.
 */
import type { ChatMessage, ContentPart } from '../core/types.ts';

/** The subset of node-llama-cpp's ChatHistoryItem felicity produces. */
export type LlamaHistoryItem =
  | { type: 'system'; text: string }
  | { type: 'user'; text: string }
  | { type: 'model'; response: Array<string | LlamaFunctionCallItem> };

export interface LlamaFunctionCallItem {
  type: 'functionCall';
  name: string;
  params: unknown;
  result: unknown;
}

export function toLlamaHistory(messages: readonly ChatMessage[]): LlamaHistoryItem[] {
  const history: LlamaHistoryItem[] = [];
  const pendingCalls = new Map<string, LlamaFunctionCallItem>();
  let current: Extract<LlamaHistoryItem, { type: 'model' }> | null = null;

  for (const message of messages) {
    switch (message.role) {
      case 'system':
      case 'developer':
        history.push({ type: 'system', text: textOf(message.content) });
        current = null;
        break;
      case 'user':
        history.push({ type: 'user', text: textOf(message.content) });
        current = null;
        break;
      case 'assistant': {
        if (!current) {
          current = { type: 'model', response: [] };
          history.push(current);
        }
        const text = textOf(message.content);
        if (text !== '') current.response.push(text);
        for (const call of message.tool_calls ?? []) {
          const item: LlamaFunctionCallItem = { type: 'functionCall', name: call.function.name, params: parseOr(call.function.arguments), result: null };
          pendingCalls.set(call.id, item);
          current.response.push(item);
        }
        break;
      }
      case 'tool': {
        const call = pendingCalls.get(message.tool_call_id);
        if (call) call.result = parseOr(textOf(message.content));
        break;
      }
    }
  }
  return history;
}

function textOf(content: string | ContentPart[] | null): string {
  if (content === null) return '';
  if (typeof content === 'string') return content;
  return content.map((part) => part.text ?? '').join('');
}

function parseOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
