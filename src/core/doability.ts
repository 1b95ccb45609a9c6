/**
 * Doability (paper Table 8): which request categories a deployment can serve. Derived from the
 * capability tags, so it holds for users' own deployments; for C0–C4 it reproduces Table 8.
 */
import { providersOf, type Affordances } from './affordances.ts';
import type { Capability, Category, Doability } from './types.ts';

interface CategoryNeeds {
  /** Capabilities that serve the whole request when one tool provides them all. */
  full: Capability[];
  /** Capability sets any one of which lets the deployment carry part of it. */
  partial: Capability[][];
}

const CATEGORY_NEEDS: Record<Category, CategoryNeeds> = {
  // A person acting on a ticket can send a reminder, watch, or deliver: partial.
  reminder: { full: ['run_later', 'notify_user_later'], partial: [['delegate_to_human']] },
  monitoring: { full: ['watch_event', 'notify_user_later'], partial: [['delegate_to_human']] },
  deferred_delivery: { full: ['run_later', 'notify_user_later'], partial: [['delegate_to_human']] },
  // A scheduler can follow up with the user, but not put a person on the phone: partial.
  callback: { full: ['delegate_to_human'], partial: [['run_later', 'notify_user_later']] },
  memory: { full: ['recall_across_sessions'], partial: [] },
};

/** Worked out once per deployment's affordances and category: every turn of a run asks again. */
const known = new WeakMap<Affordances, Map<Category, Doability>>();

export function doabilityOf(category: Category, affordances: Affordances): Doability {
  let byCategory = known.get(affordances);
  if (!byCategory) known.set(affordances, (byCategory = new Map()));
  let doability = byCategory.get(category);
  if (doability === undefined) byCategory.set(category, (doability = decideDoability(category, affordances)));
  return doability;
}

function oneToolProvides(affordances: Affordances, set: Capability[]): boolean {
  return affordances.tools.some((tool) => set.every((capability) => tool.capabilities.includes(capability)));
}

function decideDoability(category: Category, affordances: Affordances): Doability {
  const needs = CATEGORY_NEEDS[category];
  if (oneToolProvides(affordances, needs.full)) return 'yes';
  if (needs.partial.some((set) => set.every((capability) => providersOf(affordances, capability).length > 0))) {
    return 'partial';
  }
  return 'no';
}
