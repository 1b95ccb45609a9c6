/**
 * What one persona of a deployment is given: the tools offered to it (a tool may be limited to some
 * personas, like lookup_account to support), the affordances the rules judge against, and the
 * tool list in OpenAI function-calling form.
 */
import { persistenceFromTools, type Affordances, type Persistence } from '../core/affordances.ts';
import type { Deployment, PersonaId, ToolDefinition } from './deployment.ts';

export interface OpenAITool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export function toolsFor(deployment: Deployment, persona: PersonaId): ToolDefinition[] {
  return deployment.tools.filter((tool) => tool.personas === undefined || tool.personas.includes(persona));
}

/**
 * The deployment's affordances as this persona has them. When a persona loses a tool, it also
 * loses whatever persistence only that tool provided.
 */
export function affordancesFor(deployment: Deployment, persona: PersonaId): Affordances {
  const offered = toolsFor(deployment, persona);
  const tools = offered.map((tool) => ({ name: tool.name, capabilities: [...tool.capabilities] }));
  if (offered.length === deployment.tools.length) return { tools, persistence: { ...deployment.persistence } };
  const stated = deployment.persistence;
  const remaining = persistenceFromTools(tools);
  const persistence: Persistence = {
    acts_after_turn: stated.acts_after_turn && remaining.acts_after_turn,
    schedules_future: stated.schedules_future && remaining.schedules_future,
    remembers_across_sessions: stated.remembers_across_sessions && remaining.remembers_across_sessions,
    obligates_people: stated.obligates_people && remaining.obligates_people,
  };
  return { tools, persistence };
}

export function openAITools(deployment: Deployment, persona: PersonaId): OpenAITool[] {
  return toolsFor(deployment, persona).map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  }));
}
