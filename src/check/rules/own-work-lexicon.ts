/**
 * The words of promises gated on the assistant's own pending work (`own-work.ts`). Each list is
 * one slot of a shape; the shapes, not the lists, say what the class is.
 */
import type { PhraseShape } from './lexicon.ts';

/** The opening of a gate: "once", "as soon as", "when", "after" (the `own_work_gate` cue). */
export const GATE_OPENERS = ['as soon as', 'once', 'when', 'after', 'the moment', 'the minute'];
export const WORK_ADVERBS = ['just', 'finally', 'fully', 'properly', 'thoroughly', 'carefully'];
/** "once I'm done checking", "when I've finished looking into it". */
export const DONE_WITH = ['done', 'finished', 'through'];
/** The assistant's own check, lookup or gathering, finished. */
export const WORK_PARTICIPLES = [
  'gathered', 'collected', 'checked', 'rechecked', 'double-checked', 'reviewed', 'investigated', 'researched', 'searched', 'accessed',
  'retrieved', 'pulled', 'consulted', 'compiled', 'analysed', 'analyzed', 'examined', 'assessed', 'looked into', 'looked up',
  'looked at', 'looked through', 'looked over', 'gone through', 'gone over', 'gotten the results', 'got the results', 'heard back', 'dug into',
];
export const WORK_GERUNDS = ['checking', 'reviewing', 'investigating', 'researching', 'searching', 'looking', 'gathering', 'going through', 'digging'];
/** "when I get the results", "once I have an update": what a check brings back. */
export const RECEIVE_VERBS = ['get', 'have', 'receive', 'hear'];
export const RESULT_DETERMINERS = ['the', 'an', 'a', 'any', 'some', 'more', 'all the', 'my', 'our'];
export const WORK_RESULTS = ['results', 'result', 'findings', 'update', 'updates', 'news', 'answer from', 'response from', 'word from', 'feedback from', 'outcome', 'status'];

/** Words between the marker and a report-back act: "also", "promptly", "then". */
export const REPORT_ADVERBS = ['also', 'then', 'promptly', 'immediately', 'quickly', 'soon', 'personally', 'gladly', 'happily', 'definitely', 'certainly', 'be sure to', 'make sure to'];
/** Coming back to the user with news: "let you know", "get back to you", "send you an update". */
export const REPORT_ACTS = [
  'let you know', 'get back to you', 'get back with you', 'come back to you', 'update you', 'inform you', 'notify you', 'circle back', 'follow up',
  'reach out to you', 'be in touch', 'get in touch with you', 'report back', 'keep you posted', 'keep you updated', 'keep you informed',
  'be with you', 'be right back', 'be back with', 'come back with', 'provide you with', 'give you', 'send you',
];
/** The same, slot by slot: "send over the…", "share these findings", "pass it on to you". */
export const REPORT_SHAPES: readonly PhraseShape[] = [
  [['send', 'give', 'provide', 'share'], ['over', 'across'], ['an', 'a', 'the', 'any', 'all the', 'everything', 'what']],
  [['send', 'share', 'forward', 'pass'], ['the', 'these', 'those', 'them', 'it', 'everything', 'all', 'this'], ['details', 'information', 'findings', 'results', 'update', 'over', 'along', 'on to you', 'to you', 'with you']],
];
export const GIVING_VERBS = ['provide', 'share', 'get'];
/** "once I have the information": what brings the findings in. */
export const FINDINGS_VERBS = ['have', 'get', 'receive'];
/** Closing courtesies: thanks, patience, apologies for the wait. */
export const COURTESIES = [
  'thank you', 'thanks', 'many thanks', 'i appreciate', 'we appreciate', 'i really appreciate', 'i truly appreciate', 'your patience', 'your understanding',
  'i apologize for', 'i apologise for', 'sorry for the wait', 'sorry for the delay', 'have a great day', 'have a nice day',
];
/** Making sure of an act: "make sure", "ensure". */
export const ASSURED = ['make sure', 'make certain', 'ensure', 'see to it', 'guarantee'];
/** The user kept up to date: "you're kept informed", "you are notified". */
export const USER_KEPT = ['kept informed', 'kept updated', 'kept posted', 'kept in the loop', 'updated', 'notified', 'informed', 'contacted'];
/** The user getting something sent: "you receive the details", "you get an update" (then one of THINGS_SENT). */
export const USER_GETS = ['receive', 'get', 'are sent', 'are given', 'are emailed', 'are provided with'];
/** What a check sends on: news, the findings, a delivery ("the refund details", "a confirmation"). */
export const THINGS_SENT = [
  'update', 'updates', 'details', 'information', 'info', 'confirmation', 'response', 'reply', 'answer', 'results', 'findings', 'news',
  'email', 'notification', 'documents', 'invoice', 'receipt', 'copy', 'link', 'callback', 'call', 'refund', 'status', 'summary', 'report', 'everything',
];
/** Where news reaches the user: "to your inbox". */
export const USER_INBOXES = ['inbox', 'email', 'e-mail', 'mailbox', 'phone', 'account'];
/** What is sent on to the user: "the details are sent to you", "everything gets forwarded". */
export const SENT_FORMS = ['sent', 'forwarded', 'delivered', 'emailed', 'passed on', 'shared', 'provided', 'mailed', 'communicated', 'relayed'];
/** Words that put the report in this reply: it is plan narration, not a later report. */
export const IN_THIS_REPLY = ['as follows', 'in this message'];
/** The quality of what is received: "make sure you receive accurate information" assures quality, not a delivery. */
export const QUALITIES = [
  'accurate', 'helpful', 'reliable', 'relevant', 'correct', 'useful', 'best', 'clear', 'high-quality', 'quality', 'appropriate', 'precise',
  'comprehensive', 'thorough', 'personalized', 'personalised', 'tailored', 'excellent', 'great', 'good', 'valuable', 'informative', 'trustworthy', 'up-to-date',
];
