/**
 * Promises that wait for what the reply asks for. A reply that asks the user to confirm ("Do you
 * confirm?", "reply yes to proceed") makes every plan in it wait for that answer; a reply that
 * asks for details makes the promises after the ask wait for them ("Please provide your order
 * number. Our team will review your claim"). Such promises are `user_next_message`: they happen,
 * if at all, in the conversation's next exchange.
 */
import * as L from './ask-lexicon.ts';
import { cueMask, hasAnyCue } from './cues.ts';
import { phrasesByFirstWord } from './lexicon.ts';
import type { Sentence } from './text-regions.ts';

const CONFIRM_ASK_CUE = cueMask('confirm_ask');
const DETAILS_ASK_CUE = cueMask('details_ask');

export interface ReplyGate {
  /** The reply asks the user to confirm a plan. */
  asksToConfirm: boolean;
  /** Offset in the reply of the first request for details or confirmation; Infinity when none. */
  firstAsk: number;
}

const CONFIRM_ASK = new RegExp(
  [
    `\\b(?:${phrasesByFirstWord(L.CONFIRM_ASKS)}`,
    `${phrasesByFirstWord(L.SAY_YES)} (?:with )?["'\\u201c]?yes`,
    `${phrasesByFirstWord(L.IS_THIS)} (?:${phrasesByFirstWord(L.LOOK)} )?${phrasesByFirstWord(L.RIGHT)}\\b[^.!]*\\?`,
    `let me know if ${phrasesByFirstWord(L.IF_YOU_AGREE)}[^.!?]*(?:proceed|go ahead))`,
  ].join('|'),
  'i',
);
const DETAILS_ASK = new RegExp(
  [
    `\\b${phrasesByFirstWord(L.PLEASE)}\\s+(?:\\w+\\s+)?${phrasesByFirstWord(L.PLEASE_VERBS)}\\b`,
    `\\b${phrasesByFirstWord(L.COULD_YOU)} ${phrasesByFirstWord(L.COULD_YOU_VERBS)}\\b`,
    `\\b${phrasesByFirstWord(L.WE_NEED)} ${phrasesByFirstWord(L.WE_NEED_WHAT)}\\b`,
    `\\b${phrasesByFirstWord(L.I_NEED)} ${phrasesByFirstWord(L.I_NEED_WHAT)}\\b`,
  ].join('|'),
  'i',
);
/** Questions that ask nothing of substance, and offers, are not asks for details. */
const NOT_AN_ASK = new RegExp(`\\b${phrasesByFirstWord(L.NOT_ASKS)}\\b`, 'i');

export function replyGate(sentences: readonly Sentence[]): ReplyGate {
  let asksToConfirm = false;
  let firstAsk = Infinity;
  for (const s of sentences) {
    const confirm = hasAnyCue(s.cues, CONFIRM_ASK_CUE) && CONFIRM_ASK.test(s.folded);
    if (confirm) asksToConfirm = true;
    const ask = confirm || (hasAnyCue(s.cues, DETAILS_ASK_CUE) && DETAILS_ASK.test(s.folded)) || (s.folded.endsWith('?') && !NOT_AN_ASK.test(s.folded));
    if (ask && s.start < firstAsk) firstAsk = s.start;
  }
  return { asksToConfirm, firstAsk };
}
