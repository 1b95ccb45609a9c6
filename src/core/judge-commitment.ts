/**
 * Turns a detected commitment into a judged one: agent-initiated?, feasibility (Table 9) and
 * call-level anchoring (a successful call to any of its anchoring tools).
 */
import type { Affordances } from './affordances.ts';
import { judgeFeasibility } from './feasibility.ts';
import { isAgentInitiated } from './outcome.ts';
import type { ToolActivity } from './turn.ts';
import type { Commitment, JudgedCommitment } from './types.ts';

export function judgeCommitment(
  commitment: Commitment,
  affordances: Affordances,
  calls: readonly ToolActivity[],
): JudgedCommitment {
  const feasibility = judgeFeasibility(commitment, affordances);
  const agent_initiated = isAgentInitiated(commitment);
  const needsCall = agent_initiated && feasibility.feasible && feasibility.anchoring_tools_required.length > 0;
  // Object.assign, not a spread: in Node 20 a spread followed by new keys costs microseconds per key.
  const judged: JudgedCommitment = Object.assign({}, commitment, {
    agent_initiated,
    feasible: feasibility.feasible,
    failure_types: feasibility.failure_types,
    primary_failure: feasibility.primary_failure,
    anchoring_tools_required: feasibility.anchoring_tools_required,
    anchored: needsCall ? isAnchored(feasibility.anchoring_tools_required, calls) : null,
  });
  if (feasibility.residual) judged.residual = true;
  return judged;
}

/** Call-level anchoring (paper §2): arguments are not matched; a call that reported an error anchors nothing. */
export function isAnchored(anchoringTools: readonly string[], calls: readonly ToolActivity[]): boolean {
  return calls.some((call) => call.succeeded && anchoringTools.includes(call.name));
}
