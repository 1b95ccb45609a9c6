/**
 * How a reply asks the user for something (`reply-gate.ts`), as word lists: asking them to confirm
 * a plan, asking for details, and the questions that ask nothing of substance.
 */
import { combine } from './lexicon.ts';

const GO_ON = ['proceed', 'go ahead', 'continue'];

/** Asking the user to confirm: "could you please confirm", "shall I proceed?", "yes/no". */
export const CONFIRM_ASKS = [
  'do you confirm', 'can you confirm', 'could you confirm', 'please confirm', 'kindly confirm',
  ...combine(['confirm'], ['that', 'if', 'whether', 'with', 'by', 'to proceed', 'you like', "you'd like", 'you would like']),
  '(yes)', '(y)', 'yes/no',
  ...combine(['shall i', 'should i'], GO_ON),
  ...combine(['would you', 'do you'], ['like', 'want'], ['', 'me'], ['to'], GO_ON),
  'like to proceed', 'want to proceed', 'ready to proceed',
];
/** "reply yes", "type 'yes'". */
export const SAY_YES = ['reply', 'respond', 'answer', 'type', 'say'];
/** "Does this look right?": the question asks to confirm. */
export const IS_THIS = combine(['is', 'does'], ['that', 'this', 'everything']);
export const LOOK = ['look', 'sound'];
export const RIGHT = ['correct', 'right', 'ok', 'okay', 'good'];
/** "let me know if you'd like … to proceed". */
export const IF_YOU_AGREE = ['you like', "you'd like", 'you would like', 'this is ok', 'that works'];

/** "please send", "kindly let us know". */
export const PLEASE = ['please', 'kindly'];
export const PLEASE_VERBS = ['provide', 'share', 'send', 'let me know', 'let us know', 'tell', 'specify', 'give', 'enter', 'reply', 'respond', 'confirm', 'clarify'];
/** "could you please share". */
export const COULD_YOU = combine(['could', 'can', 'would', 'will'], ['you'], ['', 'please', 'kindly']);
export const COULD_YOU_VERBS = ['provide', 'share', 'send', 'let me know', 'let us know', 'tell', 'specify', 'give', 'clarify', 'check', 'verify', 'confirm'];
/** "we kindly request the following", "I need a few details". */
export const WE_NEED = combine(['we', 'i'], ['', 'kindly', 'would'], ['request', 'need', 'require', 'ask for']);
export const WE_NEED_WHAT = ['the following', 'some', 'a few', 'more', 'additional', 'your', 'you to provide'];
export const I_NEED = ['i need', "i'll need", 'i will need'];
export const I_NEED_WHAT = ['some', 'a few', 'more', 'additional', 'the', 'your'];

/** Questions that ask nothing of substance, and offers: not asks for details. */
export const NOT_ASKS = [
  'anything else', 'is there anything', 'would you like me to', 'want me to', 'shall i', 'should i',
  'can i', 'could i', 'may i', 'how does that sound', 'how does this sound', 'does that help', 'does this help',
];

/** What the assistant does with the answer it asked for, in "once I've verified you, I'll…" (detector.ts). */
export const ANSWER_HANDLED = ['verified', 'verify', 'confirmed', 'confirm', 'received', 'got', 'located', 'locate', 'found', 'find'];
/** What the answer is, in "with this information, I'll…". */
export const ANSWER_NAMES = ['order number', 'email'];

/**
 * Continuations of this session: the next exchange, not a later act (LABELING.md rule 24). "If
 * not, we'll continue with the next steps", "If the issue persists, we'll continue troubleshooting",
 * "If not, I'll continue to assist you" wait for the user's reply.
 *
 *   reads:   "we'll continue troubleshooting" / "I'll continue to assist you" / "we'll continue with the next steps"
 *   ignores: "I'll continue monitoring the price and let you know" (a watch) / "I'll continue tomorrow at 9" (a time of its own)
 */
export const SESSION_CONTINUATIONS = [
  'continue troubleshooting', 'continue to troubleshoot', 'continue to assist you', 'continue to help you', 'continue helping you', 'continue assisting you',
  'continue with the next steps', 'continue with the next step', 'continue from there', 'continue with troubleshooting', 'move on to the next step',
  'move on to the next steps', 'go on to the next step', 'proceed to the next step', 'proceed with the next steps',
];
/** "I'll use that to look up your account": the answer the reply asks for, used in the next exchange. */
export const USES_THE_ANSWER = ['use that', 'use it', 'use this', 'use those', 'use these', 'use your number'];

/**
 * A need of this session's next step: "I'll need to check the status of your SIM card … Could you
 * please check your status bar?" waits for what the reply asks (rule 24).
 *
 *   reads:   "I'll need to ask a few questions … Can you confirm …?"
 *   ignores: "I'll need to check with the billing team and get back to you tomorrow." (a time of its own)
 */
export const SESSION_NEEDS = ["i'll need to", 'i will need to', "we'll need to", 'we will need to'];
/**
 * Words that make a reply a joint session with the user ("let's try the following steps"): its "we"
 * is the assistant and the user together in the next messages, not the company's staff (rule 24).
 */
export const JOINT_PROPOSALS = ["let's", 'let us', 'together', 'walk you through', 'guide you through'];
