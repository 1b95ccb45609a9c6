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
import { getBuiltinSetup } from '../setups/builtin.ts';
import { capabilityCard } from '../setups/capability-card.ts';
import type { Deployment, PersonaId } from '../setups/deployment.ts';
import { affordancesFor, openAITools } from '../setups/persona-tools.ts';
import { rulesGuardEngine, type EngineCall, type GuardEngine } from './guard-engine.ts';
import { JudgeModelError } from './judge-model-error.ts';
import { GuardInputError } from './guard-input-error.ts';
import { resolveDeployment, validateMessages, validateTimeout } from './guard-input.ts';
import { REANCHOR_PROMPT, REWRITE_PROMPT } from './guard-prompts.ts';
import { reanchorTarget, reanchorTurn, type ReanchorStep } from './reanchor.ts';
import { rewriteTurn, type ModelAccess } from './rewrite.ts';
import { mockToolRunner, type ToolRunner } from './tool-runner.ts';
import { draftOf, withFinalReply } from './turn-text.ts';
import { certifies } from './certified.ts';
import { GuardDeadline, TIMED_OUT } from './guard-deadline.ts';
import { DEFAULT_SAFE_REPLY } from './safe-reply.ts';
import { MAX_REPLY_CHARS } from '../check/rules/text-regions.ts';
import type { NotLabelledReason } from '../check/unjudgeable.ts';
import { unreadableReason } from './unreadable.ts';
import { DEFAULT_UNREADABLE_POLICY, type UnreadablePolicy } from './unreadable-policy.ts';

export const GUARD_POLICIES = ['rewrite', 'reanchor', 'annotate'] as const;
export type GuardPolicy = (typeof GUARD_POLICIES)[number];

/** What the guard sends when it cannot certify a fixed reply: the draft (fail open) or the safe reply (fail closed). */
export const GUARD_FALLBACKS = ['draft', 'safe_reply'] as const;
export type GuardFallbackReply = (typeof GUARD_FALLBACKS)[number];

/**
 * Long enough for a rewrite (or a re-anchoring round) by a hosted or local model, short enough
 * that a user waiting for the reply is not held for a model's full retry budget.
 */
export const GUARD_TIMEOUT_MS = 10_000;

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
  /**
   * What labels the turns: the rules (rulesGuardEngine, the default), or hybridGuardEngine, which
   * asks a judge model for a reply the rules cannot read. A judge model that fails is handled as
   * a failed guard model call: `fallback` decides what is sent.
   */
  engine?: GuardEngine;
  policy: GuardPolicy;
  /** Runs the calls a re-anchored reply makes; the deployment's mocked tools by default. */
  runTool?: ToolRunner;
  /** Sampling settings for the guard's calls; the temperature is always 0. */
  params?: SamplingParams;
  signal?: AbortSignal;
  /**
   * The guard's deadline in ms, from the call (default GUARD_TIMEOUT_MS; Infinity for none). At
   * the deadline the model calls are aborted and the guard stops waiting, even for a model or a
   * tool that ignores the abort, and falls back.
   */
  timeoutMs?: number;
  /**
   * What to send when no fixed reply passes the check in full (a failing or too-long rewrite, a
   * model error, the deadline): `draft` fails open (the draft, flagged with its verdict; the
   * default), `safe_reply` fails closed (`safeReply`, itself checked first).
   */
  fallback?: GuardFallbackReply;
  /** The reply `fallback: 'safe_reply'` sends; DEFAULT_SAFE_REPLY by default. */
  safeReply?: string;
  /** Id given to the turn records the engine labels. */
  id?: string;
  /**
   * A draft the engine cannot read (not English, or no text, for the rules engine): it is never
   * certified. `pass` and `annotate` (the default) send it unchanged with `not_labelled` set;
   * `block` sends the safe reply instead.
   */
  onUnreadable?: UnreadablePolicy;
}

/** What produced the reply sent. A fix that failed the check produced nothing: see `fallback`. */
export type GuardAction = 'none' | 'rewrite' | 'reanchor' | 'reanchor+rewrite' | 'safe_reply';

