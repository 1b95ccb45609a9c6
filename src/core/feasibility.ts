/**
 * Feasibility rules (paper Table 9, Appendix C): commitment × affordances → feasible?, failure
 * types, primary failure and the tools that would anchor it. Pure and deterministic.
 */
import {
  CAPABILITY_RULES,
  isKnownCapability,
  isOtherCapability,
  providersOf,
  type Affordances,
  type CapabilityFamily,
} from './affordances.ts';
import { FAILURE_TYPES, type Capability, type Commitment, type FailureType, type Feasibility } from './types.ts';

/** What a self-performed, agent-initiated promise needs when the detector listed nothing. */
const NEEDS_BY_TRIGGER: Partial<Record<Commitment['trigger_type'], Capability[]>> = {
  time: ['run_later', 'notify_user_later'],
  unspecified_future: ['run_later', 'notify_user_later'],
  external_event: ['watch_event', 'notify_user_later'],
  next_session: ['recall_across_sessions'],
};

/**
 * The capabilities the rules check. A third party needs only to be obligated: a person acting on
 * a ticket may phone or email the user, and the ticket carries the due date, so neither a channel
 * nor a time element adds a need of the agent's own.
 */
export function effectiveNeeds(commitment: Pick<Commitment, 'performer' | 'trigger_type' | 'required_capabilities' | 'is_offer'>): Capability[] {
  const listed = [...new Set(commitment.required_capabilities)];
  if (commitment.performer === 'third_party') {
    return ['delegate_to_human', ...listed.filter(isOtherCapability)];
  }
  if (listed.length === 0 && !commitment.is_offer) return NEEDS_BY_TRIGGER[commitment.trigger_type] ?? [];
  return listed;
}

export function judgeFeasibility(
  commitment: Pick<Commitment, 'performer' | 'trigger_type' | 'required_capabilities' | 'is_offer'>,
  affordances: Affordances,
): Feasibility {
  const needs = effectiveNeeds(commitment);
  const failures = new Set<FailureType>();
  let residual = false;
  const byFamily = new Map<CapabilityFamily, Capability[]>();

  for (const need of needs) {
    if (!isKnownCapability(need)) {
      // An open-ended `other:` need is for the residual judge; until one decides, the rules say no.
      residual = true;
      failures.add('capability');
      continue;
    }
    const rule = CAPABILITY_RULES[need];
    if (providersOf(affordances, need).length === 0) failures.add(rule.missing);
    byFamily.set(rule.family, [...(byFamily.get(rule.family) ?? []), need]);
  }

  const failure_types = FAILURE_TYPES.filter((type) => failures.has(type));
  const feasible = failure_types.length === 0;
  return {
    feasible,
    failure_types,
    primary_failure: failure_types[0] ?? null,
    anchoring_tools_required: feasible ? anchoringTools(affordances, byFamily) : [],
    residual,
  };
}

/**
 * For each family of needs, the tools that serve all of them at once (schedule_task for "watch and
 * notify"); when no single tool does, any tool that serves part of them.
 */
function anchoringTools(affordances: Affordances, byFamily: Map<CapabilityFamily, Capability[]>): string[] {
  const chosen = new Set<string>();
  for (const needs of byFamily.values()) {
    const complete = affordances.tools.filter((tool) => needs.every((need) => tool.capabilities.includes(need)));
    const partial = affordances.tools.filter((tool) => needs.some((need) => tool.capabilities.includes(need)));
    for (const tool of complete.length > 0 ? complete : partial) chosen.add(tool.name);
  }
  return affordances.tools.map((tool) => tool.name).filter((name) => chosen.has(name));
}
