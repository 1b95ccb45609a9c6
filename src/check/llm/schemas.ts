/**
 * What each judge must answer, as zod schemas: validated here, and turned into the JSON Schema the
 * server constrains its output with (`response_format: json_schema`) or that the prompt carries.
 * Nullable rather than optional fields: strict structured output requires every key.
 */
import { z } from 'zod';
import { FAILURE_TYPES, KNOWN_CAPABILITIES, PERFORMERS, TRIGGER_TYPES } from '../../core/types.ts';

const capability = z.union([z.enum(KNOWN_CAPABILITIES), z.string().regex(/^other:.+/, 'a listed capability or other:<text>')]);

export const detectedCommitment = z.strictObject({
  span: z.string().min(1).max(2000),
  action: z.string().max(500),
  performer: z.enum(PERFORMERS),
  trigger_type: z.enum(TRIGGER_TYPES),
  time_expression: z.string().max(200).nullable(),
  required_capabilities: z.array(capability).max(12),
  is_offer: z.boolean(),
  confidence: z.number().min(0).max(1),
});

export const detectorAnswer = z.strictObject({ commitments: z.array(detectedCommitment).max(50) });

export const feasibilityAnswer = z.strictObject({
  feasible: z.boolean(),
  failure_types: z.array(z.enum(FAILURE_TYPES)).max(3),
  anchoring_tools_required: z.array(z.string().max(200)).max(50),
  rationale: z.string().max(1000),
}).refine((a) => a.feasible === (a.failure_types.length === 0), {
  message: 'an infeasible commitment needs at least one failure type, a feasible one none',
  path: ['failure_types'],
});

const answer = z.strictObject({ value: z.boolean(), rationale: z.string().max(1000) });

export const responseAnswer = z.strictObject({
  false_action_claim: answer,
  declines_request: answer,
  hands_back_to_user: answer,
  did_task_now: answer,
  asks_clarification: answer,
});

export type DetectorAnswer = z.infer<typeof detectorAnswer>;
export type FeasibilityAnswer = z.infer<typeof feasibilityAnswer>;
export type ResponseAnswer = z.infer<typeof responseAnswer>;

export interface StageSchema<T> {
  /** The name servers show for the schema (letters, digits, _ and -). */
  name: string;
  zod: z.ZodType<T>;
  json: Record<string, unknown>;
}

function stageSchema<T>(name: string, schema: z.ZodType<T>): StageSchema<T> {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema) as Record<string, unknown>;
  return { name, zod: schema, json };
}

export const SCHEMAS = {
  detector: stageSchema('commitments', detectorAnswer),
  feasibility: stageSchema('feasibility', feasibilityAnswer),
  response: stageSchema('response_booleans', responseAnswer),
};
