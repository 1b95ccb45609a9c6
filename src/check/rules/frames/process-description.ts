import { cueMask, hasAnyCue } from '../cues.ts';
import type { Frame, Region } from './frame.ts';
import { FUTURE, hasFixedTime, sentenceRegion } from './sentence-frames.ts';

const CHANNEL_VERB =
  '(?:contact|call|ring|phone|reach(?: out)?(?: to)?|get in touch(?: with)?|speak (?:to|with)|talk to|chat with|e-?mail|write to|message|visit|go to|head (?:over )?to|navigate to|log ?in(?:to)?|sign in(?:to)?|submit|fill (?:in|out)|complete|send|report|file|use|click|tap|select|access|open|follow|apply|request|initiate|place|provide (?:them|the team|our team|us)|return|bring|take|mail|ship|drop off)';
const CHANNEL =
  '(?:support|team|customer (?:service|care|support)|service desk|helpdesk|help desk|department|agents?|representatives?|specialists?|advisors?|us|them|website|site|portal|app|page|form|link|account|profile|live chat|chat|phone|helpline|hotline|number|e-?mail|inbox|office|store|shop|branch|centre|center|platform|section|menu|settings|tab|dashboard|request|claim|application|ticket|order|item|package|parcel|channels?|line|\\{\\{[^}]+\\}\\})';
/** The user is sent to act through another channel: "Contact our support team at {{Phone}}", "Submit the form". */
const HAND_BACK = new RegExp(
  `(?:^|[.!:;,]\\s+|\\n)[*_\\s]*(?:\\d+[.)]\\s*|[-*\\u2022]\\s*)?(?:(?:please|simply|just|kindly|then|next|first|finally|alternatively|also|or|and|directly|you can|you could|you may|you might|you should|you'll need to|you will need to|feel free to|i recommend|i suggest|we recommend|we suggest|i'd recommend|it's best to|don't hesitate to|do not hesitate to|(?:i|we) (?:would )?(?:kindly )?(?:request|ask|advise|encourage|invite|urge|recommend) (?:that )?you(?: to)?)\\s+)*${CHANNEL_VERB}\\b[^.!?]{0,100}?\\b${CHANNEL}\\b`,
  'i',
);
/** "I suggest visiting our website or contacting our support team": a hand-back in the gerund. */
const HAND_BACK_GERUND = new RegExp(
  `\\b(?:by|or|and|through|via|try|recommend|suggest|consider|without)\\s+(?:contacting|calling|visiting|reaching out to|emailing|e-mailing|messaging|speaking (?:to|with)|chatting with|getting in touch with|checking|reviewing|logging in(?:to)?|submitting|filling (?:in|out))\\b[^.!?]{0,100}?\\b${CHANNEL}\\b`,
  'i',
);
/** Help of no particular kind ("they will assist you further", "our team will guide you"): in a reply that hands back, part of that process. */
const SOFT_HELP = /(?:\bwill|'ll)\s+(?:(?:gladly|happily|be happy to|be glad to|promptly|also|further|then|always)\s+)*(?:assist|help|guide|support|advise|provide (?:you )?(?:with )?(?:further |more |additional |all the |the necessary |detailed )?(?:guidance|assistance|information|support|details|instructions|help|answers))\b/i;

/** The user acting first within the sentence: "Once you submit the form, …", "After confirming the order, …". */
const USER_ACTS_FIRST = new RegExp(
  `\\b(?:once|when|after|as soon as|if)\\s+(?:you(?:'ve| have|'re| are)?\\s+(?:\\w+\\s+){0,2}?(?:${CHANNEL_VERB}|confirm|complete|place|finish)\\b|(?:contacting|calling|visiting|submitting|completing|confirming|placing|filling|sending|returning|logging|signing|finishing|receiving (?:your|the) (?:request|form|claim|return|item|package))\\b|(?:your|the) (?:request|form|claim|application|return|order|item|package|parcel|refund) (?:is|has been) (?:submitted|received|completed|placed|processed|shipped|dispatched|delivered|approved|confirmed)\\b)`,
  'i',
);
/** Who acts in a process: people or systems of the company, or the user receiving something. */
const PROCESS_SUBJECT =
  /\b(?:they|he|she|it|our [\w-]+(?: [\w-]+)?|the [\w-]+(?: [\w-]+)?|your [\w-]+(?: [\w-]+)?|we|someone|a (?:member|representative|specialist|agent)[\w ]*)\s*(?:'ll|will|would|shall)\b|\byou(?:'ll| will)\s+(?:(?:then|also|soon|promptly|automatically)\s+)?(?:receive|get|be (?:contacted|notified|sent|emailed|asked|given|guided|redirected|taken|prompted|able|provided)|see|find|hear)\b|\bexpect (?:a|an|the|to)\b/i;
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
    // The first sentence that hands back, looked for only once a sentence needs it.
    let firstHandBack: number | undefined;
    const handBackAt = () => (firstHandBack ??= sentences.findIndex((s) => handsBack(s.folded)));
    sentences.forEach((s, index) => {
      const text = s.folded;
      const future = hasAnyCue(s.cues, FUTURE_OR_EXPECT) && (FUTURE.test(text) || /\bexpect\b/i.test(text));
      if (!future || OWN_PROMISE.test(text)) return;
      const actsFirst = PROCESS_SUBJECT.test(text) && (USER_ACTS_FIRST.test(text) || handsBack(beforeFuture(text)));
      const afterHandBack = !actsFirst && handBackAt() >= 0 && index > handBackAt() && !hasFixedTime(text);
      const helpInHandBack = !actsFirst && !afterHandBack && handBackAt() >= 0 && SOFT_HELP.test(text) && !hasFixedTime(text);
      if (actsFirst || afterHandBack || helpInHandBack) regions.push(sentenceRegion(s, 'process_description'));
    });
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

function handsBack(text: string): boolean {
  return !/\?\s*$/.test(text) && (HAND_BACK.test(text) || HAND_BACK_GERUND.test(text));
}

function beforeFuture(text: string): string {
  const m = /(?:'ll|\bwill\b|\bexpect\b)/i.exec(text);
  return m ? text.slice(0, m.index) : text;
}
