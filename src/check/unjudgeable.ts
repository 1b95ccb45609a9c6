/**
 * Turns the rules cannot judge, kept out of the rates instead of counted as `other`:
 *
 *  - `no_reply`: nothing after the last user message, or only assistant messages with no text and
 *    no tool call (a log cut off mid-turn). There is no reply to judge.
 *  - `language`: the reply is not in English (reply-language.ts): the rules read English only, so
 *    they would find nothing and call it `other`. A model engine (`--engine llm`) reads any language
 *    and is not held back by this.
 *
 * Such a turn is written as `{"id": …, "not_labelled": "<reason>"}` (SPEC §4, additive), counted
 * in the summary, and in no rate. A record that is malformed is the validator's to report: this
 * says nothing about it.
 */
import { replyLanguage } from './reply-language.ts';
import { CheckInputError } from './check-input-error.ts';
import { validateTurn } from './turn-input.ts';

export const NOT_LABELLED_REASONS = ['no_reply', 'language'] as const;
export type NotLabelledReason = (typeof NOT_LABELLED_REASONS)[number];

/** The output record of a turn that was not labelled. */
export interface NotLabelledRecord {
  id: string;
  not_labelled: NotLabelledReason;
  conversation?: string;
  turn?: number;
}

/**
 * @param options.language whether the reply must be English (the rules and the hybrid engine read English only).
 * A record is only called unjudgeable once it is known to be valid: a malformed one (an unknown
 * role where the reply should be) is bad input, reported by the checker at its field.
 */
export function notLabelledReason(record: unknown, options: { language: boolean }): NotLabelledReason | undefined {
  const reason = reasonOf(record, options);
  if (reason === undefined) return undefined;
  try {
    validateTurn(record);
  } catch (error) {
    if (CheckInputError.isInstance(error)) return undefined;
    throw error;
  }
  return reason;
}

/**
 * The same for a record already known to be valid (the checker labelled it), without validating it
 * again. The rules stream asks only for a turn in whose words the rules found no cue (check-jsonl.ts
 * `foundNoCue`): with no reply, or words they cannot read, there is none; a turn with a cue pays
 * nothing. A non-English reply is set aside even when a tool call would have labelled it (anchored):
 * the rules could not have seen a false claim or a promise in its words.
 */
export function reasonOf(record: unknown, options: { language: boolean }): NotLabelledReason | undefined {
  const messages = (record as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(messages)) return undefined;
  let user = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    if ((messages[i] as { role?: unknown } | null)?.role === 'user') {
      user = i;
      break;
    }
  }
  if (user === -1) return undefined;
  let reply: string | undefined;
  let called = false;
  for (let i = user + 1; i < messages.length; i++) {
    const message = messages[i] as { role?: unknown; content?: unknown; tool_calls?: unknown } | null;
    if (message?.role !== 'assistant') continue;
    if (Array.isArray(message.tool_calls) && message.tool_calls.length > 0) called = true;
    const text = textOf(message.content);
    if (text.trim() !== '') reply = text;
  }
  if (reply === undefined) return called ? undefined : 'no_reply';
  return options.language && replyLanguage(reply) !== 'english' ? 'language' : undefined;
}

/** A message's text as the rules read it (core/turn.ts textOf), for content not yet validated. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  let text = '';
  for (const part of content) {
    const value = (part as { text?: unknown } | null)?.text;
    if (typeof value === 'string' && value !== '') text = text === '' ? value : `${text}\n${value}`;
  }
  return text;
}
