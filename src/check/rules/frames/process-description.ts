import { isSpaceCode } from '../char-codes.ts';
import { cueMask, hasAnyCue } from '../cues.ts';
import { phrasesByFirstWord } from '../lexicon.ts';
import * as L from './frame-lexicon.ts';
import type { Frame, Region } from './frame.ts';
import type { Sentence } from '../text-regions.ts';
import { FUTURE, hasFixedTime, sentenceRegion } from './sentence-frames.ts';

const CHANNEL_VERB = phrasesByFirstWord(L.CHANNEL_VERBS);
const CHANNEL = `(?:${phrasesByFirstWord(L.CHANNELS)}|\\{\\{[^}]+\\}\\})`;
/** The user is sent to act through another channel: "Contact our support team at {{Phone}}", "Submit the form". */
const HAND_BACK = new RegExp(
  `(?:^|[.!:;,]\\s+|\\n)[*_\\s]*(?:\\d+[.)]\\s*|[-*\\u2022]\\s*)?(?:(?:${phrasesByFirstWord(L.HAND_BACK_LEADS)}|(?:i|we) (?:would )?(?:kindly )?${phrasesByFirstWord(L.URGE_VERBS)} (?:that )?you(?: to)?)\\s+)*${CHANNEL_VERB}\\b[^.!?]{0,100}?\\b${CHANNEL}\\b`,
  'i',
);
/** "I suggest visiting our website or contacting our support team": a hand-back in the gerund. */
const HAND_BACK_GERUND = new RegExp(`\\b${phrasesByFirstWord(L.GERUND_LEADS)}\\s+${phrasesByFirstWord(L.CHANNEL_GERUNDS)}\\b[^.!?]{0,100}?\\b${CHANNEL}\\b`, 'i');
/** Help of no particular kind ("they will assist you further", "our team will guide you"): in a reply that hands back, part of that process. */
const SOFT_HELP = new RegExp(
  `(?:\\bwill|'ll)\\s+(?:${phrasesByFirstWord(L.SOFT_HELP_ADVERBS)}\\s+)*(?:${phrasesByFirstWord(L.SOFT_HELP_VERBS)}|provide (?:you )?(?:with )?(?:${phrasesByFirstWord(L.HELP_AMOUNTS)} )?${phrasesByFirstWord(L.HELP_KINDS)})\\b`,
  'i',
);

