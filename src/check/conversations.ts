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
import { emitInputWarning, type CheckOptions, type CheckResult } from './check.ts';
import { labelConversationTurns, turnSpans } from './conversation-labels.ts';
import type { Explanation } from './explanation.ts';
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

/**
 * Splits a conversation record into its turns; throws `CheckInputError` naming the field when
 * malformed. Each turn's record (the conversation up to the end of that turn) is built when read,
 * so the turns of a long conversation are not all held at once.
 */
export function conversationTurns(value: unknown): { id: string; turns: ConversationTurn[] } {
  const { id, messages, rest } = conversationParts(value);
  const turns: ConversationTurn[] = [];
  for (const { turn, end } of turnSpans(messages)) {
    turns.push({
      turn,
      get record() {
        return { ...rest, id: `${id}-t${turn}`, messages: messages.slice(0, end) };
      },
    });
  }
  return { id, turns };
}

/** A conversation record's id, messages and other fields; throws `CheckInputError` naming the field when malformed. */
export function conversationParts(value: unknown): { id: string; messages: unknown[]; rest: Record<string, unknown> } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new CheckInputError('(line)', 'a conversation record must be an object', 'an object with id and messages', show(value));
  const { id, messages, ...rest } = value as Record<string, unknown>;
  if (typeof id !== 'string' && typeof id !== 'number') throw new CheckInputError('id', 'missing', 'a string id for the conversation', show(id));
  if (typeof id === 'number' && !isExactId(id)) throw new CheckInputError('id', 'not an exact number', EXACT_ID, show(id));
  if (!Array.isArray(messages)) throw new CheckInputError('messages', 'missing', 'the conversation\'s messages (OpenAI chat format)', show(messages));
  return { id: String(id), messages, rest };
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
 * `auto` by default): the record is read once, then labelled turn by turn in one pass.
 */
export function checkConversation(value: unknown, options: CheckOptions = {}): ConversationLabel[] {
  return labelled(value, options).map(({ id, turn, result }) => withTurn(result.label, id, turn));
}

/** The same, with each turn's explanation. */
export function checkConversationWithExplanation(value: unknown, options: CheckOptions = {}): (CheckResult & { label: ConversationLabel })[] {
  return labelled(value, options).map(({ id, turn, result }) => ({ label: withTurn(result.label, id, turn), explanation: result.explain() }));
}

function labelled(value: unknown, options: CheckOptions) {
  const read = readConversation(value, options);
  const { id, messages, rest } = conversationParts(read.record);
  const out: { id: string; turn: number; result: { label: LabelRecord; explain: () => Explanation } }[] = [];
  for (const done of labelConversationTurns(id, messages, rest, read.options)) {
    if ('error' in done) throw done.error;
    out.push({ id, turn: done.turn, result: done.labelled });
  }
  return out;
}
