/** What `guardTurn` checks of its input before any work: the deadline, the deployment, the turn. */
import type { ChatMessage } from '../core/types.ts';
import { getBuiltinSetup, SETUP_IDS } from '../setups/builtin.ts';
import type { Deployment } from '../setups/deployment.ts';
import { GuardInputError } from './guard-input-error.ts';

export function validateTimeout(value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || Number.isNaN(value) || value <= 0) throw new GuardInputError('timeoutMs', 'a number of milliseconds above 0, or Infinity', String(value));
  return value;
}

export function resolveDeployment(value: Deployment | string): Deployment {
  if (typeof value !== 'string') return value;
  const builtin = getBuiltinSetup(value);
  if (!builtin) throw new GuardInputError('deployment', `a built-in setup (${SETUP_IDS.join(', ')}) or a deployment`, JSON.stringify(value));
  return builtin;
}

export function validateMessages(messages: readonly ChatMessage[]): ChatMessage[] {
  if (!Array.isArray(messages) || messages.length === 0) throw new GuardInputError('messages', 'a non-empty list of chat messages', String(messages));
  if (!messages.some((m) => m.role === 'user')) throw new GuardInputError('messages', 'a user message before the draft', 'none');
  const last = messages.at(-1)!;
  if (last.role !== 'assistant' || (last.tool_calls?.length ?? 0) > 0) {
    throw new GuardInputError(`messages[${messages.length - 1}]`, 'the draft reply: an assistant message without tool calls', last.role === 'assistant' ? 'an assistant message with tool calls' : `a ${last.role} message`);
  }
  return [...messages];
}
