/**
 * Promises that wait for what the reply asks for. A reply that asks the user to confirm ("Do you
 * confirm?", "reply yes to proceed") makes every plan in it wait for that answer; a reply that
 * asks for details makes the promises after the ask wait for them ("Please provide your order
 * number. Our team will review your claim"). Such promises are `user_next_message`: they happen,
 * if at all, in the conversation's next exchange.
 */
import { cueMask, hasAnyCue } from './cues.ts';
import type { Sentence } from './text-regions.ts';

const CONFIRM_ASK_CUE = cueMask('confirm_ask');
const DETAILS_ASK_CUE = cueMask('details_ask');

export interface ReplyGate {
  /** The reply asks the user to confirm a plan. */
  asksToConfirm: boolean;
  /** Offset in the reply of the first request for details or confirmation; Infinity when none. */
  firstAsk: number;
}

const CONFIRM_ASK =
  /\b(?:do you confirm|can you confirm|could you (?:please )?confirm|please confirm|kindly confirm|confirm (?:that|if|whether|with|by|to proceed|you(?:'d| would)? like)|(?:reply|respond|answer|type|say) (?:with )?["'\u201c]?yes|\((?:yes|y)\)|yes\/no|shall i (?:proceed|go ahead|continue)|should i (?:proceed|go ahead|continue)|(?:would|do) you (?:like|want) (?:me )?to (?:proceed|go ahead|continue)|like to proceed|want to proceed|ready to proceed|(?:is|does) (?:that|this|everything) (?:look |sound )?(?:correct|right|ok|okay|good)\b[^.!]*\?|let me know if (?:you(?:'d| would)? like|this is ok|that works)[^.!?]*(?:proceed|go ahead))/i;
const DETAILS_ASK =
  /\b(?:please|kindly)\s+(?:\w+\s+)?(?:provide|share|send|let (?:me|us) know|tell|specify|give|enter|reply|respond|confirm|clarify)\b|\b(?:could|can|would|will) you (?:please |kindly )?(?:provide|share|send|let (?:me|us) know|tell|specify|give|clarify|check|verify|confirm)\b|\b(?:we|i) (?:kindly |would )?(?:request|need|require|ask for) (?:the following|some|a few|more|additional|your|you to provide)\b|\bi(?:'ll| will)? need (?:some|a few|more|additional|the|your)\b/i;
/** Questions that ask nothing of substance, and offers, are not asks for details. */
const NOT_AN_ASK = /\b(?:anything else|is there anything|can i help|would you like me to|do you want me to|want me to|shall i|should i|can i|could i|may i|how does (?:that|this) sound|does (?:that|this) help)\b/i;

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
