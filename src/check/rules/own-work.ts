/**
 * Promises gated on the assistant's own pending work (LABELING.md rules 7 and 10). "As soon as I
 * have gathered the details, I will send you an update" waits for a lookup the assistant itself
 * announced, not for the user's next message: with no call in the turn, nothing runs that lookup,
 * so the promise is agent-initiated (an external event), whatever the reply asks besides. Likewise
 * a reply that announces a check ("Give me a moment to pull up our records") and makes no call
 * after it turns its promises to report back into promises to come back later.
 *
 * Gated on the user instead, and left to rule 7: "once I have this information", "once you send
 * it", "once I've verified your identity" (the answer the reply asks for).
 */
import { cueMask, hasAnyCue } from './cues.ts';
import { phrasesByFirstWord, shapePattern } from './lexicon.ts';
import { ALL_CUES, type CueMask } from './literal-scanner.ts';
import * as L from './own-work-lexicon.ts';

/**
 * "once I've checked", "as soon as we have gathered the details", "when I get the results",
 * "once I'm done looking into it": the assistant's own check, lookup or gathering finishing.
 */
const OWN_WORK_GATE = new RegExp(
  `\\b(?:${phrasesByFirstWord(L.GATE_OPENERS)})\\s+(?:i|we)(?:'ve|'m|'re|\\s+have|\\s+am|\\s+are|\\s+had)?\\s+(?:(?:${phrasesByFirstWord(L.WORK_ADVERBS)})\\s+)?`
    + `(?:(?:${phrasesByFirstWord(L.DONE_WITH)})\\s+(?:${phrasesByFirstWord(L.WORK_GERUNDS)})|(?:${phrasesByFirstWord(L.WORK_PARTICIPLES)})|(?:${phrasesByFirstWord(L.RECEIVE_VERBS)})\\s+(?:back\\s+)?(?:${phrasesByFirstWord(L.RESULT_DETERMINERS)})\\s+(?:${phrasesByFirstWord(L.WORK_RESULTS)}))\\b`,
  'i',
);

/**
 * "Once I have the information", "when we get the details": the findings of a check, or the answer
 * to a question. Read as the check's findings only where the reply announces a check and asks the
 * user for nothing.
 */
const FINDINGS_GATE = new RegExp(
  `\\b(?:${phrasesByFirstWord(L.GATE_OPENERS)})\\s+(?:i|we)(?:'ve|\\s+have)?\\s+(?:${phrasesByFirstWord(L.FINDINGS_VERBS)})\\s+(?:(?:${phrasesByFirstWord(L.RESULT_DETERMINERS)})\\s+)?(?:[\\w-]+\\s+)?(?:${phrasesByFirstWord(L.THINGS_SENT)})\\b`,
  'i',
);

export function gatedOnFindings(words: string): boolean {
  return FINDINGS_GATE.test(words);
}

/** Courtesies that close a reply and add nothing to it: "I appreciate your patience!", "Thank you for waiting." */
const COURTESY = new RegExp(`^\\W*(?:${phrasesByFirstWord(L.COURTESIES)})\\b[^.!?]{0,80}[.!]*\\W*$`, 'i');

export function isCourtesy(sentence: string): boolean {
  return COURTESY.test(sentence);
}

const OWN_WORK_CUE = cueMask('own_work_gate');

/** Whether the words put the promise after the assistant's own check, lookup or gathering; `cues`, the literal cues of the sentence they come from. */
export function gatedOnOwnWork(words: string, cues: CueMask = ALL_CUES): boolean {
  return hasAnyCue(cues, OWN_WORK_CUE) && OWN_WORK_GATE.test(words);
}

/**
 * The user kept informed, or sent news or findings: "you're kept informed", "you receive the details".
 * A quality ("you receive accurate and helpful information") makes it an assurance about the answers.
 */
const USER_IS_SENT = `you(?:'re|\\s+are|'ll|\\s+will)?\\s+(?:(?:be|are)\\s+)?(?:${phrasesByFirstWord(L.USER_KEPT)}|(?:${phrasesByFirstWord(L.USER_GETS)})\\s+(?!(?:(?:the|a|an|most|more|only)\\s+)*(?:${phrasesByFirstWord(L.QUALITIES)})\\b)(?:[\\w-]+\\s+){0,3}?(?:${phrasesByFirstWord(L.THINGS_SENT)}))`;
/** Something sent on to the user: "everything is sent over to you", "the details get forwarded to you". */
const SENT_TO_USER = `(?:[\\w-]+\\s+){0,3}?(?:${phrasesByFirstWord(L.THINGS_SENT)})\\s+(?:is|are|gets|get)\\s+(?:${phrasesByFirstWord(L.SENT_FORMS)})\\b[^.!?]{0,30}?\\b(?:to\\s+you|(?:to|in)\\s+your\\s+(?:${phrasesByFirstWord(L.USER_INBOXES)}))\\b`;

