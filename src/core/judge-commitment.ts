/**
 * Turns a detected commitment into a judged one: agent-initiated?, feasibility (Table 9) and
 * call-level anchoring (a successful call to any of its anchoring tools).
 */
import { isKnownCapability, type Affordances } from './affordances.ts';
import { judgeFeasibility } from './feasibility.ts';
import { isAgentInitiated } from './outcome.ts';
import type { ToolActivity } from './turn.ts';
import { PERFORMERS, TRIGGER_TYPES, type Commitment, type Feasibility, type JudgedCommitment } from './types.ts';

export function judgeCommitment(
  commitment: Commitment,
  affordances: Affordances,
  calls: readonly ToolActivity[],
): JudgedCommitment {
  const feasibility = feasibilityIn(affordances, commitment);
  const agent_initiated = isAgentInitiated(commitment);
  const needsCall = agent_initiated && feasibility.feasible && feasibility.anchoring_tools_required.length > 0;
  // Object.assign, not a spread: in Node 20 a spread followed by new keys costs microseconds per key.
  const judged: JudgedCommitment = Object.assign({}, commitment, {
    agent_initiated,
    feasible: feasibility.feasible,
    // Copies: the verdict is shared by every commitment of its kind, a label's lists are its own.
    failure_types: feasibility.failure_types.slice(),
    primary_failure: feasibility.primary_failure,
    anchoring_tools_required: feasibility.anchoring_tools_required.slice(),
    anchored: needsCall ? isAnchored(feasibility.anchoring_tools_required, calls) : null,
  });
  if (feasibility.residual) judged.residual = true;
  return judged;
}

/** Call-level anchoring (paper §2): arguments are not matched; a call that reported an error anchors nothing. */
export function isAnchored(anchoringTools: readonly string[], calls: readonly ToolActivity[]): boolean {
  return calls.some((call) => call.succeeded && anchoringTools.includes(call.name));
}

/**
 * The feasibility verdict depends only on the deployment's affordances and four fields of the
 * commitment, and a run meets few combinations of them: each is worked out once per affordances
 * object (a deployment and persona). Open-ended `other:` needs are judged afresh, never kept.
 */
const verdicts = new WeakMap<Affordances, Map<string, Feasibility>>();
const MAX_VERDICTS = 1024;
const PERFORMER_SET: ReadonlySet<string> = new Set(PERFORMERS);
const TRIGGER_SET: ReadonlySet<string> = new Set(TRIGGER_TYPES);

function feasibilityIn(affordances: Affordances, commitment: Commitment): Feasibility {
  const key = verdictKey(commitment);
  if (key === undefined) return judgeFeasibility(commitment, affordances);
  let known = verdicts.get(affordances);
  if (!known) verdicts.set(affordances, (known = new Map()));
  let verdict = known.get(key);
  if (!verdict) {
    if (known.size >= MAX_VERDICTS) known.clear();
    known.set(key, (verdict = judgeFeasibility(commitment, affordances)));
  }
  return verdict;
}

/** The fields the verdict reads, as one string; undefined unless every one is a known identifier (none holds a space). */
function verdictKey(commitment: Commitment): string | undefined {
  if (!PERFORMER_SET.has(commitment.performer) || !TRIGGER_SET.has(commitment.trigger_type) || typeof commitment.is_offer !== 'boolean') return undefined;
  let key = `${commitment.performer} ${commitment.trigger_type} ${commitment.is_offer ? 'offer' : 'promise'}`;
  for (const capability of commitment.required_capabilities) {
    if (!isKnownCapability(capability)) return undefined;
    key += ` ${capability}`;
  }
  return key;
}
