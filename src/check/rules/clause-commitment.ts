/** Building a commitment from a future clause the table read as one. */
import type { Commitment, Performer } from '../../core/types.ts';
import { capabilitiesFor, type ActKind } from './acts.ts';
import { actTrigger } from './act-trigger.ts';
import type { FutureClause } from './clauses.ts';

/** The act kind each clause commitment was read as, for the gate applied after the table. */
const KIND_OF = new WeakMap<Commitment, ActKind>();

export function actKindOf(commitment: Commitment): ActKind | undefined {
  return KIND_OF.get(commitment);
}

export function clauseCommitment(clause: FutureClause, fields: { performer: Performer; kind: ActKind; confidence: number; predicate: string }): Commitment {
  const decided = actTrigger(clause, fields);
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
  KIND_OF.set(made, fields.kind);
  return made;
}

/** A few words saying what is promised. */
export function summarise(predicate: string): string {
  const words = predicate.replace(/[*_`]/g, '').split(/\s+/).filter(Boolean);
  return words.slice(0, 10).join(' ').replace(/[,;:]$/, '');
}
