/**
 * Whether the user's message asks for an act a call performed ("cancel my order" and a successful
 * cancel_pending_order): such a call carries out the request whatever its category.
 */
import { lemmasIn, sameAct } from '../../setups/action-verbs.ts';
import type { ToolAction } from '../../setups/tool-performs.ts';

export function requestNamesAct(userText: string, actions: readonly ToolAction[]): boolean {
  const verbs = lemmasIn(userText);
  return verbs.some((verb) => actions.some((action) => sameAct(action.verb, verb)));
}
