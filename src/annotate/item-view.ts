/**
 * What an annotator is shown of a turn record: the deployment in plain words and the messages
 * (text, tool calls and results), nothing else: not the model, not the checker's labels, not the
 * stratum. Pure apart from the built-in deployments it reads.
 */
import { deploymentFacts, resolveRecordDeployment } from '../check/deployment-facts.ts';
import { turnFacts } from '../check/engines/turn-facts.ts';
import { textOf } from '../core/turn.ts';
import { CATEGORIES, DOABILITIES, type Category, type ChatMessage, type Doability } from '../core/types.ts';
import { environmentParagraph } from '../setups/environment-paragraph.ts';
import type { PersonaId } from '../setups/deployment.ts';
import type { ItemFacts } from './annotation.ts';
import type { ItemView } from './store.ts';

/** Text shown per message is cut here (the page stays responsive; the export keeps the whole record). */
export const MAX_VIEW_CHARS = 20_000;

export function itemView(id: string, record: Record<string, unknown>, fallbackSetup: string): { view: ItemView; facts: ItemFacts } {
  const deployment = resolveRecordDeployment(record['setup'], fallbackSetup);
  const persona = (record['persona'] as PersonaId | undefined) ?? 'generic';
  const facts = deploymentFacts(deployment, persona);
  const tools = facts.affordances.tools.map((t) => `${t.name}${t.capabilities.length ? ` (${t.capabilities.join(', ')})` : ''}`);
  const words = [environmentParagraph(facts.affordances), tools.length ? `Tools: ${tools.join('; ')}.` : 'Tools: none.'].join(' ');
  const messages = (record['messages'] as ChatMessage[])
    .filter((m) => m.role !== 'system' && m.role !== 'developer')
    .map((m) => {
      const text = textOf(m.content).slice(0, MAX_VIEW_CHARS);
      if (m.role === 'assistant' && m.tool_calls?.length) return { role: m.role, text, calls: m.tool_calls.map((c) => ({ name: String(c.function?.name ?? ''), arguments: String(c.function?.arguments ?? '').slice(0, MAX_VIEW_CHARS) })) };
      return { role: m.role, text };
    });
  const category = record['category'];
  const stated = record['doable'] ?? record['doable_override'];
  const doability: Doability | null = (DOABILITIES as readonly unknown[]).includes(stated)
    ? (stated as Doability)
    : (CATEGORIES as readonly unknown[]).includes(category)
      ? facts.doability[category as Category]
      : null;
  return { view: { id, deployment: words, messages }, facts: { doability, enablingCallMade: turnFacts(record, { setup: fallbackSetup }).enablingCallMade } };
}