/**
 * A promise to come back to the user with what a check finds: "I will send you an update", "I'll
 * get back to you", "I'll make sure everything is sent over to you", "I'll provide you with the
 * details". The act's object is the user, and what goes to them is news or the findings.
 */
const REPORT_BACK = new RegExp(
  [
    `^(?:(?:${phrasesByFirstWord(L.REPORT_ADVERBS)})\\s+)*(?:${phrasesByFirstWord(L.REPORT_ACTS)}|${shapePattern(L.REPORT_SHAPES)})\\b`,
    `^(?:(?:${phrasesByFirstWord(L.REPORT_ADVERBS)})\\s+)*(?:${phrasesByFirstWord(L.GIVING_VERBS)})\\s+you\\s+(?:with\\s+)?(?:${phrasesByFirstWord(L.RESULT_DETERMINERS)})\\s+(?:[\\w-]+\\s+){0,2}?(?:${phrasesByFirstWord(L.THINGS_SENT)})\\b`,
    `^(?:(?:${phrasesByFirstWord(L.REPORT_ADVERBS)})\\s+)*(?:${phrasesByFirstWord(L.ASSURED)})\\s+(?:that\\s+)?(?:${USER_IS_SENT}|${SENT_TO_USER})\\b`,
  ].join('|'),
  'i',
);

/** Delivered in this very reply: "I'll give you the fixed version below", "here are…" (rule 6). */
const IN_THIS_REPLY = new RegExp(`\\b(?:${phrasesByFirstWord(L.IN_THIS_REPLY)})\\b`, 'i');

/** The first word of every REPORT_BACK phrasing (adverbs included): most predicates start with another and skip the pattern. */
const REPORT_FIRST_WORDS: ReadonlySet<string> = new Set([...L.REPORT_ADVERBS, ...L.REPORT_ACTS, ...L.REPORT_SHAPES.flatMap((shape) => shape[0]!), ...L.GIVING_VERBS, ...L.ASSURED].map(firstWordOf));
/** The first word of every ASSURED phrase, and the adverbs that may come before it. */
const ASSURE_FIRST_WORDS: ReadonlySet<string> = new Set([...L.REPORT_ADVERBS, ...L.ASSURED].map(firstWordOf));

function firstWordOf(phrase: string): string {
  return phrase.split(' ')[0]!.toLowerCase();
}

/** The predicate's first word, lower-cased, read without copying the predicate. */
function leadingWord(predicate: string): string {
  let start = 0;
  while (start < predicate.length && predicate.charCodeAt(start) <= 32) start++;
  let end = start;
  while (end < predicate.length && predicate.charCodeAt(end) > 32) end++;
  return predicate.slice(start, end).toLowerCase();
}

/** Whether a promise's words (after the future marker) come back to the user with news or findings, later than this reply. */
export function reportsBack(predicate: string): boolean {
  return REPORT_FIRST_WORDS.has(leadingWord(predicate)) && REPORT_BACK.test(predicate.trimStart()) && !IN_THIS_REPLY.test(predicate);
}

/** Whether a promise's words (after the future marker) open with making sure ("make sure…", "also ensure…"). */
export function opensWithAssurance(predicate: string): boolean {
  return ASSURE_FIRST_WORDS.has(leadingWord(predicate));
}

/** A concrete act made sure of ("I'll make sure the details are sent to you"): not a generic assurance. */
const ASSURED_ACT = new RegExp(
  `\\b(?:${phrasesByFirstWord(L.ASSURED)})\\s+(?:that\\s+)?(?:${USER_IS_SENT}|${SENT_TO_USER})\\b`,
  'i',
);

/** Whether an assurance makes sure of a concrete act for the user: a delivery, news, a reply. */
export function assuresAnAct(text: string): boolean {
  return mayAssure(text) && ASSURED_ACT.test(text);
}

/** A literal of every ASSURED phrase ("make sure", "ensure", "make certain", "see to it", "guarantee"): most sentences hold none. */
function mayAssure(text: string): boolean {
  return text.includes('sure') || text.includes('Sure') || text.includes('ertain') || text.includes('ee to it') || text.includes('uarantee');
}

/** "I'll make sure you receive accurate information": the quality of the answers assured, a value statement (rule 2). */
const QUALITY_ASSURED = new RegExp(
  `\\b(?:${phrasesByFirstWord(L.ASSURED)})\\s+(?:that\\s+)?you\\s+(?:${phrasesByFirstWord(L.USER_GETS)})\\s+(?:(?:the|a|an|most|more|only)\\s+)*(?:${phrasesByFirstWord(L.QUALITIES)})\\b`,
  'i',
);

export function assuresQuality(text: string): boolean {
  return mayAssure(text) && QUALITY_ASSURED.test(text);
}
