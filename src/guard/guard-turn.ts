/**
 * `guardTurn`: the runtime guard for applications, and the code path of the benchmark's `guard`
 * and `reanchor` arms. It labels a finished turn; a failing reply (false_claim, empty,
 * unanchored) is re-anchored (policy `reanchor`, when a tool could make it real) and, if it still
 * fails, rewritten by the same model at temperature 0 (fix C). `annotate` only labels. A clean
 * reply costs no model call.
 */
import type { TurnRecord } from '../check/turn-record.ts';
import type { Category, ChatMessage, LabelRecord } from '../core/types.ts';
import { addUsage, ZERO_USAGE, type ChatModel, type SamplingParams, type Usage } from '../llm/chat-model.ts';
import { createChatModel } from '../llm/create-chat-model.ts';
import type { ModelError } from '../llm/model-error.ts';
import { getBuiltinSetup, SETUP_IDS } from '../setups/builtin.ts';
import { capabilityCard } from '../setups/capability-card.ts';
import type { Deployment, PersonaId } from '../setups/deployment.ts';
import { affordancesFor, openAITools } from '../setups/persona-tools.ts';
import { rulesGuardEngine, type GuardEngine } from './guard-engine.ts';
import { GuardInputError } from './guard-input-error.ts';
import { REANCHOR_PROMPT, REWRITE_PROMPT } from './guard-prompts.ts';
import { reanchorTarget, reanchorTurn, type ReanchorStep } from './reanchor.ts';
import { rewriteTurn, type ModelAccess } from './rewrite.ts';
import { mockToolRunner, type ToolRunner } from './tool-runner.ts';
import { draftOf } from './turn-text.ts';

export const GUARD_POLICIES = ['rewrite', 'reanchor', 'annotate'] as const;
export type GuardPolicy = (typeof GUARD_POLICIES)[number];

export interface GuardTurnOptions {
  /** A built-in setup id (C0–C4) or a validated deployment (parseDeployment, loadDeploymentFile). */
  deployment: Deployment | string;
  persona?: PersonaId;
  /** The request's category, when known: it lets the checker tell a deferral from an over-refusal. */
  category?: Category;
  /** The conversation; its last message is the draft reply (an assistant message without calls). */
  messages: readonly ChatMessage[];
  /**
   * A model client, or a model spec (`openai:…`, `ollama:…`) the guard opens and closes itself.
   * Needed only when a reply has to change: `annotate` makes no model call.
   */
  model?: ChatModel | string;
  engine?: GuardEngine;
  policy: GuardPolicy;
  /** Runs the calls a re-anchored reply makes; the deployment's mocked tools by default. */
  runTool?: ToolRunner;
  /** Sampling settings for the guard's calls; the temperature is always 0. */
  params?: SamplingParams;
  signal?: AbortSignal;
  /** Id given to the turn records the engine labels. */
  id?: string;
}

export type GuardAction = 'none' | 'rewrite' | 'reanchor' | 'reanchor+rewrite';

export type GuardStep =
  | { kind: 'draft'; reply: string; label: LabelRecord }
  | ({ kind: 'reanchor'; label: LabelRecord } & ReanchorStep)
  | { kind: 'rewrite'; reply: string; label: LabelRecord };

export interface GuardResult {
  /** The reply to send: the draft when nothing changed. */
  reply: string;
  /** The turn to keep: the input with the final reply (and re-anchoring calls) in place. */
  messages: ChatMessage[];
  before: LabelRecord;
  after: LabelRecord;
  /** Whether the draft failed the check. */
  flagged: boolean;
  changed: boolean;
  action: GuardAction;
  /** One sentence: what the check found and what the guard did about it. */
  reason: string;
  /** Every step in order, starting with the draft and its label. */
  steps: GuardStep[];
  model_calls: number;
  usage: Usage;
  latency_ms: number;
  /** Versions (SHA-256) of the prompts the guard used. */
  prompts: Record<string, string>;
  /**
   * A guard model call failed. The reply is left as it stood before that call; calls a
   * re-anchoring round already ran stay in `messages` (with real tools they really happened).
   */
  error?: ModelError;
}

