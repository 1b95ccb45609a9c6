/**
 * What `checkJsonl` does to each line's record between parsing and labelling: read it
 * in its message format (input-formats/), keeping what there is to say about that for the line's
 * first result (`notes`), and set aside a turn the rules cannot judge (unjudgeable.ts) as a
 * `not_labelled` result.
 */
import type { LabelRecord } from '../core/types.ts';
import type { LineResult } from './check-jsonl.ts';
import { CheckInputError } from './check-input-error.ts';
import { adaptRecord } from './input-formats/adapt-record.ts';
import type { InputFormat, InputFormatChoice, InputWarning } from './input-formats/input-format.ts';
import { notLabelledReason, reasonOf, type NotLabelledReason } from './unjudgeable.ts';

/**
 * How a line's record was read, when there is something to say: its format when not the turn
 * record's own (OpenAI Chat Completions), and what in it could not be read.
 */
export interface InputNotes {
  format: InputFormat;
  warnings: InputWarning[];
}

const READS_ENGLISH = { language: true };

/** The `not_labelled` result of a turn the rules cannot judge, or undefined for a turn to label (before a model engine is asked). */
export function unjudgeable(at: number, record: unknown, gate: { language: boolean }, conversation?: string, turn?: number): LineResult | undefined {
  const reason = notLabelledReason(record, gate);
  return reason === undefined ? undefined : notLabelledResult(at, record, reason, conversation, turn);
}

/**
 * Whether the rules found nothing in the reply's words: no commitment and none of the booleans read
 * from the text. Only such a turn can be unjudgeable (an empty reply; words the rules cannot
 * read), so only for it is the reply's language looked at: a quarter of turns, not all of them.
 */
export function foundNoCue(label: LabelRecord): boolean {
  const b = label.booleans;
  return label.commitments.length === 0 && !b.false_action_claim && !b.declines_request && !b.hands_back_to_user && !b.asks_clarification;
}

/** The same for a turn the rules found no cue in: the record is valid, it was just labelled. */
export function afterLabel(at: number, record: unknown, conversation: string | undefined, turn: number | undefined): LineResult | undefined {
  const reason = reasonOf(record, READS_ENGLISH);
  return reason === undefined ? undefined : notLabelledResult(at, record, reason, conversation, turn);
}

function notLabelledResult(at: number, record: unknown, reason: NotLabelledReason, conversation: string | undefined, turn: number | undefined): LineResult {
  const id = String((record as { id?: unknown }).id);
  return { line: at, notLabelled: conversation === undefined ? { id, not_labelled: reason } : { id, not_labelled: reason, conversation, turn } };
}

export function stepWithNotes(step: () => Promise<LineResult>, notes: InputNotes | undefined): () => Promise<LineResult> {
  return notes === undefined ? step : () => step().then((result) => withNotes(result, notes));
}

/** A line's record in the turn record's format, with what there is to say about how it was read; or the problem that kept it from being read. */
export function adaptLine(at: number, record: unknown, choice: InputFormatChoice): { record: unknown; notes: InputNotes | undefined } | LineResult {
  let warnings: InputWarning[] | undefined;
  try {
    const adapted = adaptRecord(record, choice, (warning) => (warnings ??= []).push(warning));
    return { record: adapted.record, notes: adapted.format !== 'openai' || warnings !== undefined ? { format: adapted.format, warnings: warnings ?? [] } : undefined };
  } catch (error) {
    if (!CheckInputError.isInstance(error)) throw error;
    return { line: at, problem: { field: error.field, message: error.message.slice(error.field.length + 2) } };
  }
}

/** The result with the line's notes on it (the first result of a line carries them). */
export function withNotes<T extends LineResult>(result: T, notes: InputNotes | undefined): T {
  if (notes !== undefined) result.notes = notes;
  return result;
}
