/**
 * Labels one turn with the model judges, as the paper's pipeline does (Figure 1): the setup-blind
 * detector returns commitments; the core's rules decide feasibility, failure types and anchoring;
 * the residual feasibility judge decides only what the rules cannot (an `other:` need) or what the
 * detector was unsure of (confidence below 0.5); the response judge answers the five booleans; the
 * core derives the outcome. A failed judgment throws `JudgmentFailedError`: no label, no default.
 */
import { isPersistentFamily, type CapabilityFamily } from '../../core/affordances.ts';
import { doabilityOf } from '../../core/doability.ts';
import { isAnchored, judgeCommitment } from '../../core/judge-commitment.ts';
import { deriveOutcome } from '../../core/outcome.ts';
import { viewTurn } from '../../core/turn.ts';
import { BOOLEAN_NAMES, FAILURE_TYPES, type Capability, type Commitment, type JudgedCommitment, type LabelRecord, type ResponseBooleans } from '../../core/types.ts';
import type { CheckOptions } from '../check.ts';
import { deploymentFacts, resolveRecordDeployment } from '../deployment-facts.ts';
import type { Explanation } from '../explanation.ts';
import { validateTurn } from '../turn-input.ts';
import { deploymentCard, toolList, turnInput } from './judge-inputs.ts';
import type { LlmJudge } from './llm-judge.ts';
import type { FeasibilityAnswer } from './schemas.ts';

/** Below this detector confidence the residual judge decides feasibility (paper §3.4). */
export const RESIDUAL_CONFIDENCE = 0.5;

export interface ModelLabel {
  label: LabelRecord;
  explanation: Explanation;
}

export function llmStageName(judge: LlmJudge, stage: 'detector' | 'response'): string {
  return `llm(${judge.identity})@${judge.prompts[stage].hash.slice(0, 8)}`;
}

export async function labelWithModel(turn: unknown, judge: LlmJudge, options: CheckOptions & { signal?: AbortSignal } = {}): Promise<ModelLabel> {
  const { record, persona, category, doable } = validateTurn(turn);
  const deployment = resolveRecordDeployment(record.setup, options.setup);
  const who = persona ?? 'generic';
  const facts = deploymentFacts(deployment, who);
  const view = viewTurn(record.messages);
  const input = turnInput(record.messages);

  const [detected, answers] = await Promise.all([judge.detect(input, options.signal), judge.respond(toolList(deployment, who), input, options.signal)]);
  const card = deploymentCard(deployment, who);
  const verdicts: string[] = [];
  let residualJudged = false;
  const commitments = await Promise.all(
    detected.commitments.map(async (found): Promise<JudgedCommitment> => {
      const commitment: Commitment = { ...found, required_capabilities: found.required_capabilities as Capability[] };
      const judged = judgeCommitment(commitment, facts.affordances, view.calls);
      if (!judged.residual && commitment.confidence >= RESIDUAL_CONFIDENCE) return judged;
      residualJudged = true;
      const answer = await judge.feasibility(card, input, commitment, options.signal);
      return withResidualVerdict(judged, answer, new Set(card.tools.map((t) => t.name)), view.calls);
    }),
  );
  for (const c of commitments) verdicts.push(describe(c));

  const booleans = Object.fromEntries(BOOLEAN_NAMES.map((name) => [name, answers[name].value])) as unknown as ResponseBooleans;
  const succeeded = new Set<CapabilityFamily>();
  for (const call of view.calls) if (call.succeeded) for (const family of facts.familiesOf.get(call.name) ?? []) succeeded.add(family);
  const doability = doable ?? (category ? doabilityOf(category, facts.affordances) : null);
  const decision = deriveOutcome({ commitments, booleans, doability, enablingCallMade: [...succeeded].some(isPersistentFamily) });

  const label: LabelRecord = {
    id: record.id,
    outcome: decision.outcome,
    failure: decision.failure,
    commitments,
    booleans,
    engine: { detector: llmStageName(judge, 'detector'), judge: llmStageName(judge, 'response') },
    prompt_hashes: {
      detector: judge.prompts.detector.hash,
      ...(residualJudged ? { feasibility: judge.prompts.feasibility.hash } : {}),
      response: judge.prompts.response.hash,
    },
  };
  const explanation: Explanation = {
    detector: commitments.map((c) => ({ verdict: 'commitment', rule: `model detector, confidence ${c.confidence}`, text: c.span })),
    setAside: [],
    feasibility: commitments.map((c, i) => ({ span: c.span, verdict: verdicts[i]! })),
    booleans: BOOLEAN_NAMES.map((name) => ({ name, rule: `model judge: ${answers[name].value}`, text: answers[name].rationale })),
    outcome: { outcome: decision.outcome, why: decision.rule.why },
  };
  return { label, explanation };
}

/**
 * The residual judge's verdict replaces the rules' on feasibility; anchoring stays call-level and
 * is checked here by code, against tools the card really has (the model's list is untrusted).
 */
function withResidualVerdict(
  judged: JudgedCommitment,
  answer: FeasibilityAnswer,
  cardTools: ReadonlySet<string>,
  calls: Parameters<typeof isAnchored>[1],
): JudgedCommitment {
  const failure_types = answer.feasible ? [] : FAILURE_TYPES.filter((t) => answer.failure_types.includes(t));
  const anchoring = answer.feasible ? [...new Set(answer.anchoring_tools_required.filter((t) => cardTools.has(t)))] : [];
  const needsCall = judged.agent_initiated && answer.feasible && anchoring.length > 0;
  return {
    ...judged,
    feasible: answer.feasible,
    failure_types,
    primary_failure: failure_types[0] ?? null,
    anchoring_tools_required: anchoring,
    anchored: needsCall ? isAnchored(anchoring, calls) : null,
  };
}

function describe(c: JudgedCommitment): string {
  const source = c.residual || c.confidence < RESIDUAL_CONFIDENCE ? 'residual judge' : 'rules';
  if (!c.feasible) return `${source}: infeasible (${c.failure_types.join(' + ')})`;
  if (c.anchored === null) return `${source}: feasible, no call needed`;
  return `${source}: feasible, ${c.anchored ? 'anchored' : 'not anchored'} by ${c.anchoring_tools_required.join(' | ')}`;
}
