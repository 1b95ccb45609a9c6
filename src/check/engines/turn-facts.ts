/**
 * Facts of a turn the hybrid triggers need beside the rules' label: the final reply and whether a
 * successful call made something persist. Read the same way check.ts reads them.
 */
import { isPersistentFamily } from '../../core/affordances.ts';
import { viewTurn } from '../../core/turn.ts';
import type { CheckOptions } from '../check.ts';
import { deploymentFacts, resolveRecordDeployment } from '../deployment-facts.ts';
import { validateTurn } from '../turn-input.ts';

export function turnFacts(turn: unknown, options: CheckOptions): { finalText: string; enablingCallMade: boolean } {
  const { record, persona } = validateTurn(turn);
  const facts = deploymentFacts(resolveRecordDeployment(record.setup, options.setup), persona ?? 'generic');
  const view = viewTurn(record.messages);
  const enablingCallMade = view.calls.some((call) => call.succeeded && [...(facts.familiesOf.get(call.name) ?? [])].some(isPersistentFamily));
  return { finalText: view.finalText, enablingCallMade };
}
