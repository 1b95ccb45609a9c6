/**
 * A scripted judge model for tests and benchmarks, served by the loopback chat server: it tells
 * the three stages apart by the sections of the request (a deployment card → feasibility, a tool
 * list → response judge, else detector) and answers each with what the test scripts.
 */
import { reply, type ScriptFunction, type ScriptedReply, type ScriptedRequest } from '../../../llm/testing/scripted-chat-server.ts';
import { textOf } from '../../../core/turn.ts';
import type { Stage } from '../prompts.ts';
import type { DetectorAnswer, FeasibilityAnswer, ResponseAnswer } from '../schemas.ts';

export function stageOf(request: ScriptedRequest): Stage {
  const user = textOf(request.body.messages.find((m) => m.role === 'user')?.content);
  if (user.includes('### deployment_card')) return 'feasibility';
  if (user.includes('### tools')) return 'response';
  return 'detector';
}

/** The input sections a judge request carries, parsed back from its user message. */
export function sectionsOf(request: ScriptedRequest): Record<string, unknown> {
  const user = textOf(request.body.messages.find((m) => m.role === 'user')?.content);
  const out: Record<string, unknown> = {};
  for (const part of user.split(/^### /m).filter(Boolean)) {
    const newline = part.indexOf('\n');
    out[part.slice(0, newline).trim()] = JSON.parse(part.slice(newline + 1));
  }
  return out;
}

export function booleansAnswer(values: Partial<Record<keyof ResponseAnswer, boolean>> = {}): ResponseAnswer {
  const one = (value: boolean | undefined) => ({ value: value ?? false, rationale: value ? 'the reply does this' : 'the reply does not do this' });
  return {
    false_action_claim: one(values.false_action_claim),
    declines_request: one(values.declines_request),
    hands_back_to_user: one(values.hands_back_to_user),
    did_task_now: one(values.did_task_now),
    asks_clarification: one(values.asks_clarification),
  };
}

type Answer<T> = T | ScriptedReply | ((request: ScriptedRequest) => T | ScriptedReply);

export interface JudgeScript {
  detector?: Answer<DetectorAnswer>;
  feasibility?: Answer<FeasibilityAnswer>;
  response?: Answer<ResponseAnswer>;
}

const DEFAULTS: Required<JudgeScript> = {
  detector: { commitments: [] },
  feasibility: { feasible: true, failure_types: [], anchoring_tools_required: [], rationale: 'nothing is needed' },
  response: booleansAnswer(),
};

export function scriptedJudge(script: JudgeScript = {}): ScriptFunction {
  return (request) => {
    const stage = stageOf(request);
    const answer = script[stage] ?? DEFAULTS[stage];
    const value = typeof answer === 'function' ? answer(request) : answer;
    if (isReply(value)) return value;
    return reply.text(JSON.stringify(value), { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 });
  };
}

function isReply(value: unknown): value is ScriptedReply {
  return typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string' && ['completion', 'raw', 'truncate', 'hang'].includes((value as { kind: string }).kind);
}
