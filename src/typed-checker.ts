/**
 * The checker as the package exports it: typed turn records, so code that builds a turn is checked
 * at compile time. The functions behind them take `unknown` and validate at run time, because most
 * records come from files and other programs; a value typed `unknown` goes through `parseTurn`.
 */
import { check as checkValue, checkWithExplanation as explainValue, type CheckOptions, type CheckResult } from './check/check.ts';
import { checkConversation as checkConversationValue, checkConversationWithExplanation as explainConversationValue, type ConversationLabel } from './check/conversations.ts';
import type { ConversationRecord, TurnRecord } from './check/turn-record.ts';
import type { LabelRecord } from './core/types.ts';

/**
 * Labels one turn record with the offline rules: deterministic, no model, no I/O. The record is
 * still validated at run time (a record from `JSON.parse` or from JavaScript is checked the same
 * way); a log in another message shape is read with `inputFormat`, or first with `parseTurn`.
 *
 * @throws CheckInputError naming the field (`field`, `expected`, `got`) when the record is malformed.
 * @example
 * const label = check({ id: 't-1', setup: 'C0', category: 'reminder', messages: [
 *   { role: 'user', content: 'Remind me to pay rent tomorrow.' },
 *   { role: 'assistant', content: "Sure! I'll remind you tomorrow morning." }] });
 * label.outcome; // 'empty'
 */
export const check: (turn: TurnRecord, options?: CheckOptions) => LabelRecord = checkValue;

/** `check`, and why: the explanation `--explain` prints (render it with `formatExplanation(label.id, explanation)`). */
export const checkWithExplanation: (turn: TurnRecord, options?: CheckOptions) => CheckResult = explainValue;

/**
 * Labels every assistant turn of a whole conversation (what follows each user message): each label
 * carries `conversation` (the record's id) and `turn` (1-based). The record is read once, in any
 * message shape (`inputFormat`), then split.
 */
export const checkConversation: (record: ConversationRecord, options?: CheckOptions) => ConversationLabel[] = checkConversationValue;

/** `checkConversation`, with each turn's explanation. */
export const checkConversationWithExplanation: (record: ConversationRecord, options?: CheckOptions) => (CheckResult & { label: ConversationLabel })[] = explainConversationValue;
