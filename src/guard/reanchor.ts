/**
 * Re-anchoring (beyond the paper): a reply that promises a feasible later action without its
 * enabling call, or claims an action no call did while a tool for it exists, goes back to the same
 * model inside the same turn with a short note: make the call now or take the promise back. The
 * calls it then makes run like any other (mocked in the benchmark), and it writes its reply with
 * calling forbidden, so the guard adds at most one tool round.
 *
 * The stored turn reads as if the model had made the call in the first place: the earlier calls,
 * the new calls and their results, then the new reply. The draft and the note are kept in the
 * step record, not in the turn, so the checker judges what the user would see.
 */
import { CAPABILITY_RULES, isKnownCapability, isPersistentFamily } from '../core/affordances.ts';
import { argumentsAreObject } from '../core/tool-arguments.ts';
import { textOf } from '../core/turn.ts';
import type { ChatMessage, LabelRecord, ToolCall } from '../core/types.ts';
import type { OpenAITool } from '../llm/chat-model.ts';
import type { Deployment, PersonaId } from '../setups/deployment.ts';
import { toolsFor } from '../setups/persona-tools.ts';
import { fillPrompt, REANCHOR_PROMPT } from './guard-prompts.ts';
import type { ModelAccess, StepOutcome } from './rewrite.ts';
import type { ToolRunner } from './tool-runner.ts';
import { bounded } from './turn-text.ts';

export interface ReanchorTarget {
  /** What the reply did wrong, as the note says it ("promises …", "says … was done"). */
  problem: string;
  /** The tools that could make it real. */
  tools: string[];
}

const MAX_SPAN_CHARS = 200;

/** Whether re-anchoring can help this label, and with which tools; undefined when it cannot. */
export function reanchorTarget(label: LabelRecord, deployment: Deployment, persona: PersonaId): ReanchorTarget | undefined {
  const offered = toolsFor(deployment, persona);
  const offeredNames = new Set(offered.map((tool) => tool.name));
  const unanchored = label.commitments.filter((c) => c.agent_initiated && c.feasible && c.anchored === false);
  if (unanchored.length > 0) {
    const tools = [...new Set(unanchored.flatMap((c) => c.anchoring_tools_required))].filter((name) => offeredNames.has(name));
    if (tools.length === 0) return undefined;
    const spans = unanchored.map((c) => `"${bounded(c.span, MAX_SPAN_CHARS)}"`);
    return { problem: `promises ${spans.join(' and ')}`, tools };
  }
  if (label.booleans.false_action_claim) {
    const tools = offered
      .filter((tool) => tool.capabilities.some((c) => isKnownCapability(c) && isPersistentFamily(CAPABILITY_RULES[c].family)))
      .map((tool) => tool.name);
    if (tools.length === 0) return undefined;
    return { problem: 'says an action was done that no tool call in this turn did', tools };
  }
  return undefined;
}

export interface ReanchorStep {
  note: string;
  calls: ToolCall[];
  results: { tool_call_id: string; content: string }[];
  reply: string;
  /** Calls made while calling was forbidden: not run, not in the turn. */
  dropped_tool_calls?: ToolCall[];
}

export async function reanchorTurn(
  access: ModelAccess,
  messages: readonly ChatMessage[],
  target: ReanchorTarget,
  schemas: OpenAITool[],
  runTool: ToolRunner,
): Promise<StepOutcome<{ messages: ChatMessage[]; changed: boolean; step: ReanchorStep }>> {
  const note = fillPrompt(REANCHOR_PROMPT, { problem: target.problem, tools: target.tools.map((t) => `\`${t}\``).join(', ') });
  const prefix = messages.slice(0, -1);
  const asked: ChatMessage[] = [...messages, { role: 'user', content: note }];
  const first = await access.model.complete({ messages: asked, tools: schemas, params: access.params }, access.signal);
  access.onCall(first.ok ? first.usage : null);
  if (!first.ok) return { ok: false, error: first.error };

  const calls = first.message.tool_calls ?? [];
  const draft = messages.at(-1)!;
  if (calls.length === 0) {
    const reply = textOf(first.message.content);
    // An empty answer withdraws nothing and says nothing: the round is void and the draft stands.
    const turn = reply.trim() === '' ? [...messages] : [...prefix, { role: 'assistant' as const, content: reply }];
    return { ok: true, changed: reply.trim() !== '', messages: turn, step: { note, calls, results: [], reply } };
  }
  const results: { role: 'tool'; tool_call_id: string; content: string }[] = [];
  for (const call of calls) results.push({ role: 'tool', tool_call_id: call.id, content: await safely(runTool, call) });
  const second = await access.model.complete(
    { messages: [...asked, first.message, ...results], tools: schemas, tool_choice: 'none', params: access.params },
    access.signal,
  );
  access.onCall(second.ok ? second.usage : null);
  const written = second.ok ? textOf(second.message.content) : '';
  // Calls made but no words after them: the draft's words now follow the calls that back them.
  const reply = written.trim() === '' ? textOf(draft.content) : written;
  const step: ReanchorStep = { note, calls, results: results.map(({ tool_call_id, content }) => ({ tool_call_id, content })), reply };
  if (second.ok && second.message.tool_calls?.length) step.dropped_tool_calls = second.message.tool_calls;
  const turn: ChatMessage[] = [...prefix, { role: 'assistant', content: first.message.content, tool_calls: calls }, ...results, { role: 'assistant', content: reply }];
  // The calls have run (with real tools, for real): a failure after them keeps them in the turn.
  if (!second.ok) return { ok: false, error: second.error, partial: { changed: true, messages: turn, step } };
  return { ok: true, changed: true, messages: turn, step };
}

/**
 * An application's tool may throw; the model then sees an error result, as for a mocked failure.
 * Arguments that are not a JSON object never reach it: no tool could have read them, and a runner
 * that answered them anyway would make the turn claim a call that did nothing.
 */
async function safely(runTool: ToolRunner, call: ToolCall): Promise<string> {
  if (!argumentsAreObject(call.function.arguments)) {
    return JSON.stringify({ status: 'error', message: `invalid arguments for ${call.function.name.slice(0, 100)}: expected a JSON object` });
  }
  try {
    return await runTool(call);
  } catch (error) {
    return JSON.stringify({ status: 'error', message: `tool ${call.function.name.slice(0, 100)} failed: ${error instanceof Error ? error.message : String(error)}` });
  }
}
