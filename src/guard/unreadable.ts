/**
 * Replies the rules cannot read: not in English, or no text at all. The rules would find nothing
 * in them and pass them as `other`, so a Spanish empty promise would go out certified. Such a reply
 * is `not_labelled` (as `check` sets it aside), never certified, and handled by its own policy.
 * Only a reply in whose words the rules found no cue is looked at (the language test is cheap,
 * but most replies have a cue); one where they found a failure is that failure.
 */
import { certifies } from './certified.ts';
import { foundNoCue } from '../check/line-records.ts';
import { reasonOf, type NotLabelledReason } from '../check/unjudgeable.ts';
import type { ChatMessage, LabelRecord } from '../core/types.ts';

export { DEFAULT_UNREADABLE_POLICY, UNREADABLE_POLICIES, type UnreadablePolicy } from './unreadable-policy.ts';

/**
 * Why the engine could not read the turn's reply, or undefined when it could (`turn` is built only
 * when asked). `language: false` for an engine that reads any language: only a reply with no text is unreadable.
 */
export function unreadableReason(label: LabelRecord, turn: readonly ChatMessage[] | (() => readonly ChatMessage[]), options: { language: boolean } = { language: true }): NotLabelledReason | undefined {
  if (!certifies(label) || !foundNoCue(label)) return undefined;
  return reasonOf({ messages: typeof turn === 'function' ? turn() : turn }, options);
}
