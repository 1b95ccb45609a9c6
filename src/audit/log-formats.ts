/**
 * Chat logs in the formats people keep, read into one shape (pure: values in, turns out).
 *
 * - OpenAI-style: `{"messages": [{"role", "content"}…]}`, one turn or a whole conversation per line.
 * - ShareGPT: `{"conversations": [{"from": "human"|"gpt"|…, "value"}…]}`.
 * - WildChat-style: `{"conversation": [{"role", "content"}…], "model", "conversation_hash"}`.
 *
 * Every assistant reply that follows a user message is a turn. Conversations whose assistant had
 * tools (tool or function messages, `tool_calls`, or a user driving an autonomous-agent framework
 * with COMMANDS/CONSTRAINTS/memory_add prompts, as the paper's Appendix G leaves out) are marked
 * `toolUsing`, so the estimate can exclude them with a count.
 */
import { textOf } from '../core/turn.ts';
import type { ChatMessage, ContentPart } from '../core/types.ts';

export type LogFormat = 'openai' | 'sharegpt' | 'wildchat';

export class LogFormatError extends Error {
  override readonly name = 'LogFormatError';
  readonly code = 'log_format';
  constructor(
    readonly field: string,
    readonly expected: string,
    readonly got: string,
  ) {
    super(`${field}: expected ${expected}, got ${got}`);
  }

  static isInstance(error: unknown): error is LogFormatError {
    return error instanceof Error && error.name === 'LogFormatError' && (error as { code?: unknown }).code === 'log_format';
  }
}

/** One assistant turn from a log. */
export interface LogTurn {
  /** The record's id, with `-t<k>` added when the record held several turns. */
  id: string;
  /** The conversation it belongs to (for excluding tool-using conversations as a whole). */
  conversation: string;
  /** The record's top-level scalar fields (model, language, …), for strata and filters. */
  fields: Record<string, string>;
  user: string;
  reply: string;
  toolUsing: boolean;
}

export interface ParsedRecord {
  format: LogFormat;
  turns: LogTurn[];
}

/** Replies and messages longer than this are cut (the checker reads 50,000 characters of a reply). */
export const MAX_MESSAGE_CHARS = 60_000;

const ASSISTANT_NAMES = new Set(['gpt', 'assistant', 'chatgpt', 'bard', 'bing', 'model', 'claude']);
const USER_NAMES = new Set(['human', 'user']);
const TOOL_NAMES = new Set(['function_call', 'observation', 'tool', 'function', 'function_response', 'tool_call', 'tool_response']);

// Prompts of autonomous-agent frameworks (AutoGPT and kin): the model's output was executed.
const AGENT_FRAMEWORK = /\bCOMMANDS:|\bCONSTRAINTS:|\bmemory_add\b|"command"\s*:/;

interface Message {
  role: 'user' | 'assistant' | 'system' | 'tool';
  text: string;
  toolCalls: boolean;
}