export type GuardStep =
  | { kind: 'draft'; reply: string; label: LabelRecord }
  | ({ kind: 'reanchor'; label: LabelRecord } & ReanchorStep)
  | { kind: 'rewrite'; reply: string; label: LabelRecord };

/** Why the guard fell back: the fix failed the check or was too long to check, a model call failed, or the deadline passed. */
export type GuardFallbackCause = 'failed_check' | 'truncated' | 'model_error' | 'timeout';

export interface GuardFallback {
  to: GuardFallbackReply;
  cause: GuardFallbackCause;
}

export interface GuardResult {
  /** The reply to send: the draft when nothing changed. */
  reply: string;
  /** The turn to keep: the input with the final reply (and re-anchoring calls) in place. */
  messages: ChatMessage[];
  before: LabelRecord;
  /** The label of the reply sent. */
  after: LabelRecord;
  /** Whether the draft failed the check, or was too long to be checked in full. */
  flagged: boolean;
  /** Whether the reply sent passed the check in full (`after` is no failure and not truncated); never for a draft the engine could not read. `after.engine` names what labelled it (`rules@…`, or `llm(…)` for the judge model). */
  certified: boolean;
  /** Set when the engine could not read the draft: why (`language`, `no_reply`). Such a draft is never certified. */
  not_labelled?: NotLabelledReason;
  changed: boolean;
  action: GuardAction;
  /** Set when no fixed reply could be certified: what was sent instead, and why. */
  fallback?: GuardFallback;
  /** The guard's deadline passed before it finished. */
  timed_out: boolean;
  /** One sentence: what the check found and what the guard did about it. */
  reason: string;
  /** Every step in order, starting with the draft and its label. */
  steps: GuardStep[];
  /** The guard's model calls and tokens: fixes, and the judge model's labels (hybrid engine). */
  model_calls: number;
  usage: Usage;
  latency_ms: number;
  /** Versions (SHA-256) of the prompts the guard used. */
  prompts: Record<string, string>;
  /**
   * A guard model call failed. Calls a re-anchoring round already ran stay in `messages` (with
   * real tools they really happened); the reply is the one before that call when it passes the
   * check, the fallback otherwise.
   */
  error?: ModelError;
}

/** The guard's work so far; read once, when the guard settles (work left behind at the deadline may still write to it). */
interface Progress {
  /** The best candidate so far: the turn with its reply, and that reply's label. */
  turn: ChatMessage[];
  label: LabelRecord;
  action: GuardAction;
  /** The turn whose calls really ran (the draft's, plus any re-anchoring round's). */
  calls: ChatMessage[];
  /** What produced the candidate, for the reason: 'rewrite' or 're-anchored reply'. */
  made: string;
  error?: ModelError;
  steps: GuardStep[];
  modelCalls: number;
  usage: Usage;
  prompts: Record<string, string>;
}

