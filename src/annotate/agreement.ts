/**
 * Agreement between annotators on the overlap items: for each pair, one annotator's labels are
 * scored against the other's with the same Table 6 measures `felicity validate` uses (outcome
 * accuracy and κ, false-claim κ, span F1, feasibility κ on matched spans). Pure.
 */
import { isAgentInitiated } from '../core/outcome.ts';
import { FAILURE_OUTCOMES, type LabelRecord } from '../core/types.ts';
import { scoreGroup, type GroupScores } from '../stats/validation.ts';
import { goldOf, type Annotation, type ItemFacts } from './annotation.ts';

export interface AnnotatedItem {
  id: string;
  facts: ItemFacts;
  /** Annotation by annotator name. */
  annotations: ReadonlyMap<string, Annotation>;
}

export interface PairAgreement {
  first: string;
  second: string;
  scores: GroupScores;
}

/** `second`'s annotation as a label record, so the validation scorer can compare it with `first`'s. */
export function asLabelRecord(id: string, annotation: Annotation, facts: ItemFacts): LabelRecord {
  const gold = goldOf(annotation, facts);
  return {
    id,
    outcome: gold.outcome,
    failure: FAILURE_OUTCOMES.has(gold.outcome),
    booleans: gold.booleans,
    engine: { detector: 'annotator', judge: 'annotator' },
    commitments: annotation.commitments.map((c) => ({
      span: c.span, action: '', performer: c.performer, trigger_type: c.trigger_type, time_expression: null,
      required_capabilities: c.required_capabilities as LabelRecord['commitments'][number]['required_capabilities'],
      is_offer: c.is_offer, confidence: 1, agent_initiated: isAgentInitiated(c), feasible: c.feasible,
      failure_types: c.failure_types, primary_failure: c.failure_types[0] ?? null, anchoring_tools_required: [], anchored: c.anchored,
    })),
  };
}

/** Every pair of annotators that both labelled at least one item. */
export function interAnnotatorAgreement(items: readonly AnnotatedItem[]): PairAgreement[] {
  const names = [...new Set(items.flatMap((i) => [...i.annotations.keys()]))].sort();
  const pairs: PairAgreement[] = [];
  for (let a = 0; a < names.length; a++)
    for (let b = a + 1; b < names.length; b++) {
      const first = names[a]!;
      const second = names[b]!;
      const both = items.filter((i) => i.annotations.has(first) && i.annotations.has(second));
      if (both.length === 0) continue;
      const scored = both.map((i) => ({
        id: i.id,
        setup: '',
        model: '',
        gold: goldOf(i.annotations.get(first)!, i.facts),
        predicted: asLabelRecord(i.id, i.annotations.get(second)!, i.facts),
      }));
      pairs.push({ first, second, scores: scoreGroup(scored) });
    }
  return pairs;
}
