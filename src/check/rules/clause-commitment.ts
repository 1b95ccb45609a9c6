/** Building a commitment from a future clause the table read as one. */
import type { Commitment, Performer } from '../../core/types.ts';
import { capabilitiesFor, type ActKind } from './acts.ts';
import { actTrigger, type TriggerSource } from './act-trigger.ts';
import { isSpaceCode } from './char-codes.ts';

export function clauseCommitment(source: TriggerSource, fields: { performer: Performer; kind: ActKind; confidence: number; predicate: string }): Commitment {
  const decided = actTrigger(source, fields);
  const { clause } = source;
  const made: Commitment = {
    span: clause.sentence.text.slice(clause.spanStart - clause.sentence.start, clause.spanEnd - clause.sentence.start),
    action: summarise(fields.predicate),
    performer: fields.performer,
    trigger_type: decided.trigger,
    time_expression: decided.timeExpression,
    required_capabilities: decided.trigger === 'user_next_message' ? [] : capabilitiesFor(fields.kind, decided.trigger),
    is_offer: false,
    confidence: fields.confidence,
  };
  return made;
}

/** A few words saying what is promised: the first ten, without emphasis marks or a last comma, colon or semicolon. */
export function summarise(predicate: string): string {
  let out = '';
  let words = 0;
  let inWord = false;
  for (let i = 0; i < predicate.length && words <= MAX_SUMMARY_WORDS; i++) {
    const code = predicate.charCodeAt(i);
    if (code === 42 || code === 95 || code === 96) continue; // * _ `
    if (isSpaceCode(code)) {
      inWord = false;
      continue;
    }
    if (!inWord) {
      inWord = true;
      if (++words > MAX_SUMMARY_WORDS) break;
      if (words > 1) out += ' ';
    }
    out += predicate[i];
  }
  const last = out.charCodeAt(out.length - 1);
  return last === 44 || last === 59 || last === 58 ? out.slice(0, -1) : out; // , ; :
}

const MAX_SUMMARY_WORDS = 10;
