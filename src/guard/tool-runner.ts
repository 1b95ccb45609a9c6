/**
 * Running the calls a re-anchored reply makes. Applications pass their own runner (their real
 * tools); the benchmark and the default use the deployment's mocked tools, answering a call the
 * way the turn loop does: an unknown tool or arguments that are not a JSON object get an error
 * result the model sees, never a throw.
 */
import type { ToolCall } from '../core/types.ts';
import type { Deployment, PersonaId } from '../setups/deployment.ts';
import { runMockTool } from '../setups/mock-tools.ts';
import { toolsFor } from '../setups/persona-tools.ts';

/** Returns the tool message content for one call. */
export type ToolRunner = (call: ToolCall) => string | Promise<string>;

const MAX_NAME_ECHO = 100;

export function mockToolRunner(deployment: Deployment, persona: PersonaId): ToolRunner {
  const offered = toolsFor(deployment, persona);
  const fail = (message: string) => JSON.stringify({ status: 'error', message });
  return (call) => {
    const name = call.function.name;
    const tool = offered.find((candidate) => candidate.name === name);
    if (!tool) return fail(`unknown tool ${name.slice(0, MAX_NAME_ECHO)}`);
    const args = parseObject(call.function.arguments);
    if (args === undefined) return fail(`invalid arguments for ${tool.name}: expected a JSON object`);
    try {
      return runMockTool(tool, args);
    } catch (error) {
      return fail(`tool ${tool.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
}

function parseObject(text: string): Record<string, unknown> | undefined {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
