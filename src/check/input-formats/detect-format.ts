/**
 * Which message shape a record is in, from marks only one format has: a LangChain class or type
 * name, a Responses item type, an AI SDK part (`tool-call`, `tool-result`), an Anthropic block
 * (`tool_use`, `tool_result`, `thinking`), or an Anthropic SDK call logged as `{request, response}`. A record with none of them is read as OpenAI Chat
 * Completions, which plain text messages in every format also are. The first mark decides.
 */
import { isObject, type Json } from './adapter-kit.ts';
import type { InputFormat } from './input-format.ts';
import { langchainMessage } from './langchain.ts';
import { anthropicExchange } from './anthropic.ts';

const AI_SDK_PARTS: ReadonlySet<string> = new Set(['tool-call', 'tool-result', 'reasoning', 'tool-approval-request', 'tool-approval-response', 'reasoning-file']);
const ANTHROPIC_BLOCKS: ReadonlySet<string> = new Set(['tool_use', 'tool_result', 'thinking', 'redacted_thinking', 'server_tool_use']);
const RESPONSES_ITEMS: ReadonlySet<string> = new Set(['message', 'function_call', 'function_call_output', 'reasoning', 'custom_tool_call', 'custom_tool_call_output', 'mcp_call']);
const RESPONSES_PARTS: ReadonlySet<string> = new Set(['input_text', 'output_text']);

export function detectFormat(record: unknown): InputFormat {
  if (!isObject(record)) return 'openai';
  const messages = record.messages;
  if (!Array.isArray(messages)) {
    if (anthropicExchange(record) !== undefined) return 'anthropic';
    return Array.isArray(record.input) || typeof record.input === 'string' || Array.isArray(record.output) ? 'responses' : 'openai';
  }
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (!isObject(message)) continue;
    const found = messageFormat(message);
    if (found !== undefined) return found;
  }
  // Anthropic keeps the system prompt beside the messages, never among them.
  return record.system !== undefined && (typeof record.system === 'string' || Array.isArray(record.system)) ? 'anthropic' : 'openai';
}

function messageFormat(message: Json): InputFormat | undefined {
  if (message.role === undefined) {
    if (typeof message.type === 'string' && RESPONSES_ITEMS.has(message.type)) return 'responses';
    if (langchainMessage(message) !== undefined) return 'langchain';
    return undefined;
  }
  if (message.type === 'message') return 'responses';
  const content = message.content;
  if (!Array.isArray(content)) return undefined;
  for (let j = 0; j < content.length; j++) {
    const type = (content[j] as { type?: unknown } | null)?.type;
    if (typeof type !== 'string') continue;
    if (AI_SDK_PARTS.has(type)) return 'ai-sdk';
    if (ANTHROPIC_BLOCKS.has(type)) return 'anthropic';
    if (RESPONSES_PARTS.has(type)) return 'responses';
  }
  return undefined;
}
