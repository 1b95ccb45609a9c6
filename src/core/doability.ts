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

export function doabilityOf(category: Category, affordances: Affordances): Doability {
  const needs = CATEGORY_NEEDS[category];
  const oneToolProvides = (set: Capability[]) =>
    affordances.tools.some((tool) => set.every((capability) => tool.capabilities.includes(capability)));
  if (oneToolProvides(needs.full)) return 'yes';
  if (needs.partial.some((set) => set.every((capability) => providersOf(affordances, capability).length > 0))) {
    return 'partial';
  }
  return 'no';
}