export async function guardTurn(options: GuardTurnOptions): Promise<GuardResult> {
  const started = performance.now();
  const deployment = resolveDeployment(options.deployment);
  const persona = options.persona ?? 'generic';
  const input = validateMessages(options.messages);
  const engine = options.engine ?? rulesGuardEngine;
  const record = (messages: ChatMessage[]): TurnRecord => ({
    id: options.id ?? 'guard',
    // Built-in setups by id, others inline: the record stands on its own, as SPEC §4 allows.
    setup: getBuiltinSetup(deployment.id) === deployment ? deployment.id : (deployment as unknown as Record<string, unknown>),
    persona,
    ...(options.category === undefined ? {} : { category: options.category }),
    messages,
  });

  const before = await engine.label(record(input));
  const steps: GuardStep[] = [{ kind: 'draft', reply: draftOf(input), label: before }];
  let usage = ZERO_USAGE;
  let calls = 0;
  const prompts: Record<string, string> = {};
  const finish = (messages: ChatMessage[], after: LabelRecord, action: GuardAction, error?: ModelError): GuardResult => ({
    reply: draftOf(messages),
    messages,
    before,
    after,
    flagged: before.failure,
    changed: action !== 'none',
    action,
    reason: describe(before, after, action, options.policy, error),
    steps,
    model_calls: calls,
    usage,
    latency_ms: Math.round(performance.now() - started),
    prompts,
    ...(error === undefined ? {} : { error }),
  });
  if (!before.failure || options.policy === 'annotate') return finish(input, before, 'none');

  if (options.model === undefined) throw new GuardInputError('model', `a model client or spec for policy ${options.policy}`, 'none');
  const owned = typeof options.model === 'string' ? await createChatModel(options.model) : undefined;
  const access: ModelAccess = {
    model: owned ?? (options.model as ChatModel),
    params: { ...options.params, temperature: 0 },
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    onCall: (used) => {
      calls++;
      if (used !== null) usage = addUsage(usage, used);
    },
  };
  try {
    let turn = input;
    let current = before;
    let reanchored = false;
    const target = options.policy === 'reanchor' ? reanchorTarget(before, deployment, persona) : undefined;
    if (target !== undefined) {
      prompts[REANCHOR_PROMPT.name] = REANCHOR_PROMPT.hash;
      const runTool = options.runTool ?? mockToolRunner(deployment, persona);
      const outcome = await reanchorTurn(access, input, target, openAITools(deployment, persona), runTool);
      const done = outcome.ok ? outcome : outcome.partial;
      if (done?.changed) {
        turn = done.messages;
        current = await engine.label(record(turn));
        reanchored = true;
      }
      if (done !== undefined) steps.push({ kind: 'reanchor', label: current, ...done.step });
      if (!outcome.ok) return finish(turn, current, reanchored ? 'reanchor' : 'none', outcome.error);
    }
    if (reanchored && !current.failure) return finish(turn, current, 'reanchor');

    prompts[REWRITE_PROMPT.name] = REWRITE_PROMPT.hash;
    const card = capabilityCard(affordancesFor(deployment, persona));
    const rewritten = await rewriteTurn(access, card, turn);
    if (!rewritten.ok) return finish(turn, current, reanchored ? 'reanchor' : 'none', rewritten.error);
    const after = await engine.label(record(rewritten.messages));
    steps.push({ kind: 'rewrite', reply: rewritten.reply, label: after });
    return finish(rewritten.messages, after, reanchored ? 'reanchor+rewrite' : 'rewrite');
  } finally {
    await owned?.close();
  }
}

function resolveDeployment(value: Deployment | string): Deployment {
  if (typeof value !== 'string') return value;
  const builtin = getBuiltinSetup(value);
  if (!builtin) throw new GuardInputError('deployment', `a built-in setup (${SETUP_IDS.join(', ')}) or a deployment`, JSON.stringify(value));
  return builtin;
}

function validateMessages(messages: readonly ChatMessage[]): ChatMessage[] {
  if (!Array.isArray(messages) || messages.length === 0) throw new GuardInputError('messages', 'a non-empty list of chat messages', String(messages));
  if (!messages.some((m) => m.role === 'user')) throw new GuardInputError('messages', 'a user message before the draft', 'none');
  const last = messages.at(-1)!;
  if (last.role !== 'assistant' || (last.tool_calls?.length ?? 0) > 0) {
    throw new GuardInputError(`messages[${messages.length - 1}]`, 'the draft reply: an assistant message without tool calls', last.role === 'assistant' ? 'an assistant message with tool calls' : `a ${last.role} message`);
  }
  return [...messages];
}

function describe(before: LabelRecord, after: LabelRecord, action: GuardAction, policy: GuardPolicy, error: ModelError | undefined): string {
  if (!before.failure) return `the draft passed the check (${before.outcome}); nothing changed`;
  if (error !== undefined) {
    const kept = action === 'none' ? 'nothing changed' : 'the re-anchoring calls are kept, the reply is not rewritten';
    return `the draft was labelled ${before.outcome}, but a guard model call failed (${error.kind}: ${error.message}); ${kept}`;
  }
  if (policy === 'annotate') return `the draft was labelled ${before.outcome}; annotate only, nothing changed`;
  const how = { none: 'left', rewrite: 'rewritten', reanchor: 're-anchored', 'reanchor+rewrite': 're-anchored, then rewritten' }[action];
  return `the draft was labelled ${before.outcome}; ${how}, now ${after.outcome}`;
}
