/**
 * One agent turn (paper §3.1, §3.3): the condition's system prompt, one user message (context then
 * request), the setup's tools by native tool calling, mocked tool results, at most five tool
 * rounds; the turn ends at the first assistant message without a tool call. The whole turn is
 * recorded in OpenAI message format, so with an `id` added it is a turn record (SPEC §4).
 */
import type { ChatMessage, ToolCall } from '../core/types.ts';
import {
  getBuiltinSetup,
  openAITools,
  runMockTool,
  systemPrompt,
  toolsFor,
  type Deployment,
  type PersonaId,
  type PromptFix,
  type ToolDefinition,
  type Variant,
} from '../setups/index.ts';
import { addUsage, ZERO_USAGE, type ChatModel, type SamplingParams, type Usage } from './chat-model.ts';
import type { ModelError } from './model-error.ts';

export const MAX_TOOL_ROUNDS = 5;
/** The paper's sampling temperature for models under test (§3.3). */
export const DEFAULT_TEMPERATURE = 0.7;

export interface TurnInput {
  deployment: Deployment;
  persona: PersonaId;
  variant: Variant;
  fix?: PromptFix;
  /** One or two sentences the user wrote just before the request; may be empty. */
  context: string;
  request: string;
}

export interface TurnOptions {
  /** Temperature defaults to 0.7; null leaves it to the server. */
  params?: SamplingParams;
  maxToolRounds?: number;
  signal?: AbortSignal;
}

/** A tool call that could not run: answered with an error result the model saw. */
export interface ToolCallError {
  /** 1-based tool round. */
  round: number;
  tool_call_id: string;
  name: string;
  message: string;
}

export interface TurnResult {
  model: string;
  /** The built-in id for C0–C4, else the deployment itself, so `check` can judge against it. */
  setup: string | Deployment;
  persona: PersonaId;
  variant: Variant;
  fix: PromptFix;
  messages: ChatMessage[];
  /** Summed over the turn's model calls. */
  usage: Usage;
  /** Wall time of the whole turn, tool execution included. */
  latency_ms: number;
  /** Of the last successful model call; null when none succeeded. */
  finish_reason: string | null;
  /** Body of the first model request minus messages and tools (later ones differ only in tool_choice). */
  request_params: Record<string, unknown>;
  /** Tool rounds executed (assistant messages whose calls were run). */
  rounds: number;
  model_calls: number;
  /** True when the round cap was reached and a final request forbidding tool calls was made. */
  tool_cap_hit: boolean;
  tool_errors: ToolCallError[];
  /** Calls the model made in the final, tools-forbidden request; not executed and not in `messages`. */
  dropped_tool_calls?: ToolCall[];
  /** The model call that failed after its retries; `messages` holds everything up to it. */
  error?: ModelError;
}

export async function runTurn(model: ChatModel, input: TurnInput, options: TurnOptions = {}): Promise<TurnResult> {
  const started = performance.now();
  const maxRounds = options.maxToolRounds ?? MAX_TOOL_ROUNDS;
  const params: SamplingParams = { ...options.params, temperature: options.params?.temperature === undefined ? DEFAULT_TEMPERATURE : options.params.temperature };
  const fix = input.fix ?? 'none';
  const offered = toolsFor(input.deployment, input.persona);
  const schemas = openAITools(input.deployment, input.persona);
  const messages: ChatMessage[] = [
    { role: 'system', content: systemPrompt({ deployment: input.deployment, persona: input.persona, variant: input.variant, fix }) },
    { role: 'user', content: userMessage(input.context, input.request) },
  ];
  const turn: TurnResult = {
    model: model.spec,
    setup: getBuiltinSetup(input.deployment.id) === input.deployment ? input.deployment.id : input.deployment,
    persona: input.persona,
    variant: input.variant,
    fix,
    messages,
    usage: ZERO_USAGE,
    latency_ms: 0,
    finish_reason: null,
    request_params: {},
    rounds: 0,
    model_calls: 0,
    tool_cap_hit: false,
    tool_errors: [],
  };

  for (;;) {
    const capReached = turn.rounds >= maxRounds;
    if (capReached) turn.tool_cap_hit = true;
    const result = await model.complete(
      {
        messages,
        ...(schemas.length > 0 ? { tools: schemas } : {}),
        // After the last allowed round the schemas stay (the prompt the model sees is unchanged)
        // but calling is forbidden, so the model has to answer in words.
        ...(capReached && schemas.length > 0 ? { tool_choice: 'none' as const } : {}),
        params,
      },
      options.signal,
    );
    if (turn.model_calls++ === 0) turn.request_params = result.request_params;
    if (!result.ok) {
      turn.error = result.error;
      break;
    }
    turn.usage = addUsage(turn.usage, result.usage);
    turn.finish_reason = result.finish_reason;
    const calls = result.message.tool_calls ?? [];
    if (calls.length === 0) {
      messages.push(result.message);
      break;
    }
    if (capReached) {
      // Servers may ignore tool_choice "none". Unexecuted calls would read as actions taken, so the
      // recorded reply keeps only the words and the calls are listed apart.
      turn.dropped_tool_calls = calls;
      messages.push({ role: 'assistant', content: result.message.content });
      break;
    }
    messages.push(result.message);
    turn.rounds++;
    for (const call of calls) messages.push(executeTool(call, offered, turn));
  }
  turn.latency_ms = Math.round(performance.now() - started);
  return turn;
}

function userMessage(context: string, request: string): string {
  const before = context.trim();
  return before === '' ? request : `${before} ${request}`;
}

const MAX_NAME_ECHO = 100;

function executeTool(call: ToolCall, offered: readonly ToolDefinition[], turn: TurnResult): ChatMessage {
  const fail = (message: string): ChatMessage => {
    turn.tool_errors.push({ round: turn.rounds, tool_call_id: call.id, name: call.function.name.slice(0, MAX_NAME_ECHO), message });
    return { role: 'tool', tool_call_id: call.id, content: JSON.stringify({ status: 'error', message }) };
  };
  const tool = offered.find((candidate) => candidate.name === call.function.name);
  if (!tool) return fail(`unknown tool ${call.function.name.slice(0, MAX_NAME_ECHO)}`);
  const args = parseArguments(call.function.arguments);
  if (!args.ok) return fail(`invalid arguments for ${tool.name}: ${args.reason}`);
  try {
    return { role: 'tool', tool_call_id: call.id, content: runMockTool(tool, args.value) };
  } catch (error) {
    return fail(`tool ${tool.name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function parseArguments(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; reason: string } {
  // Models often send "" for a tool without parameters.
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not valid JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, reason: 'expected a JSON object' };
  }
  return { ok: true, value: value as Record<string, unknown> };
}
