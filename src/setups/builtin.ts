/**
 * The paper's five setups (Table 2, Table 7) as plain deployments: C0 has no tools, C1 the base
 * tools, and C2–C4 each add one affordance to C1 (not cumulative, so each effect is isolated).
 */
import type { Persistence } from '../core/affordances.ts';
import {
  BASE_TOOLS,
  CREATE_REMINDER,
  CREATE_TICKET,
  ESCALATE_TO_HUMAN,
  MEMORY_READ,
  MEMORY_WRITE,
  SCHEDULE_TASK,
} from './builtin-tools.ts';
import type { Deployment } from './deployment.ts';

export const SETUP_IDS = ['C0', 'C1', 'C2', 'C3', 'C4'] as const;
export type SetupId = (typeof SETUP_IDS)[number];

const NO_PERSISTENCE: Persistence = {
  acts_after_turn: false,
  schedules_future: false,
  remembers_across_sessions: false,
  obligates_people: false,
};

/** Frozen: every caller shares these objects, so none may change them for the others. */
export const BUILTIN_SETUPS: Readonly<Record<SetupId, Deployment>> = deepFreeze({
  C0: { id: 'C0', title: 'Chat only: no tools', tools: [], persistence: NO_PERSISTENCE },
  C1: {
    id: 'C1',
    title: 'Base tools: clock, calculator, document search, account lookup (support)',
    tools: [...BASE_TOOLS],
    persistence: NO_PERSISTENCE,
  },
  C2: {
    id: 'C2',
    title: 'Base tools + scheduler and reminders',
    tools: [...BASE_TOOLS, SCHEDULE_TASK, CREATE_REMINDER],
    persistence: { ...NO_PERSISTENCE, acts_after_turn: true, schedules_future: true },
  },
  C3: {
    id: 'C3',
    title: 'Base tools + cross-session memory',
    tools: [...BASE_TOOLS, MEMORY_WRITE, MEMORY_READ],
    persistence: { ...NO_PERSISTENCE, remembers_across_sessions: true },
  },
  C4: {
    id: 'C4',
    title: 'Base tools + tickets and escalation to people',
    tools: [...BASE_TOOLS, CREATE_TICKET, ESCALATE_TO_HUMAN],
    persistence: { ...NO_PERSISTENCE, obligates_people: true },
  },
});

/** The canonical id for a built-in setup reference, case-insensitively ("c2" → "C2"). */
export function builtinSetupId(ref: string): SetupId | undefined {
  const upper = ref.trim().toUpperCase();
  return SETUP_IDS.find((id) => id === upper);
}

export function getBuiltinSetup(id: string): Deployment | undefined {
  const canonical = builtinSetupId(id);
  return canonical === undefined ? undefined : BUILTIN_SETUPS[canonical];
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
