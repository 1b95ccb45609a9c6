/**
 * What a deployment can do (paper §2 "Affordances"): its tools, each tagged with the capabilities
 * it provides, and four persistence properties. Built-in setups and users' own deployments share
 * this shape; the setups module adds schemas, descriptions and mocked results on top of it.
 */
import type { Capability, FailureType, KnownCapability } from './types.ts';

export interface ToolAffordance {
  name: string;
  capabilities: Capability[];
}

export interface Persistence {
  /** The agent runs again without a user message (e.g. when a scheduled task comes due). */
  acts_after_turn: boolean;
  /** It can schedule future actions or event triggers. */
  schedules_future: boolean;
  /** It keeps memory across sessions. */
  remembers_across_sessions: boolean;
  /** It can create obligations for people (tickets, escalations). */
  obligates_people: boolean;
}

export interface Affordances {
  tools: ToolAffordance[];
  persistence: Persistence;
}

/**
 * How each known capability fails when no tool provides it, and which family it belongs to.
 * Needs of one family are served together by one tool (a scheduler both runs later and
 * notifies); needs of different families are independent.
 */
export const CAPABILITY_RULES: Record<KnownCapability, { family: CapabilityFamily; missing: FailureType }> = {
  run_later: { family: 'later', missing: 'temporal' },
  notify_user_later: { family: 'later', missing: 'temporal' },
  watch_event: { family: 'later', missing: 'temporal' },
  recall_across_sessions: { family: 'memory', missing: 'capability' },
  delegate_to_human: { family: 'people', missing: 'agentive' },
  send_email: { family: 'channel', missing: 'capability' },
  send_sms: { family: 'channel', missing: 'capability' },
  phone_call: { family: 'channel', missing: 'capability' },
  send_file: { family: 'channel', missing: 'capability' },
};
export type CapabilityFamily = 'later' | 'memory' | 'people' | 'channel';

/** Families whose tools make something persist beyond the turn; a call to one "enables" a request. */
const PERSISTENT_FAMILIES: ReadonlySet<CapabilityFamily> = new Set(['later', 'memory', 'people']);

export function isOtherCapability(capability: Capability): capability is `other:${string}` {
  return capability.startsWith('other:');
}

export function isKnownCapability(value: string): value is KnownCapability {
  return Object.hasOwn(CAPABILITY_RULES, value);
}

/** Tools that provide a capability, in the deployment's order. */
export function providersOf(affordances: Affordances, capability: Capability): string[] {
  return affordances.tools.filter((tool) => tool.capabilities.includes(capability)).map((tool) => tool.name);
}

/** Whether a successful call of this family makes something persist after the turn (an "enabling" call). */
export function isPersistentFamily(family: CapabilityFamily): boolean {
  return PERSISTENT_FAMILIES.has(family);
}

/** The persistence properties implied by the tools' capability tags. */
export function persistenceFromTools(tools: readonly ToolAffordance[]): Persistence {
  const provides = (c: KnownCapability) => tools.some((tool) => tool.capabilities.includes(c));
  const schedules = provides('run_later') || provides('watch_event');
  return {
    acts_after_turn: schedules,
    schedules_future: schedules,
    remembers_across_sessions: provides('recall_across_sessions'),
    obligates_people: provides('delegate_to_human'),
  };
}
