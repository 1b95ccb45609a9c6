/**
 * Whether the user's message asks for an act a call performed ("cancel my order" and a successful
 * cancel_pending_order): such a call carries out the request whatever its category.
 */
import { actionLemma, sameAct } from '../../setups/action-verbs.ts';
import type { ToolAction } from '../../setups/tool-performs.ts';

export function requestNamesAct(userText: string, actions: readonly ToolAction[]): boolean {
  const verbs = userText.toLowerCase().split(/[^a-z-]+/).map(actionLemma).filter((v): v is string => v !== null);
  return verbs.some((verb) => actions.some((action) => sameAct(action.verb, verb)));
}
