/**
 * What `felicity chat` does once its arguments are parsed (chat.ts defines the command): one turn
 * through the model, guarded if asked, then checked. Loaded only when the command runs, so that
 * `felicity --help` does not load the model clients or the checker.
 */
import { checkWithExplanation, formatExplanation } from '../check/index.ts';
import type { FixId } from '../benchmark/conditions.ts';
import { GUARD_ARMS } from '../benchmark/fixes/guard-arm.ts';
import { promptFixOf } from '../benchmark/turn-executor.ts';
import type { Category, LabelRecord } from '../core/types.ts';
import { guardTurn, type GuardResult } from '../guard/index.ts';
import { addUsage, type SamplingParams } from '../llm/chat-model.ts';
import { createChatModel } from '../llm/create-chat-model.ts';
import { cleanModelText, describeError, formatTranscript } from '../llm/format-turn.ts';
import { runTurn, type TurnResult } from '../llm/turn-loop.ts';
import { resolveSetup, type PersonaId, type Variant } from '../setups/index.ts';
import { EXIT, UsageError, exitCodeFor, oneLine } from './exit-codes.ts';
import { terminalSafe, terminalSafeJson } from '../check/terminal-text.ts';
import { apiKeyHint } from './api-key-hint.ts';

/** The options as commander parses them (chat.ts). */
export interface ChatFlags {
  model: string;
  setup: string;
  persona: PersonaId;
  variant: Variant;
  fix: FixId;
  context: string;
  category?: Category;
  temperature: number | null;
  maxTokens?: number;
  seed?: number;
  thinking: boolean;
  timeout: number;
  json?: true;
}

/** Where the command writes and how it fails; tests capture these instead of the process streams. */
export interface ChatIO {
  out(text: string): void;
  err(text: string): void;
  fail(code: number): void;
}

class ChatUsageError extends UsageError {}

const MAX_GUARD_CALLS = 3;

export async function runChat(request: string, options: ChatFlags, io: ChatIO): Promise<void> {
  try {
    if (request.trim() === '') throw new ChatUsageError('the request is empty');
    const deployment = await resolveSetup(options.setup);
    const model = await createChatModel(options.model, { timeoutMs: options.timeout * 1000 });
    const params: SamplingParams = { temperature: options.temperature };
    if (options.maxTokens !== undefined) params.max_tokens = options.maxTokens;
    if (options.seed !== undefined) params.seed = options.seed;
    if (!options.thinking) params.thinking = false;

    const controller = new AbortController();
    const onSigint = (): void => controller.abort();
    process.once('SIGINT', onSigint);
    let turn: TurnResult;
    let guarded: GuardResult | undefined;
    try {
      turn = await runTurn(
        model,
        { deployment, persona: options.persona, variant: options.variant, fix: promptFixOf(options.fix), context: options.context, request },
        { params, signal: controller.signal },
      );
      const policy = GUARD_ARMS[options.fix];
      if (policy !== undefined && turn.error === undefined) {
        guarded = await guardTurn({
          deployment,
          persona: options.persona,
          ...(options.category === undefined ? {} : { category: options.category }),
          messages: turn.messages,
          model,
          policy,
          params,
          signal: controller.signal,
          // Up to three guard calls (re-anchor, its reply, the rewrite), each within --timeout.
          timeoutMs: options.timeout * 1000 * MAX_GUARD_CALLS,
        });
        turn = { ...turn, messages: guarded.messages, model_calls: turn.model_calls + guarded.model_calls, usage: addUsage(turn.usage, guarded.usage) };
      }
    } finally {
      process.off('SIGINT', onSigint);
      await model.close();
    }

    const record = { id: 'chat-1', ...(options.category === undefined ? {} : { category: options.category }), ...turn, fix: options.fix, ...(guarded === undefined ? {} : { fix_steps: guarded.steps }) };
    // Everything printed holds model text: its escape codes are shown, never sent raw to the terminal.
    if (options.json) io.out(`${terminalSafeJson(JSON.stringify(record))}\n`);
    else io.out(`${terminalSafe(formatTranscript(turn))}\n`);
    if (turn.error) {
      io.err(`felicity chat: model call failed: ${terminalSafe(describeError(turn))}\n`);
      if (turn.error.kind === 'auth') io.err(`felicity chat: ${apiKeyHint(options.model)}\n`);
      io.fail(EXIT.failed);
      return;
    }
    if (guarded?.error) {
      io.err(`felicity chat: guard model call failed: ${guarded.error.kind}: ${terminalSafe(guarded.error.message)}\n`);
      io.fail(1);
      return;
    }
    if (guarded !== undefined && !options.json) io.out(`\n${terminalSafe(formatGuard(guarded))}\n`);
    if (!options.json) {
      const { label, explanation } = checkWithExplanation(record, { setup: deployment });
      io.out(`\n${terminalSafe(`${formatLabel(label)}\n${formatExplanation(label.id, explanation)}`)}\n`);
    }
  } catch (error) {
    // Bad input (spec, setup file, key, request) exits 2 as in every command; a deployment file's mistakes all show.
    const code = exitCodeFor(error);
    if (code === undefined) throw error;
    io.err(`felicity chat: ${oneLine(error as Error)}\n`);
    io.fail(code);
  }
}

function formatGuard(guarded: GuardResult): string {
  const lines = [`guard: ${guarded.reason} (${guarded.model_calls} extra model call${guarded.model_calls === 1 ? '' : 's'})`];
  if (guarded.changed) lines.push(`  draft: ${cleanModelText(guarded.steps[0]?.reply ?? '')}`);
  return lines.join('\n');
}

function formatLabel(label: LabelRecord): string {
  const lines = [`label: ${label.outcome}${label.failure ? ' (failure)' : ''}`];
  for (const c of label.commitments) {
    const anchoring = c.anchored === null ? '' : c.anchored ? ', anchored' : ', not anchored';
    const feasibility = c.feasible ? 'feasible' : `infeasible (${c.failure_types.join(', ')})`;
    lines.push(`  commitment "${cleanModelText(c.span)}": ${c.performer}, ${c.trigger_type}${c.is_offer ? ', offer' : ''} — ${feasibility}${anchoring}`);
  }
  const on = Object.entries(label.booleans).filter(([, value]) => value).map(([name]) => name);
  lines.push(`  booleans: ${on.length ? on.join(', ') : 'none'}`);
  return lines.join('\n');
}
