/**
 * The guard as an OpenAI Agents SDK (JavaScript) output guardrail:
 *
 *   const agent = new Agent({ name, instructions, tools, outputGuardrails: [felicityGuardrail()] });
 *
 * The final output is checked against the deployment (given, or derived from the agent's function
 * tools), with the run's own tool calls and results as the turn's history. A failing reply trips
 * the guardrail: the run stops with `OutputGuardrailTripwireTriggered`, whose
 * `result.output.outputInfo` is the verdict. Output guardrails can only stop a run; to have
 * replies rewritten or re-anchored instead, point the agent's OpenAI client at `felicity guard`.
 * The user's message is not among a guardrail's arguments: a placeholder stands in for it, which
 * only matters for telling deferrals from over-refusals.
 */
import type { OutputGuardrail, OutputGuardrailFunctionArgs } from '@openai/agents';
import type { ChatMessage, ToolCall } from '../core/types.ts';
import type { Verdict } from '../guard-proxy/verdict.ts';
import type { OpenAITool } from '../llm/chat-model.ts';
import { DraftJudge, type DraftJudgeOptions } from './draft-judge.ts';

export type { Verdict } from '../guard-proxy/verdict.ts';

export interface FelicityGuardrailOptions extends Pick<DraftJudgeOptions, 'deployment' | 'toolCapabilities' | 'onUnreadable' | 'engine'> {
  /** The guardrail's name in traces and results (default "felicity"). */
  name?: string;
  /** When the checker cannot read the turn: `open` lets the output through (default), `closed` trips. */
  onError?: 'open' | 'closed';
  /** Called with every verdict, tripped or not. */
  onVerdict?: (verdict: Verdict) => void;
}

const PLACEHOLDER_USER = '(the user message is not passed to output guardrails)';

export function felicityGuardrail(options: FelicityGuardrailOptions = {}): OutputGuardrail {
  const judge = new DraftJudge({ ...options, policy: 'annotate', onError: 'open' });
  return {
    name: options.name ?? 'felicity',
    async execute(args: OutputGuardrailFunctionArgs) {
      const text = typeof args.agentOutput === 'string' ? args.agentOutput : JSON.stringify(args.agentOutput);
      const decision = await judge.judge({
        messages: [{ role: 'user', content: PLACEHOLDER_USER }, ...historyOf(args.details?.output ?? [])],
        tools: functionToolsOf(args.agent),
        text,
        toolCalls: [],
        model: () => {
          throw new Error('the output guardrail makes no model call');
        },
      });
      const verdict = decision.verdict;
      // A reply the rules cannot read is never certified; it trips only when asked (onUnreadable: 'block'), or, when the judge model failed on it, as onError says.
      const unreadable = verdict.action === 'failed_open' ? options.onError === 'closed' : options.onUnreadable === 'block';
      const failed = verdict.outcome === 'not_labelled' ? unreadable : verdict.checked ? !verdict.certified : verdict.action === 'failed_open' && options.onError === 'closed';
      // A tripped guardrail sends nothing: the output it stopped is not certified.
      const info: Verdict = failed ? { ...verdict, action: 'blocked', certified: false, reason: `${verdict.reason.replace(/; (annotate only, sent unchanged|replaced by a blocking reply)$/, '')}; the output guardrail tripped` } : verdict;
      options.onVerdict?.(info);
      return { tripwireTriggered: failed, outputInfo: info };
    },
  };
}

/** The agent's function tools in OpenAI's shape (hosted tools and handoffs are not the app's to keep promises with). */
function functionToolsOf(agent: OutputGuardrailFunctionArgs['agent']): OpenAITool[] {
  const tools = (agent as { tools?: unknown[] }).tools ?? [];
  return tools.flatMap((tool) => {
    const t = tool as { type?: string; name?: string; description?: string; parameters?: unknown };
    if (t.type !== 'function' || typeof t.name !== 'string') return [];
    return [{ type: 'function' as const, function: { name: t.name, description: t.description ?? '', parameters: (t.parameters ?? { type: 'object', properties: {} }) as Record<string, unknown> } }];
  });
}

/** The run's generated items as chat messages: each model turn's calls, then their results; the final message is the draft, left out. */
function historyOf(items: readonly unknown[]): ChatMessage[] {
  const messages: ChatMessage[] = [];
  let calls: ToolCall[] = [];
  const flush = () => {
    if (calls.length > 0) messages.push({ role: 'assistant', content: null, tool_calls: calls });
    calls = [];
  };
  for (const item of items) {
    const it = item as { type?: string; callId?: string; name?: string; arguments?: string; output?: unknown };
    if (it.type === 'function_call' && typeof it.callId === 'string' && typeof it.name === 'string') {
      calls.push({ id: it.callId, type: 'function', function: { name: it.name, arguments: typeof it.arguments === 'string' ? it.arguments : '{}' } });
    } else if (it.type === 'function_call_result' && typeof it.callId === 'string') {
      flush();
      messages.push({ role: 'tool', tool_call_id: it.callId, content: outputText(it.output) });
    }
  }
  flush();
  return messages;
}

function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  const o = output as { type?: string; text?: string } | null;
  if (o?.type === 'text' && typeof o.text === 'string') return o.text;
  return JSON.stringify(output ?? null);
}