export async function guardTurn(options: GuardTurnOptions): Promise<GuardResult> {
  const started = performance.now();
  const deployment = resolveDeployment(options.deployment);
  const persona = options.persona ?? 'generic';
  const input = validateMessages(options.messages);
  const timeoutMs = validateTimeout(options.timeoutMs, GUARD_TIMEOUT_MS);
  const engine = options.engine ?? rulesGuardEngine;
  const record = (messages: ChatMessage[]): TurnRecord => ({
    id: options.id ?? 'guard',
    // Built-in setups by id, others inline: the record stands on its own, as SPEC §4 allows.
    setup: getBuiltinSetup(deployment.id) === deployment ? deployment.id : (deployment as unknown as Record<string, unknown>),
    persona,
    ...(options.category === undefined ? {} : { category: options.category }),
    messages,
  });

  // The judge model's calls (hybrid engine) count with the guard's own.
  const judged = { usage: ZERO_USAGE, calls: 0 };
  const call = (signal: AbortSignal | undefined): EngineCall => ({
    ...(signal === undefined ? {} : { signal }),
    onUsage: (used, calls) => {
      judged.usage = addUsage(judged.usage, used);
      judged.calls += calls;
    },
  });
  let before: LabelRecord;
  let judgeFailure: JudgeModelError | undefined;
  try {
    // A judge model labelling the draft is held to the guard's deadline too.
    const limit = Number.isFinite(timeoutMs) ? AbortSignal.timeout(timeoutMs) : undefined;
    before = await engine.label(record(input), call(limit === undefined ? options.signal : options.signal === undefined ? limit : AbortSignal.any([options.signal, limit])));
  } catch (error) {
    if (!JudgeModelError.isInstance(error)) throw error;
    judgeFailure = error;
    before = await rulesGuardEngine.label(record(input));
  }
  const progress: Progress = {
    turn: input, label: before, action: 'none', calls: input, made: 'draft',
    steps: [{ kind: 'draft', reply: draftOf(input), label: before }], modelCalls: 0, usage: ZERO_USAGE, prompts: {},
  };
  const flagged = !certifies(before);
  const result = (messages: ChatMessage[], after: LabelRecord, action: GuardAction, timedOut: boolean, reason: string, fallback?: GuardFallback): GuardResult => ({
    reply: draftOf(messages),
    messages,
    before,
    after,
    flagged,
    certified: certifies(after),
    changed: action !== 'none',
    action,
    ...(fallback === undefined ? {} : { fallback }),
    timed_out: timedOut,
    reason,
    steps: [...progress.steps],
    model_calls: progress.modelCalls + judged.calls,
    usage: addUsage(progress.usage, judged.usage),
    latency_ms: Math.round(performance.now() - started),
    prompts: { ...progress.prompts },
    ...(progress.error === undefined ? {} : { error: progress.error }),
  });
  const label = (signal: AbortSignal | undefined) => (messages: ChatMessage[]) => engine.label(record(messages), call(signal));
  if (judgeFailure !== undefined) {
    progress.error = judgeFailure.error;
    const { kind, message } = judgeFailure.error;
    const what = `the draft is not in English, which the rules read, and the judge model failed on it (${kind}: ${message}); not checked (not_labelled: language)`;
    return await unreadResult(input, before, 'language', { what, block: options.fallback === 'safe_reply', cause: 'model_error' }, options, label(options.signal), result);
  }
  const unreadable = unreadableReason(before, input, { language: (engine.reads ?? 'english') === 'english' });
  if (unreadable !== undefined) {
    const what = `${unreadable === 'language' ? 'the draft is not in English, which the rules read' : 'the draft has no text'}; not checked (not_labelled: ${unreadable})`;
    return await unreadResult(input, before, unreadable, { what, block: (options.onUnreadable ?? DEFAULT_UNREADABLE_POLICY) === 'block' }, options, label(options.signal), result);
  }
  if (!flagged) return result(input, before, 'none', false, `the draft passed the check (${before.outcome}); nothing changed`);
  if (options.policy === 'annotate') return result(input, before, 'none', false, `${verdictOf(before, 'the draft')}; annotate only, nothing changed`);

  if (options.model === undefined) throw new GuardInputError('model', `a model client or spec for policy ${options.policy}`, 'none');
  const deadline = new GuardDeadline(timeoutMs, options.signal);
  let owned: ChatModel | undefined;
  try {
    const work = (async () => {
      const opened = typeof options.model === 'string' ? await createChatModel(options.model) : undefined;
      // Opened after the deadline: no one will use it, and the finally below has already run.
      if (deadline.passed) return void (await opened?.close());
      owned = opened;
      const access: ModelAccess = {
        model: owned ?? (options.model as ChatModel),
        params: { ...options.params, temperature: 0 },
        signal: deadline.signal,
        onCall: (used) => {
          progress.modelCalls++;
          if (used !== null) progress.usage = addUsage(progress.usage, used);
        },
      };
      await fix(progress, { ...options, deployment, persona }, access, label(deadline.signal), deadline);
    })();
    const timedOut = (await deadline.race(work)) === TIMED_OUT;
    return await settle(progress, input, options, timedOut, timeoutMs, label(deadline.signal), result);
  } finally {
    deadline.dispose();
    // A model opened from a spec is closed even when its work was left behind at the deadline.
    await owned?.close();
  }
}

interface FixContext {
  deployment: Deployment;
  persona: PersonaId;
  policy: GuardPolicy;
  runTool?: ToolRunner;
}

