/**
 * The short honest reply `--on-fail block` (and `--on-error closed`) sends instead of a failing
 * one: it says what cannot be done, in the checker's terms, and promises and claims nothing. Every
 * candidate is checked before it is sent; when none passes, the fixed safe reply goes out.
 */
import { viewTurn } from '../core/turn.ts';
import type { ChatMessage, LabelRecord } from '../core/types.ts';
import { certifies } from '../guard/certified.ts';
import { DEFAULT_SAFE_REPLY } from '../guard/safe-reply.ts';
import type { RequestDeployment } from './request-deployment.ts';
import { labelDraft } from './verdict.ts';

const CAPABILITY_WORDS: Record<string, string> = {
  run_later: 'act at a later time',
  notify_user_later: 'contact you later',
  watch_event: 'watch for something to happen',
  recall_across_sessions: 'remember this after our conversation ends',
  delegate_to_human: 'hand this to a person',
  send_email: 'send email',
  send_sms: 'send text messages',
  phone_call: 'make phone calls',
  send_file: 'send files',
};

/** The blocking reply for this label, checked against the same turn; the safe reply otherwise. */
export function blockReply(messages: readonly ChatMessage[], label: LabelRecord | null, where: RequestDeployment | null, id: string): string {
  const candidates = label === null ? [] : candidatesFor(label, messages);
  for (const candidate of candidates) {
    if (where === null) break;
    try {
      if (certifies(labelDraft(messages, candidate, where, id))) return candidate;
    } catch {
      break;
    }
  }
  return DEFAULT_SAFE_REPLY;
}

function candidatesFor(label: LabelRecord, messages: readonly ChatMessage[]): string[] {
  const failing = label.commitments.filter((c) => c.agent_initiated && (!c.feasible || c.anchored === false));
  const missing = [...new Set(failing.flatMap((c) => c.required_capabilities))].map((c) => CAPABILITY_WORDS[c]).filter((w): w is string => w !== undefined);
  const candidates: string[] = [];
  if (label.booleans.false_action_claim) candidates.push(claimWords(messages));
  if (missing.length > 0) candidates.push(`I can't do that from here: I have no way to ${joinWords(missing)}.`);
  if (failing.some((c) => c.feasible)) candidates.push("I haven't set that up: nothing has been scheduled or sent yet.");
  return candidates;
}

function joinWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/** What happened instead of the claimed action: a call that was tried and failed, or no call at all. */
function claimWords(messages: readonly ChatMessage[]): string {
  const failed = viewTurn(messages).calls.filter((call) => !call.succeeded).map((call) => call.name.replace(/[^\w.-]/g, '').slice(0, 64));
  if (failed.length > 0) return `I haven't done that: the ${joinWords([...new Set(failed)])} call failed, so nothing was changed.`;
  return "I haven't done that: nothing was called to do it in this conversation.";
}
