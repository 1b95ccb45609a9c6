/**
 * Whole conversations (SPEC §4 "Conversation record"): `{id, setup?, persona?, messages}` holding a
 * conversation from its system prompt on. Each assistant turn (everything after a user message up
 * to the next one) is judged as a turn, as in the paper, with what came before it as context: the
 * frames read the system prompt and earlier turns, and successful calls of earlier turns back
 * later claims ("your reservation was cancelled" two turns after the call). A turn's label gets
 * `conversation` (the record's id), `turn` (1-based, counting user messages) and the id
 * `<conversation>-t<turn>`. A user message with no reply after it (the end of a log) is skipped.
 */
import type { LabelRecord } from '../core/types.ts';
import { CheckInputError, show } from './check-input-error.ts';
import { EXACT_ID, isExactId } from './exact-id.ts';
import { check, checkWithExplanation, emitInputWarning, type CheckOptions, type CheckResult } from './check.ts';
import { adaptRecord } from './input-formats/adapt-record.ts';

export interface ConversationLabel extends LabelRecord {
  conversation: string;
  turn: number;
}

export interface ConversationTurn {
  /** 1-based, counting user messages. */
  turn: number;
  /** A turn record: the conversation up to the end of this turn, with the conversation's fields. */
  record: Record<string, unknown> & { id: string };
}

/** Splits a conversation record into its turns; throws `CheckInputError` naming the field when malformed. */
export function conversationTurns(value: unknown): { id: string; turns: ConversationTurn[] } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new CheckInputError('(line)', 'a conversation record must be an object', 'an object with id and messages', show(value));
  const { id, messages, ...rest } = value as Record<string, unknown>;
  if (typeof id !== 'string' && typeof id !== 'number') throw new CheckInputError('id', 'missing', 'a string id for the conversation', show(id));
  if (typeof id === 'number' && !isExactId(id)) throw new CheckInputError('id', 'not an exact number', EXACT_ID, show(id));
  if (!Array.isArray(messages)) throw new CheckInputError('messages', 'missing', 'the conversation\'s messages (OpenAI chat format)', show(messages));
  const conversation = String(id);
  const turns: ConversationTurn[] = [];
  let userCount = 0;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as { role?: unknown } | null;
    if (message?.role !== 'user') continue;
    userCount++;
    let end = i + 1;
    while (end < messages.length && (messages[end] as { role?: unknown } | null)?.role !== 'user') end++;
    const replied = messages.slice(i + 1, end).some((m) => (m as { role?: unknown } | null)?.role === 'assistant');
    if (!replied) continue;
    turns.push({ turn: userCount, record: { ...rest, id: `${conversation}-t${userCount}`, messages: messages.slice(0, end) } });
  }
  return { id: conversation, turns };
}

/** The conversation in the turn record's format, and the options its turns are labelled with (that format: read once, warned about once). */
function readConversation(value: unknown, options: CheckOptions): { record: unknown; options: CheckOptions } {
  const { record } = adaptRecord(value, options.inputFormat ?? 'auto', options.onWarning ?? emitInputWarning);
  return { record, options: { ...options, inputFormat: 'openai' } };
}

export function withTurn<T extends LabelRecord>(label: T, conversation: string, turn: number): T & { conversation: string; turn: number } {
  // Object.assign, not a spread with new keys (slow in Node 20; this runs per turn).
  return Object.assign({}, label, { conversation, turn });
}

/**
 * Labels every assistant turn of one conversation record, in any message format (`inputFormat`,
 * `auto` by default): the record is read once, then split.
 */
export function checkConversation(value: unknown, options: CheckOptions = {}): ConversationLabel[] {
  const read = readConversation(value, options);
  const { id, turns } = conversationTurns(read.record);
  return turns.map(({ turn, record }) => withTurn(check(record, read.options), id, turn));
}

/** The same, with each turn's explanation. */
export function checkConversationWithExplanation(value: unknown, options: CheckOptions = {}): (CheckResult & { label: ConversationLabel })[] {
  const read = readConversation(value, options);
  const { id, turns } = conversationTurns(read.record);
  return turns.map(({ turn, record }) => {
    const result = checkWithExplanation(record, read.options);
    return { label: withTurn(result.label, id, turn), explanation: result.explanation };
  });
}