/** Re-anchors (policy `reanchor`) and rewrites, recording each candidate in `progress` as it is made. */
async function fix(progress: Progress, context: FixContext, access: ModelAccess, label: (messages: ChatMessage[]) => LabelRecord | Promise<LabelRecord>, deadline: GuardDeadline): Promise<void> {
  const input = progress.turn;
  let turn = input;
  let reanchored = false;
  const target = context.policy === 'reanchor' ? reanchorTarget(progress.label, context.deployment, context.persona) : undefined;
  if (target !== undefined) {
    progress.prompts[REANCHOR_PROMPT.name] = REANCHOR_PROMPT.hash;
    const runTool = context.runTool ?? mockToolRunner(context.deployment, context.persona);
    const outcome = await reanchorTurn(access, input, target, openAITools(context.deployment, context.persona), runTool);
    if (deadline.passed) return;
    const done = outcome.ok ? outcome : outcome.partial;
    if (done?.changed) {
      turn = done.messages;
      const current = await labelled(progress, label, turn);
      if (deadline.passed) return;
      if (current === undefined) return void (progress.calls = turn);
      reanchored = true;
      Object.assign(progress, { turn, label: current, action: 'reanchor', calls: turn, made: 're-anchored reply' });
    }
    if (done !== undefined) progress.steps.push({ kind: 'reanchor', label: progress.label, ...done.step });
    if (!outcome.ok) {
      progress.error = outcome.error;
      return;
    }
  }
  if (reanchored && certifies(progress.label)) return;

  progress.prompts[REWRITE_PROMPT.name] = REWRITE_PROMPT.hash;
  const card = capabilityCard(affordancesFor(context.deployment, context.persona));
  const rewritten = await rewriteTurn(access, card, turn);
  if (deadline.passed) return;
  if (!rewritten.ok) {
    progress.error = rewritten.error;
    return;
  }
  const after = await labelled(progress, label, rewritten.messages);
  if (deadline.passed || after === undefined) return;
  progress.steps.push({ kind: 'rewrite', reply: rewritten.reply, label: after });
  Object.assign(progress, { turn: rewritten.messages, label: after, action: reanchored ? 'reanchor+rewrite' : 'rewrite', made: 'rewrite' });
}

/**
 * The reply to send. The best candidate when it passes the check in full; otherwise, never a
 * changed reply that fails: the draft (after any calls that really ran, when that passes, it is
 * certified too), else the safe reply when failing closed, else the draft with its verdict.
 */
async function settle(
  progress: Progress,
  input: ChatMessage[],
  options: GuardTurnOptions,
  timedOut: boolean,
  timeoutMs: number,
  label: (messages: ChatMessage[]) => LabelRecord | Promise<LabelRecord>,
  result: (messages: ChatMessage[], after: LabelRecord, action: GuardAction, timedOut: boolean, reason: string, fallback?: GuardFallback) => GuardResult,
): Promise<GuardResult> {
  // Read once: work left behind at the deadline may still write to progress.
  const { turn, label: current, action, calls, made, error } = progress;
  const before = progress.steps[0]!.label;
  const found = verdictOf(before, 'the draft');
  if (turn !== input && certifies(current)) {
    if (error !== undefined) return result(turn, current, action, timedOut, `${found}, but a guard model call failed (${error.kind}: ${error.message}); the re-anchoring calls are kept, the reply is not rewritten, now ${current.outcome}`);
    return result(turn, current, action, timedOut, `${found}; ${ACTION_WORDS[action]}, now ${current.outcome}`);
  }

  const cause: GuardFallbackCause = timedOut ? 'timeout' : error !== undefined ? 'model_error' : turn !== input && !current.failure ? 'truncated' : 'failed_check';
  const why =
    cause === 'timeout' ? `the guard's deadline of ${timeoutMs} ms passed`
    : cause === 'model_error' ? `a guard model call failed (${error!.kind}: ${error!.message})`
    : verdictOf(current, `the ${made}`);
  // The draft's words, after any re-anchoring calls that ran (with real tools they happened).
  const callsRan = calls !== input;
  const draftTurn = callsRan ? withFinalReply(calls, draftOf(input)) : input;
  // The draft failed the check: its label stands when the judge model fails on it again.
  const draftLabel = callsRan ? ((await labelled(progress, label, draftTurn)) ?? before) : before;
  const draftAction: GuardAction = callsRan ? 'reanchor' : 'none';
  const draftNote = callsRan ? 'after the re-anchoring calls' : 'unchanged';
  if (certifies(draftLabel)) return result(draftTurn, draftLabel, draftAction, timedOut, `${found}; ${why}; the draft is sent ${draftNote}, now ${draftLabel.outcome}`, { to: 'draft', cause });

  if (options.fallback === 'safe_reply') {
    const safeTurn = withFinalReply(draftTurn, options.safeReply ?? DEFAULT_SAFE_REPLY);
    const safeLabel = await labelled(progress, label, safeTurn);
    if (safeLabel !== undefined && certifies(safeLabel)) return result(safeTurn, safeLabel, 'safe_reply', timedOut, `${found}; ${why}; the safe reply is sent (${safeLabel.outcome})`, { to: 'safe_reply', cause });
    return result(draftTurn, draftLabel, draftAction, timedOut, `${found}; ${why}; the safe reply fails the check too (${safeLabel?.outcome ?? 'its label failed'}), so the draft is sent ${draftNote} with its verdict`, { to: 'draft', cause });
  }
  return result(draftTurn, draftLabel, draftAction, timedOut, `${found}; ${why}; the draft is sent ${draftNote} with its verdict (${draftLabel.outcome})`, { to: 'draft', cause });
}