/** Reads one log record. `line` names it when it has no id. @throws LogFormatError */
export function parseLogRecord(value: unknown, line: number): ParsedRecord {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new LogFormatError('(record)', 'a JSON object', describe(value));
  const record = value as Record<string, unknown>;
  let format: LogFormat;
  let messages: Message[];
  if (Array.isArray(record['messages'])) {
    format = 'openai';
    messages = record['messages'].map((m, i) => roleMessage(m, `messages[${i}]`));
  } else if (Array.isArray(record['conversation'])) {
    format = 'wildchat';
    messages = record['conversation'].map((m, i) => roleMessage(m, `conversation[${i}]`));
  } else if (Array.isArray(record['conversations'])) {
    format = 'sharegpt';
    messages = record['conversations'].map((m, i) => shareGptMessage(m, `conversations[${i}]`));
  } else {
    throw new LogFormatError('(record)', 'a "messages" array (OpenAI), a "conversation" array (WildChat) or a "conversations" array (ShareGPT)', `keys ${Object.keys(record).slice(0, 8).join(', ') || '(none)'}`);
  }
  const fields: Record<string, string> = {};
  for (const [key, v] of Object.entries(record)) if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') fields[key] = String(v).slice(0, 200);
  const id = fields['id'] ?? fields['conversation_id'] ?? fields['conversation_hash'] ?? `line-${line}`;
  const conversation = fields['conversation_id'] ?? fields['conversation_hash'] ?? id;
  const toolUsing = messages.some((m) => m.role === 'tool' || m.toolCalls || (m.role === 'user' && AGENT_FRAMEWORK.test(m.text)));
  const pairs: { user: string; reply: string }[] = [];
  for (let i = 1; i < messages.length; i++) {
    const m = messages[i]!;
    if (m.role !== 'assistant' || m.text.trim() === '') continue;
    // The user message this reply answers: the nearest one before it, past tool traffic.
    let j = i - 1;
    while (j >= 0 && messages[j]!.role !== 'user' && messages[j]!.role !== 'assistant') j--;
    if (j >= 0 && messages[j]!.role === 'user') pairs.push({ user: messages[j]!.text, reply: m.text });
  }
  return {
    format,
    turns: pairs.map((pair, k) => ({ id: pairs.length === 1 ? id : `${id}-t${k + 1}`, conversation, fields, user: pair.user, reply: pair.reply, toolUsing })),
  };
}

function roleMessage(value: unknown, field: string): Message {
  if (value === null || typeof value !== 'object') throw new LogFormatError(field, 'a message object', describe(value));
  const m = value as Record<string, unknown>;
  const role = m['role'];
  if (typeof role !== 'string') throw new LogFormatError(`${field}.role`, 'a string', describe(role));
  const toolCalls = (Array.isArray(m['tool_calls']) && m['tool_calls'].length > 0) || (m['function_call'] !== undefined && m['function_call'] !== null);
  const text = contentText(m['content'], `${field}.content`);
  if (role === 'user') return { role: 'user', text, toolCalls };
  if (role === 'assistant') return { role: 'assistant', text, toolCalls };
  if (role === 'system' || role === 'developer') return { role: 'system', text, toolCalls };
  if (role === 'tool' || role === 'function') return { role: 'tool', text, toolCalls };
  throw new LogFormatError(`${field}.role`, 'user, assistant, system, developer, tool or function', describe(role));
}

function shareGptMessage(value: unknown, field: string): Message {
  if (value === null || typeof value !== 'object') throw new LogFormatError(field, 'a message object', describe(value));
  const m = value as Record<string, unknown>;
  const from = m['from'];
  if (typeof from !== 'string') throw new LogFormatError(`${field}.from`, 'a string', describe(from));
  const text = contentText(m['value'], `${field}.value`);
  const name = from.toLowerCase();
  if (USER_NAMES.has(name)) return { role: 'user', text, toolCalls: false };
  if (ASSISTANT_NAMES.has(name)) return { role: 'assistant', text, toolCalls: false };
  if (name === 'system') return { role: 'system', text, toolCalls: false };
  if (TOOL_NAMES.has(name)) return { role: 'tool', text, toolCalls: true };
  throw new LogFormatError(`${field}.from`, 'human, gpt, system or a tool role', describe(from));
}

function contentText(content: unknown, field: string): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content.slice(0, MAX_MESSAGE_CHARS);
  if (Array.isArray(content)) return textOf(content as ContentPart[]).slice(0, MAX_MESSAGE_CHARS);
  throw new LogFormatError(field, 'a string or a list of content parts', describe(content));
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return typeof value;
}

/** The turn as a turn record (SPEC §4) for the checker: no tools (C0), the user message and the reply. */
export function turnRecord(turn: LogTurn, setup = 'C0'): { id: string; setup: string; messages: ChatMessage[] } {
  return { id: turn.id, setup, messages: [{ role: 'user', content: turn.user }, { role: 'assistant', content: turn.reply }] };
}
