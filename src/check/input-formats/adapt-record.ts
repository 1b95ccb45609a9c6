/**
 * A record in any supported message shape, as the turn record (SPEC §4) the checker reads: its
 * messages in OpenAI Chat Completions form, every other field kept. With `auto` each record's own
 * shape decides (detect-format.ts). What could not be read is reported to `warn`, never dropped
 * silently. A record already in the turn record's form is returned as it is.
 */
import { isObject, type Json } from './adapter-kit.ts';
import { fromAiSdk } from './ai-sdk.ts';
import { anthropicExchange, fromAnthropic } from './anthropic.ts';
import { detectFormat } from './detect-format.ts';
import type { InputFormat, InputFormatChoice, WarningSink } from './input-format.ts';
import { fromLangChain } from './langchain.ts';
import { fromOpenAiChat } from './openai-chat.ts';
import { fromResponses } from './openai-responses.ts';

export interface AdaptedRecord {
  record: unknown;
  format: InputFormat;
}

export function adaptRecord(value: unknown, choice: InputFormatChoice, warn: WarningSink): AdaptedRecord {
  if ((choice === 'auto' || choice === 'openai') && isPlainTurnRecord(value)) return { record: value, format: 'openai' };
  const format = choice === 'auto' ? detectFormat(value) : choice;
  if (!isObject(value)) return { record: value, format };
  if (format === 'responses') {
    const { input: _input, output: _output, instructions: _instructions, ...rest } = value;
    return { record: { ...rest, messages: asChat(fromResponses(value, warn), warn) }, format };
  }
  if (format === 'anthropic') {
    const exchange = anthropicExchange(value);
    if (exchange !== undefined) return adaptRecord(exchange, 'anthropic', warn);
  }
  // Every other format keeps its messages under `messages`; validation reports a record without them.
  const messages = value.messages;
  if (!Array.isArray(messages)) return { record: value, format };
  switch (format) {
    case 'openai': {
      const read = fromOpenAiChat(messages, warn);
      return { record: read === messages ? value : withMessages(value, read), format };
    }
    case 'ai-sdk':
      return { record: withMessages(value, asChat(fromAiSdk(messages, warn), warn)), format };
    case 'anthropic': {
      const { system: _system, ...rest } = value;
      return { record: withMessages(rest, asChat(fromAnthropic(value, messages, warn), warn)), format };
    }
    case 'langchain':
      return { record: withMessages(value, asChat(fromLangChain(messages, warn), warn)), format };
  }
}

/**
 * Whether a record is already the turn record the checker reads, with nothing to convert or warn
 * about: every message has a role, text content (no parts) and calls with text arguments, and
 * there is no Anthropic-style `system` beside them. One pass reading a few fields per message:
 * this runs for every record, and most are like this. A record it does not vouch for takes the
 * full path (detection and an adapter), which may still find it plain.
 */
function isPlainTurnRecord(value: unknown): boolean {
  if (!isObject(value) || value.system !== undefined) return false;
  const messages = value.messages;
  if (!Array.isArray(messages)) return false;
  for (let i = 0; i < messages.length; i++) if (!isPlainMessage(messages[i])) return false;
  return true;
}

/** One message of such a record: a role, text content (no parts), no legacy function call, calls with text arguments. */
export function isPlainMessage(value: unknown): boolean {
  const message = value as { role?: unknown; content?: unknown; tool_calls?: unknown } | null;
  if (message === null || typeof message !== 'object' || message.role === undefined || Array.isArray(message.content)) return false;
  if (message.role === 'function' || (message as { function_call?: unknown }).function_call !== undefined) return false;
  const calls = message.tool_calls;
  if (Array.isArray(calls)) {
    for (let j = 0; j < calls.length; j++) {
      const args = (calls[j] as { function?: { arguments?: unknown } } | null)?.function?.arguments;
      if (args !== null && typeof args === 'object') return false;
    }
  }
  return true;
}

/**
 * An adapter's output, with the Chat Completions messages it passed through as they were (a log
 * can mix shapes) read as the openai format reads them: object arguments, refusals, unknown parts.
 * Their warnings name the message's place in the converted list.
 */
function asChat(messages: readonly unknown[], warn: WarningSink): unknown[] {
  const read = fromOpenAiChat(messages, warn);
  return read === messages ? (messages as unknown[]) : [...read];
}

/** A copy with other messages: a spread, never Object.assign (a parsed "__proto__" key would set the copy's prototype). */
function withMessages(record: Json, messages: readonly unknown[]): Json {
  return { ...record, messages };
}