/** The user acting first within the sentence: "Once you submit the form, …", "After confirming the order, …". */
const USER_ACTS_FIRST = new RegExp(
  `\\b${phrasesByFirstWord(L.USER_FIRST_OPENERS)}\\s+(?:${phrasesByFirstWord(L.YOU_FORMS)}\\s+(?:\\w+\\s+){0,2}?${phrasesByFirstWord(L.USER_STEPS)}\\b|${phrasesByFirstWord([...L.USER_STEP_GERUNDS, ...L.RECEIVING])}\\b|(?:your|the) ${phrasesByFirstWord(L.USER_ITEMS)} (?:is|has been) ${phrasesByFirstWord(L.ITEM_STATES)}\\b)`,
  'i',
);
/** Who acts in a process: people or systems of the company, or the user receiving something. */
const PROCESS_SUBJECT = new RegExp(
  [
    `\\b(?:${phrasesByFirstWord(L.PROCESS_PRONOUNS)}|(?:our|the|your) [\\w-]+(?: [\\w-]+)?|a ${phrasesByFirstWord(L.COMPANY_PEOPLE)}[\\w ]*)\\s*(?:'ll|will|would|shall)\\b`,
    `\\byou(?:'ll| will)\\s+(?:${phrasesByFirstWord(L.RECEIPT_ADVERBS)}\\s+)?${phrasesByFirstWord(L.RECEIPTS)}\\b`,
    `\\b${phrasesByFirstWord(L.EXPECT_WHAT)}\\b`,
  ].join('|'),
  'i',
);
const OWN_PROMISE = /\bi(?:'ll| will| shall)\b/i;

/**
 * What a company's people or systems do once the user contacts them through another channel or
 * takes a step of their own: "Contact our support team at {{Phone}}… They will keep you informed",
 * "Once you submit the form, expect a response within 24 hours". A description of the process,
 * not a promise made in this turn. A fixed time after the hand-back ("someone will call you
 * tomorrow at 10") and the assistant's own "I will…" stay promises.
 */
export const processDescriptionFrame: Frame = {
  code: 'process_description',
  level: 'sentence',
  summary: "what a company's people or systems do after the user acts through another channel",
  mark({ sentences }) {
    const regions: Region[] = [];
    // Only sentences that speak of the future can be marked: a reply with none is done with at once.
    if (!sentences.some((s) => hasAnyCue(s.cues, FUTURE_OR_EXPECT))) return regions;
    // The first sentence that hands back, looked for only once a sentence needs it (-2: not yet).
    let handBackAt = -2;
    for (let index = 0; index < sentences.length; index++) {
      const s = sentences[index]!;
      const text = s.folded;
      const future = hasAnyCue(s.cues, FUTURE_OR_EXPECT) && (FUTURE.test(text) || /\bexpect\b/i.test(text));
      if (!future || OWN_PROMISE.test(text)) continue;
      const actsFirst = PROCESS_SUBJECT.test(text) && (USER_ACTS_FIRST.test(text) || handsBack(s, beforeFuture(text)));
      if (actsFirst) {
        regions.push(sentenceRegion(s, 'process_description'));
        continue;
      }
      // After a hand-back, or help of no particular kind in a reply that hands back; never at a fixed time.
      if (handBackAt === -2) handBackAt = sentences.findIndex((t) => handsBack(t, t.folded));
      if (handBackAt < 0) continue;
      if ((index > handBackAt || SOFT_HELP.test(text)) && !hasFixedTime(text, s.cues)) regions.push(sentenceRegion(s, 'process_description'));
    }
    return regions;
  },
  marks: [
    { reply: 'Contact our customer support team at {{Phone}}. They will keep you informed throughout the process.', marked: 'keep you informed' },
    { reply: 'Once you submit the form, expect a response within 24 hours.', marked: 'expect a response' },
    { reply: 'Feel free to contact them through our contact channels, and they will assist you promptly.', marked: 'assist you' },
    { reply: '1. Visit our website.\n2. Fill out the refund form.\n3. You will receive a confirmation email.', marked: 'confirmation email' },
    { reply: 'I suggest visiting our website or contacting our customer support team. They will gladly provide you with all the necessary information.', marked: 'gladly provide' },
    { reply: "We'll assist you with these changes. To proceed, please follow these steps:\n1. Log in to your account on our website.", marked: 'assist you' },
  ],
  ignores: [
    { reply: 'Someone from our billing team will call you back tomorrow to correct the bill.' },
    { reply: "You can call us on 0800 123. I'll also remind you on Friday." },
    { reply: 'Call us on 0800 123 456. Someone will call you back tomorrow at 10.' },
  ],
};

const FUTURE_OR_EXPECT = cueMask('future', 'expectation');

const HAND_BACK_CUE = cueMask('process_hand_back');

/** Whether `text` (all or the start of `sentence`) sends the user to act through another channel. */
function handsBack(sentence: Sentence, text: string): boolean {
  return hasAnyCue(sentence.cues, HAND_BACK_CUE) && !endsInQuestion(text) && (HAND_BACK.test(text) || HAND_BACK_GERUND.test(text));
}

/** `/\?\s*$/.test(text)`, read from the end: the pattern tried a match at every character of the sentence. */
export function endsInQuestion(text: string): boolean {
  let end = text.length;
  while (end > 0 && isSpaceCode(text.charCodeAt(end - 1))) end--;
  return end > 0 && text.charCodeAt(end - 1) === 63; // ?
}

function beforeFuture(text: string): string {
  const m = /(?:'ll|\bwill\b|\bexpect\b)/i.exec(text);
  return m ? text.slice(0, m.index) : text;
}
