/**
 * Fix C, detect and rewrite (paper §4): the same model rewrites a flagged reply at temperature 0
 * from the rewrite prompt; the turn's tool calls stay as they were, only the final reply changes.
 */
import type { ChatMessage } from '../core/types.ts';
import type { ChatModel, SamplingParams, Usage } from '../llm/chat-model.ts';
import type { ModelError } from '../llm/model-error.ts';
import { fillPrompt, REWRITE_PROMPT } from './guard-prompts.ts';
import { bounded, draftOf, MAX_DRAFT_CHARS, toolActivity, userMessageOf, withFinalReply } from './turn-text.ts';

/** A failed step may already have run tool calls: `partial` is the turn with them, when it has. */
export type StepOutcome<T> = ({ ok: true } & T) | { ok: false; error: ModelError; partial?: T };

export interface ModelAccess {
  model: ChatModel;
  /** Temperature already 0. */
  params: SamplingParams;
  signal?: AbortSignal;
  /** Called once per model request with its usage (zero for a failed one). */
  onCall(usage: Usage | null): void;
}

function rewritePrompt(card: string, messages: readonly ChatMessage[]): string {
  return fillPrompt(REWRITE_PROMPT, {
    setup_card: card,
    user_message: userMessageOf(messages),
    tool_activity: toolActivity(messages),
    draft: bounded(draftOf(messages), MAX_DRAFT_CHARS),
  });
}

/** Returns the turn with the rewritten reply in place of the draft. */
export async function rewriteTurn(
  access: ModelAccess,
  card: string,
  messages: readonly ChatMessage[],
): Promise<StepOutcome<{ messages: ChatMessage[]; reply: string }>> {
  const result = await access.model.complete(
    { messages: [{ role: 'user', content: rewritePrompt(card, messages) }], params: access.params },
    access.signal,
  );
  access.onCall(result.ok ? result.usage : null);
  if (!result.ok) return { ok: false, error: result.error };
  const reply = cleanRewrite(typeof result.message.content === 'string' ? result.message.content : '');
  if (reply === '') return { ok: false, error: { kind: 'bad_response', status: null, message: 'the rewrite came back empty', attempts: 1 } };
  return { ok: true, messages: withFinalReply(messages, reply), reply };
}

/** Models sometimes wrap the answer in quotes despite the prompt; one matching pair is removed. */
function cleanRewrite(text: string): string {
  const trimmed = text.trim();
  const quoted = /^(["“])([\s\S]*)(["”])$/.exec(trimmed);
  if (quoted && !quoted[2]!.includes(quoted[1]!)) return quoted[2]!.trim();
  return trimmed;
}
