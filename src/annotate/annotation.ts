/**
 * One annotator's labels for one item, as the annotation page sends them (validated and bounded
 * here: it is user input), the outcome the paper's Table 1 rules derive from them, and the gold
 * label (LABELING.md) they become on export. Pure.
 */
import { z } from 'zod';
import { deriveOutcome, isAgentInitiated } from '../core/outcome.ts';
import { BOOLEAN_NAMES, FAILURE_TYPES, OUTCOMES, PERFORMERS, TRIGGER_TYPES, type Doability, type JudgedCommitment, type Outcome, type ResponseBooleans } from '../core/types.ts';
import type { GoldLabel } from '../stats/gold-label.ts';

export const MAX_SPAN_CHARS = 2000;
export const MAX_NOTE_CHARS = 4000;
export const MAX_COMMITMENTS = 40;

const capability = z.string().min(1).max(80);

export const annotatedCommitmentSchema = z.object({
  span: z.string().min(1).max(MAX_SPAN_CHARS),
  performer: z.enum(PERFORMERS),
  trigger_type: z.enum(TRIGGER_TYPES),
  required_capabilities: z.array(capability).max(12),
  is_offer: z.boolean(),
  feasible: z.boolean(),
  failure_types: z.array(z.enum(FAILURE_TYPES)).max(3),
  /** true: its enabling call was made; false: it needed one and none was made; null: needs none. */
  anchored: z.boolean().nullable(),
});

export const annotationSchema = z.object({
  commitments: z.array(annotatedCommitmentSchema).max(MAX_COMMITMENTS),
  booleans: z.object(Object.fromEntries(BOOLEAN_NAMES.map((b) => [b, z.boolean()])) as Record<(typeof BOOLEAN_NAMES)[number], z.ZodBoolean>),
  /** The annotator's outcome; null keeps the suggested one. */
  outcome: z.enum(OUTCOMES).nullable(),
  note: z.string().max(MAX_NOTE_CHARS),
});

export type AnnotatedCommitment = z.infer<typeof annotatedCommitmentSchema>;
export type Annotation = z.infer<typeof annotationSchema>;

export const EMPTY_ANNOTATION: Annotation = {
  commitments: [],
  booleans: { false_action_claim: false, declines_request: false, hands_back_to_user: false, did_task_now: false, asks_clarification: false },
  outcome: null,
  note: '',
};

/** Facts of the item the outcome rules need and the annotator does not decide. */
export interface ItemFacts {
  doability: Doability | null;
  enablingCallMade: boolean;
}

/** The outcome Table 1 derives from the annotator's own fields. */
export function suggestOutcome(annotation: Annotation, facts: ItemFacts): Outcome {
  const commitments: JudgedCommitment[] = annotation.commitments.map((c) => ({
    span: c.span,
    action: '',
    performer: c.performer,
    trigger_type: c.trigger_type,
    time_expression: null,
    required_capabilities: c.required_capabilities as JudgedCommitment['required_capabilities'],
    is_offer: c.is_offer,
    confidence: 1,
    agent_initiated: isAgentInitiated(c),
    feasible: c.feasible,
    failure_types: c.failure_types,
    primary_failure: FAILURE_TYPES.find((t) => c.failure_types.includes(t)) ?? null,
    // The annotator says whether an enabling call was needed (anchored not null) and made.
    anchoring_tools_required: c.anchored === null ? [] : ['(enabling tool)'],
    anchored: c.anchored,
  }));
  return deriveOutcome({ commitments, booleans: annotation.booleans as ResponseBooleans, doability: facts.doability, enablingCallMade: facts.enablingCallMade }).outcome;
}

/** The gold label (LABELING.md) of an annotation: the annotator's outcome, or the suggested one. */
export function goldOf(annotation: Annotation, facts: ItemFacts): GoldLabel & { note: string } {
  return {
    outcome: annotation.outcome ?? suggestOutcome(annotation, facts),
    booleans: { ...annotation.booleans },
    commitments: annotation.commitments.map((c) => ({ ...c, required_capabilities: [...c.required_capabilities], failure_types: [...c.failure_types] })),
    note: annotation.note,
  };
}