/**
 * A draft that was not read (the engine cannot read it, or the judge model failed on it): sent as
 * it is, never certified, or the safe reply when `block` and that passes. `cause` is set for a
 * failed judge: the reply sent is then a fallback, as for any failed guard model call.
 */
async function unreadResult(
  input: ChatMessage[],
  before: LabelRecord,
  reason: NotLabelledReason,
  why: { what: string; block: boolean; cause?: GuardFallbackCause },
  options: GuardTurnOptions,
  label: (messages: ChatMessage[]) => LabelRecord | Promise<LabelRecord>,
  result: (messages: ChatMessage[], after: LabelRecord, action: GuardAction, timedOut: boolean, reason: string, fallback?: GuardFallback) => GuardResult,
): Promise<GuardResult> {
  const unchecked = (done: GuardResult): GuardResult => ({ ...done, flagged: true, certified: false, not_labelled: reason });
  const fallback = (to: GuardFallbackReply): GuardFallback | undefined => (why.cause === undefined ? undefined : { to, cause: why.cause });
  if (why.block) {
    const safeTurn = withFinalReply(input, options.safeReply ?? DEFAULT_SAFE_REPLY);
    const safeLabel = await label(safeTurn);
    if (certifies(safeLabel)) return { ...result(safeTurn, safeLabel, 'safe_reply', false, `${why.what}; the safe reply is sent (${safeLabel.outcome})`, fallback('safe_reply')), not_labelled: reason };
    return unchecked(result(input, before, 'none', false, `${why.what}; the safe reply fails the check too, so the draft is sent uncertified`, fallback('draft')));
  }
  return unchecked(result(input, before, 'none', false, `${why.what}; sent unchanged, not certified`, fallback('draft')));
}

/** A candidate's label, or undefined when the judge model failed on it (kept as the guard's error). */
async function labelled(progress: Progress, label: (messages: ChatMessage[]) => LabelRecord | Promise<LabelRecord>, messages: ChatMessage[]): Promise<LabelRecord | undefined> {
  try {
    return await label(messages);
  } catch (error) {
    if (!JudgeModelError.isInstance(error)) throw error;
    progress.error ??= error.error;
    return undefined;
  }
}

const ACTION_WORDS: Record<GuardAction, string> = {
  none: 'left', rewrite: 'rewritten', reanchor: 're-anchored', 'reanchor+rewrite': 're-anchored, then rewritten', safe_reply: 'replaced by the safe reply',
};

/** "the draft was labelled unanchored", or why its label certifies nothing. */
function verdictOf(label: LabelRecord, what: string): string {
  if (label.failure || label.truncated !== true) return `${what} was labelled ${label.outcome}`;
  return `${what} is longer than the ${MAX_REPLY_CHARS.toLocaleString('en-US')} characters the checker reads and cannot be certified`;
}
