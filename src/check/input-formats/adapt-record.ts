/**
 * A record in any supported message shape, as the turn record (SPEC §4) the checker reads: its
 * messages in OpenAI Chat Completions form, every other field kept. With `auto` each record's own
 * shape decides (detect-format.ts). What could not be read is reported to `warn`, never dropped
 * silently. A record already in the turn record's form is returned as it is.
 */
import { isObject, type Json } from './adapter-kit.ts';
import { fromAiSdk } from './ai-sdk.ts';
import { fromAnthropic } from './anthropic.ts';
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
  const format = choice === 'auto' ? detectFormat(value) : choice;
  if (!isObject(value)) return { record: value, format };
  if (format === 'responses') {
    const { input: _input, output: _output, instructions: _instructions, ...rest } = value;
    return { record: { ...rest, messages: fromResponses(value, warn) }, format };
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
      return { record: withMessages(value, fromAiSdk(messages, warn)), format };
    case 'anthropic': {
      const { system: _system, ...rest } = value;
      return { record: withMessages(rest, fromAnthropic(value, messages, warn)), format };
    }
    case 'langchain':
      return { record: withMessages(value, fromLangChain(messages, warn)), format };
  }
}

/** A copy with other messages: a spread, never Object.assign (a parsed "__proto__" key would set the copy's prototype). */
function withMessages(record: Json, messages: readonly unknown[]): Json {
  return { ...record, messages };
}
