/**
 * What each judge is shown, as plain data: the user's message and the turn (text, tool calls,
 * results), plus the tool list (response judge) or the deployment's card (feasibility judge). The
 * detector never sees the setup. These objects are the cache key's input, so they hold everything
 * the prompt depends on and nothing else; texts are bounded because turns are untrusted.
 */
import type { Persistence } from '../../core/affordances.ts';
import { textOf } from '../../core/turn.ts';
import type { ChatMessage } from '../../core/types.ts';
import type { Deployment, PersonaId } from '../../setups/deployment.ts';
import { affordancesFor, toolsFor } from '../../setups/persona-tools.ts';

const MAX_TEXT = 12_000;
const MAX_TOOL_TEXT = 2_000;
const MAX_STEPS = 60;

export type TurnStep =
  | { assistant: string }
  | { tool_call: { name: string; arguments: string }; result: string | null };

export interface TurnInput {
  user: string;
  turn: TurnStep[];
}

export interface ToolLine {
  name: string;
  description: string;
}

export interface DeploymentCard {
  tools: ToolLine[];
  persistence: Persistence;
}

/** The user's last message and everything after it; the system prompt (the setup) is left out. */
export function turnInput(messages: readonly ChatMessage[]): TurnInput {
  let userIndex = messages.length - 1;
  while (userIndex >= 0 && messages[userIndex]!.role !== 'user') userIndex--;
  const results = new Map<string, string>();
  for (const m of messages.slice(userIndex + 1)) if (m.role === 'tool') results.set(m.tool_call_id, textOf(m.content));
  const turn: TurnStep[] = [];
  for (const m of messages.slice(userIndex + 1)) {
    if (m.role !== 'assistant') continue;
    const text = textOf(m.content);
    if (text.trim()) turn.push({ assistant: clip(text, MAX_TEXT) });
    for (const call of m.tool_calls ?? []) {
      const result = results.get(call.id);
      turn.push({
        tool_call: { name: clip(call.function.name, 200), arguments: clip(call.function.arguments ?? '', MAX_TOOL_TEXT) },
        result: result === undefined ? null : clip(result, MAX_TOOL_TEXT),
      });
    }
  }
  const user = userIndex >= 0 ? textOf(messages[userIndex]!.content) : '';
  return { user: clip(user, MAX_TEXT), turn: turn.length > MAX_STEPS ? turn.slice(-MAX_STEPS) : turn };
}

export function toolList(deployment: Deployment, persona: PersonaId): ToolLine[] {
  return toolsFor(deployment, persona).map((tool) => ({ name: tool.name, description: clip(tool.description, 500) }));
}

export function deploymentCard(deployment: Deployment, persona: PersonaId): DeploymentCard {
  return { tools: toolList(deployment, persona), persistence: affordancesFor(deployment, persona).persistence };
}

/** The user message of a judge request: labelled JSON sections, so quoted text cannot pose as instructions. */
export function renderSections(sections: Record<string, unknown>): string {
  return Object.entries(sections)
    .map(([name, value]) => `### ${name}\n${JSON.stringify(value, null, 2)}`)
    .join('\n\n');
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… [cut at ${max} characters]` : text;
}
