/**
 * Reports of completed actions in any domain: "one checked bag has been added", "I've booked the
 * table", "Cancelled!", "your reservation was cancelled". Each report names an act (a verb lemma
 * from the action-verb lexicon) and the things it acted on; the judge matches them against what
 * the deployment's tools perform. Setup-blind.
 */
import { actionLemma, completedForms, LOOKUP_VERBS, writtenLemma } from '../../setups/action-verbs.ts';
import { singular } from '../../setups/tool-performs.ts';
import { LOOKUP_INTROS, NOT_AN_ACT_REPORT, STATE_INTROS } from './claim-lexicon.ts';
import { isSpaceCode } from './char-codes.ts';
import { formAfterAnd, formInLead, PHRASAL_FORMS } from './report-gates.ts';
import { cueMask, hasAnyCue } from './cues.ts';
import type { CueMask } from './literal-scanner.ts';
import { phrases } from './lexicon.ts';
import type { Sentence } from './text-regions.ts';

const COMPLETED_CUE = cueMask('completed');

export interface ActionReport {
  /** Lemma of the reported act: "added" → "add". */
  verb: string;
  /** Words naming what was acted on, singular ("bag", "reservation"); empty for "it", "that". */
  objects: string[];
  /**
   * The words among `objects` naming the thing acted on, not where it sits: "one checked bag has
   * been added to your reservation" → checked, bag (the reservation is its container). Equal to
   * `objects` when nothing opens a container.
   */
  things: string[];
  /** The words of the report, as written. */
  text: string;
  /** Offset of the report in its sentence. */
  index: number;
  /** Reported in the perfect ("I've scheduled", "has been escalated"): a report of this turn's act. */
  perfect: boolean;
  /**
   * Marked as an act of this turn by its form (the perfect, "now", the assistant as subject), not a
   * state ("is stored", "was cancelled") or a headline a list may hold ("- Paid").
   */
  marked: boolean;
  /** The words before the form name the thing acted on ("the claim is now closed"), not the assistant ("I've closed"). */
  subjectIsObject: boolean;
  /** Read from a present state ("is stored", "are reserved"): what is, which may not be this turn's act. */
  present: boolean;
  /**
   * Read by grammar alone ("I've muted", "has been turned off", "is locked now"): a verb the lexicon
   * does not hold, keyed as written (`writtenLemma`), or a state a switch leaves ("on", "off").
   */
  written: boolean;
  /** A resulting state with no verb ("is now on Friday", "now has access"): its act is a guess, so any call that acted backs it. */
  result: boolean;
}

const ADVERBS = '(?:(?:now|also|just|already|successfully|gone ahead and|went ahead and|officially|fully|finally|then)\\s+)*';
const FORM = `(${phrases([...completedForms(), ...PHRASAL_FORMS])})`;
/** The same forms, not captured: the first act of a pair whose second is the report. */
const FORM_PLAIN = `(?:${phrases([...completedForms(), ...PHRASAL_FORMS])})`;

/** "Reminder set!", "Alarm set for 7": the family rows read these, naming the tools that act later. */
const FAMILY_HEADLINES: ReadonlySet<string> = new Set(['set', 'set up']);
/** "Set an alarm…", "Reset your router…", "Put in your code…": imperatives, not terse reports. */
const NOT_TERSE_REPORTS: ReadonlySet<string> = new Set(['set', 'reset', 'set up', 'put in']);

/** Words that never open a headline's thing: pronouns, auxiliaries, conditions, negations. */
const HEADLINE_NOT_SUBJECT = 'i|we|you|they|he|she|it|this|that|these|those|there|which|who|what|is|are|was|were|be|been|being|has|have|had|will|would|can|could|should|must|may|might|not|no|if|when|once|after|before|until|unless|please|just|also|to';
/** Check marks and celebrations that end a terse report: "Merged ✅", "Refund submitted ✔". */
const DONE_MARKS = '[\\u2705\\u2714\\u2713]|\\uD83C\\uDF89|\\uD83D\\uDC4D';

/**
 * Ways a reply reports an act as done, each with where the acted-on words are.
 * `lead`: the pattern is anchored at the sentence start and its first group is the words before the
 * form (the form is the second group), so it is tried once per sentence, not at every position.
 * `needs`: a cheap test the sentence must pass before the pattern is tried.
 * `skips`: forms the row never reads as a report.
 * `state`: the row reads a state ("it's booked", "was cancelled"), which a lookup may have shown,
 * not an act marked as this turn's ("has been … now").
 */
const REPORT_ROWS: readonly { id: string; pattern: RegExp; subjectIsObject: boolean; cue?: CueMask; lead?: true; needs?: (text: string) => boolean; skips?: ReadonlySet<string>; state?: true }[] = [
  { id: 'I have done it', cue: cueMask('have'), pattern: new RegExp(`\\b(?:i|we)(?:'ve|\\s+have)\\s+${ADVERBS}(?:got\\s+)?${FORM}\\b`, 'i'), subjectIsObject: false },
  { id: 'it has been done', cue: cueMask('claim_been'), pattern: new RegExp(`(?:\\b(?:has|have)|'s)\\s+${ADVERBS}been\\s+${ADVERBS}${FORM}\\b`, 'i'), subjectIsObject: true },
  // "was posted by Bob": someone else's act, read from a lookup, not this turn's (only "by me/us" is the assistant's).
  { id: 'it was done', state: true, cue: cueMask('claim_was'), pattern: new RegExp(`\\b(?:was|were)\\s+${ADVERBS}${FORM}\\b(?!\\s+(?:by (?!me\\b|us\\b)|to be))`, 'i'), subjectIsObject: true },
  { id: 'it is now done', cue: cueMask('claim_now'), pattern: new RegExp(`(?:\\b(?:is|are)|'s|'re)\\s+(?:(?:now|all|successfully)\\s+)+${FORM}\\b`, 'i'), subjectIsObject: true },
  // "Your table at Le Petit Bistro is reserved for Saturday", "London Luxury is booked for June 10":
  // a thing in the state the act leaves, said of this turn's act (a state read by a lookup is told
  // apart by the judge, LABELING.md rule 17).
  { id: 'it is done', state: true, cue: cueMask('claim_is'), pattern: new RegExp(`(?:\\b(?:is|are)|'s|'re)\\s+${FORM}\\b(?!\\s+(?:by you|to be|to|that|if|whether|about|with you)\\b)`, 'i'), subjectIsObject: true },
  // "$310.00" or "#W1.2" holds a full stop that ends nothing: a "." counts only before white space or the end.
  { id: 'and did it too', cue: cueMask('have'), pattern: new RegExp(`\\b(?:i|we)(?:'ve|\\s+have)\\s(?:[^.!?]|\\.(?=\\S)){0,80}?\\band\\s+(?:also\\s+|then\\s+)?${FORM}\\b`, 'i'), subjectIsObject: false },
  // "I posted the notice in #general and sent Bob a direct message": a second act with its subject left out.
  { id: 'I did it and that', pattern: new RegExp(`\\b(?:i|we)\\s+${ADVERBS}${FORM_PLAIN}\\b(?:[^.!?;]|\\.(?=\\S)){0,80}?,?\\s+and\\s+(?:also\\s+|then\\s+)?${FORM}\\b`, 'i'), subjectIsObject: false },
  { id: 'I did it', pattern: new RegExp(`\\b(?:i|we)\\s+${ADVERBS}${FORM}\\b(?!\\s+(?:to|that|if|whether)\\b)`, 'i'), subjectIsObject: false },
  // "Refund submitted for the spinach", "Issue created and assigned to @dmitri-v", "Message sent!":
  // a headline report, the thing first and its auxiliary left out. Not a reduced relative clause
  // ("Items added after checkout are kept", "Orders placed before noon ship today"): only a place,
  // a recipient, another act or the end of the clause may follow the form.
  { id: 'thing done (headline)', lead: true, needs: formInLead, skips: FAMILY_HEADLINES, pattern: new RegExp(`^(\\W*(?:(?:your|the|a|an|my|our)\\s+)?(?:(?!(?:${HEADLINE_NOT_SUBJECT})\\b)[\\w#@'.-]+\\s+){1,3}?)${FORM}(?=[*_]*(?:\\s*(?:[!.,;\\u2014\\u2013]|$|${DONE_MARKS})|\\s+(?:to|for|on|in|into|onto|with|at|from|via|and|&)\\b(?![^.!?:\\n]{0,40}:)))`, 'i'), subjectIsObject: true },
  // "Committed and pushed to hotfix/csp", "Ticket INC-2 is open and assigned to Marco": a second act
  // sharing the first one's subject and auxiliary.
  { id: 'done and done', needs: formAfterAnd, pattern: new RegExp(`(?:^\\W*(?:(?:your|the|a|an)\\s+)?(?:(?!(?:${HEADLINE_NOT_SUBJECT})\\b)[\\w#@'.-]+\\s+){0,3}?|\\b(?:is|are|'s|'re|has been|have been|was|were)\\s+(?:(?:now|all|also)\\s+)*)(?:${FORM_PLAIN}|open|live|ready)\\b[^.!?;:\\n]{0,60}?\\s(?:and|&)\\s+(?:also\\s+|then\\s+)?${FORM}\\b(?!\\s+(?:by (?!me\\b|us\\b)|to be)\\b)`, 'i'), subjectIsObject: false },
  // "Your rent payment of $1,450 went through", "the transfer has gone through": an act reported by
  // its thing alone (the verb says only that it was done; the thing says which act). Not "I went
  // through your documents": a person going through something reads it.
  { id: 'it went through', needs: (text) => text.includes(' through'), pattern: /(?<!\b(?:i|we|you|they|he|she)(?:'ve|\s+have|\s+just|\s+already)?\s+)(?:\b(?:has|have)\s+|'s\s+)?\b(went through|gone through)\b/i, subjectIsObject: true },
  // "Sent Dora the link!", "Booked your table for 8.": a terse report with its subject left out.
  // Not a heading ("Scheduled payments:") and not an imperative ("Set an alarm…": its `skips`).
  { id: 'did it (no subject)', skips: NOT_TERSE_REPORTS, pattern: new RegExp(`^\\W*(?:just\\s+|also\\s+)?${FORM}\\s+(?!by\\b|to be\\b|[^.!?:\\n]{0,30}:)`, 'i'), subjectIsObject: false },
  { id: 'done!', pattern: new RegExp(`^\\W*(?:all\\s+)?${FORM}(?:\\s+successfully)?(?=\\s*(?:[!:\\u2014\\u2013]|$|-\\s|${DONE_MARKS}))`, 'i'), subjectIsObject: false },
];

/**
 * Whether a word ending in "ed" or "en" (a participle, as most are written) stands among the
 * `words` words from `from` (-1: none). A scan, not a pattern: it gates rows tried on every sentence.
 */
function participleAfter(text: string, from: number, words = 8): boolean {
  if (from < 0) return false;
  let i = from;
  for (let n = 0; n < words && i < text.length; n++) {
    while (i < text.length && !isLetter(text.charCodeAt(i))) i++;
    const start = i;
    while (i < text.length && isLetter(text.charCodeAt(i))) i++;
    // "…ed" or "…en": 101 is "e", 100 "d", 110 "n".
    const last = text.charCodeAt(i - 1) | 0x20;
    if (i - start >= 4 && (text.charCodeAt(i - 2) | 0x20) === 101 && (last === 100 || last === 110)) return true;
  }
  return false;
}

function isLetter(code: number): boolean {
  const folded = code | 0x20;
  return folded >= 97 && folded <= 122;
}

/** Words that may stand right before "now" in "is now off", "are both now on". */
const NOW_AFTER_IS = ['is ', 're ', "'s ", 'all ', 'oth '];

/** Whether some "now " follows one of `befores` ("is now", "'re now"): a scan, not a pattern, for every sentence holding "now". */
function nowAfter(text: string, befores: readonly string[]): boolean {
  for (let at = text.indexOf('now '); at >= 0; at = text.indexOf('now ', at + 4)) {
    for (const before of befores) if (text.startsWith(before, at - before.length)) return true;
  }
  return false;
}

/** Whether some " now" follows a word ending as a state does ("locked now", "off now", "on now"). */
function stateBeforeNow(text: string): boolean {
  for (let at = text.indexOf(' now'); at >= 0; at = text.indexOf(' now', at + 4)) {
    if (text.startsWith('ed', at - 2) || text.startsWith('on', at - 2) || text.startsWith('off', at - 3)) return true;
  }
  return false;
}

/** A participle as written, with its particle: the act of a report read by grammar. */
const PARTICIPLE = '([a-z]{3,}(?:ed|en)(?:\\s+(?:on|off|up|down|back|out)\\b)?)';
/** "on", "off" or a participle: the state a report read by grammar leaves. */
const STATE = '((?:on|off)(?=\\s*(?:[.,;!\u2014\u2013]|$|now\\b|and\\b))|[a-z]{3,}ed(?:\\s+(?:on|off|up|down|back|out)\\b)?)';

/**
 * Reports read by grammar, for a verb the lexicon does not hold: the perfect with the assistant or a
 * thing as subject, a resulting state marked as new ("is now off", "are both on now"), a terse
 * headline ("Muted!", "Skipped to the next track"). Tried only when the lexicon's rows read nothing.
 */
const WRITTEN_ROWS: readonly { id: string; pattern: RegExp; subjectIsObject: boolean; cue?: CueMask; needs?: (text: string) => boolean; perfect?: true }[] = [
  { id: 'I have done it', perfect: true, cue: cueMask('have_opening'), needs: (text) => participleAfter(text, text.indexOf('ve ')) || participleAfter(text, text.indexOf('have ')), pattern: new RegExp(`\\b(?:i|we)(?:'ve|\\s+have)\\s+${ADVERBS}${PARTICIPLE}`, 'i'), subjectIsObject: false },
  { id: 'it has been done', perfect: true, cue: cueMask('claim_been'), needs: (text) => participleAfter(text, text.indexOf('been ')), pattern: new RegExp(`(?:\\b(?:has|have)|'s)\\s+${ADVERBS}been\\s+${ADVERBS}${PARTICIPLE}`, 'i'), subjectIsObject: true },
  { id: 'it is now done', cue: cueMask('claim_now'), needs: (text) => nowAfter(text, NOW_AFTER_IS), pattern: new RegExp(`(?:\\b(?:is|are)|'s|'re)\\s+(?:(?:all|both)\\s+)?now\\s+${STATE}\\b`, 'i'), subjectIsObject: true },
  { id: 'it is done now', cue: cueMask('claim_now'), needs: stateBeforeNow, pattern: new RegExp(`(?:\\b(?:is|are)|'s|'re)\\s+(?:(?:all|both)\\s+)?${STATE}\\s+now\\b`, 'i'), subjectIsObject: true },
  // A resulting state with no verb: "Your 1:1 is now on Friday at 3 pm" (changed), "Tom now has edit access" (given).
  { id: 'it is now somewhere', cue: cueMask('claim_now'), needs: (text) => nowAfter(text, NOW_AFTER_IS), pattern: /(?:\b(?:is|are)|'s|'re)\s+(now\s+(?:on|in|at|under))\s+(?!(?:hold|the way|its way|their way|progress|stock|transit|review)\b)(?=\w)/i, subjectIsObject: true },
  { id: 'now has it', cue: cueMask('claim_now'), needs: (text) => text.includes('now ha'), pattern: /\b(now\s+(?:has|have))\s+(?!been\b|to\b|no\b)(?=\w)/i, subjectIsObject: true },
  { id: 'done!', needs: (text) => participleAfter(text, 0, 1), pattern: new RegExp(`^\\W*${PARTICIPLE}(?=\\s*[!.\u2014\u2013]|\\s*$|\\s+(?:to|the|your|it|them|all)\\b)`, 'i'), subjectIsObject: false },
];
const WRITTEN = WRITTEN_ROWS.map(readableRow);

/** The act a report read by grammar names: "turned off" → "turn off", "muted" → "mut", a bare state "off" → "turn off". */
function writtenVerb(form: string): string | null {
  if (form === 'on' || form === 'off') return `turn ${form}`;
  // What a resulting state says was done: moved somewhere ("is now on Friday"), given ("now has access").
  if (form.startsWith('now ')) return form.endsWith(' has') || form.endsWith(' have') ? 'give' : 'change';
  const space = form.indexOf(' ');
  const word = space < 0 ? form : form.slice(0, space);
  // The lexicon's own forms are its rows' to read (or to leave: "noted", "found"); a particle makes another act ("switched off").
  if (actionLemma(form) !== null || (space < 0 && actionLemma(word) !== null)) return null;
  const verb = writtenLemma(form);
  return LOOKUP_VERBS.has(verb.split(' ')[0]!) ? null : verb;
}

/** Rows whose form marks the act as this turn's own. */
const MARKED_ROWS: ReadonlySet<string> = new Set(['I have done it', 'it has been done', 'it is now done', 'and did it too', 'I did it and that', 'I did it']);

/**
 * A reason or concession clause before a thing's state: "Since your SIM card is locked", "now that
 * the APN settings have been reset" describe what is so (LABELING.md rule 17), not an act.
 */
const REASON_CLAUSE = /\b(?:since|because|now that|given that|seeing that|considering that)\b[^.]*$/i;

/** The rows with a global copy of each pattern, to read every report of a row in a sentence. */
const REPORTS = REPORT_ROWS.map(readableRow);

/** A row with every field set, in one order: one loop reads both tables, so every row has one shape. */
function readableRow(row: { id: string; pattern: RegExp; subjectIsObject: boolean; cue?: CueMask; lead?: true; needs?: (text: string) => boolean; skips?: ReadonlySet<string>; state?: true }) {
  return { id: row.id, pattern: row.pattern, all: new RegExp(row.pattern.source, 'gi'), subjectIsObject: row.subjectIsObject, cue: row.cue, lead: row.lead, needs: row.needs, skips: row.skips, state: row.state };
}

/** Words before a report that make it no report of a completed act (a negation, a condition, a wish). */
const NOT_A_REPORT = new RegExp(`\\b${phrases(NOT_AN_ACT_REPORT)}\\b[^.]*$`, 'i');
/** "I've noted that": an acknowledgement, unless it names a store (the family rows read those) or a place it was put. */
const ACKNOWLEDGEMENTS = new Set(['note', 'remember']);
/** "… noted on her contact record", "noted in the ticket": where a note was put. */
const PUT_SOMEWHERE = /^\s+(?:(?:down\s+)?(?:on|in|to|into|against)\s+(?:the|her|his|their|your|this|that|its)\s)/i;

/** "has already been cancelled" describes a state the lookup showed, not an act of this reply. */
const STATE_READ = /\balready\b/i;
/** A state read from a record: "It looks like your order…", "According to our records…". */
const STATE_INTRO = new RegExp(`\\b${phrases(STATE_INTROS)}\\b`, 'i');
/** "I checked reservation VA5SGQ — it's booked…": a state the assistant read, before a passive. */
const LOOKUP_INTRO = new RegExp(`\\b${phrases(LOOKUP_INTROS)}\\b`, 'i');

/** "nothing was added", "none of them were cancelled": no act reported. */
const NOTHING_DONE = /\b(?:nothing|none|neither|nor|no longer)\b[^.]*$/i;

/** The text after the last dash or semicolon that ends a clause ("… on Friday — the address…"). */
function afterLastDash(before: string): string {
  let cut = -1;
  for (const separator of ['\u2014', '\u2013', ' - ', ';']) cut = Math.max(cut, before.lastIndexOf(separator));
  return cut < 0 ? before : before.slice(cut + 1);
}

/** A parenthesised aside with no parentheses inside, bounded: replies are untrusted. */
const PARENTHESES = /\([^()]{0,200}\)/g;

/** The clause a report sits in: the words since the last punctuation or conjunction. */
function lastClause(before: string): string {
  // An aside in parentheses is part of the clause ("Both legs (HAT230 and HAT016) have been upgraded"): blanked, not a break.
  const flat = before.includes('(') ? before.replace(PARENTHESES, (aside) => ' '.repeat(aside.length)) : before;
  // A full stop inside "$181.37" or "#W1.2" ends nothing.
  const parts = flat.split(/[;:!?()\n\u2014\u2013]|\s-\s|\.(?=\s|$)|,\s|\s(?:and|but|so|then)\s/);
  return parts.at(-1) ?? '';
}

/** The end of `text` from the start of its `n`th last word, as written (so its length is an offset back into the sentence). */
function lastWords(text: string, n: number): string {
  let i = text.length;
  while (i > 0 && isSpaceCode(text.charCodeAt(i - 1))) i--;
  for (let words = 0; i > 0 && words < n; ) {
    while (i > 0 && !isSpaceCode(text.charCodeAt(i - 1))) i--;
    if (++words === n) break;
    while (i > 0 && isSpaceCode(text.charCodeAt(i - 1))) i--;
  }
  return text.slice(i);
}

export const NON_OBJECTS: ReadonlySet<string> = new Set([
  'i', 'we', 'you', 'it', 'this', 'that', 'these', 'those', 'them', 'they', 'he', 'she', 'your', 'my', 'our', 'their', 'his',
  'her', 'its', 'the', 'a', 'an', 'one', 'two', 'three', 'all', 'both', 'each', 'every', 'some', 'any', 'to', 'for', 'on',
  'in', 'at', 'from', 'with', 'by', 'of', 'and', 'or', 'as', 'so', 'now', 'also', 'just', 'successfully', 'up', 'out',
  'back', 'over', 'into', 'onto', 'off', 'here', 'there', 'been', 'is', 'are', 'was', 'were', 'has', 'have',
  'everything', 'something', 'me', 'us', 'too', 'again', 'already', 'new', 'please', 'which', 'who',
]);

/**
 * The words naming things, singular and each once, in order: the runs of a–z, "'" and "-" in the
 * lower-cased text (any other character ends a word), of two characters or more, that are not
 * pronouns, articles or particles, without a possessive "'s".
 */
export function objectWords(text: string): string[] {
  const lower = text.toLowerCase();
  const words = new Set<string>();
  let i = 0;
  while (i < lower.length) {
    while (i < lower.length && !isObjectCode(lower.charCodeAt(i))) i++;
    let end = i;
    while (end < lower.length && isObjectCode(lower.charCodeAt(end))) end++;
    // A quote around a title is no part of its words: "the 'quarterly review'".
    while (end > i && lower.charCodeAt(i) === 39) i++;
    while (end > i + 1 && lower.charCodeAt(end - 1) === 39 && lower.charCodeAt(end - 2) !== 115) end--;
    if (end - i > 1) {
      const word = lower.slice(i, end);
      if (!NON_OBJECTS.has(word)) words.add(singular(word.endsWith("'s") ? word.slice(0, -2) : word));
    }
    i = end;
  }
  return [...words];
}

/** a–z, "'" and "-": the characters of an object word. */
function isObjectCode(code: number): boolean {
  return (code >= 97 && code <= 122) || code === 39 || code === 45;
}

/** What follows a report up to the end of its clause. */
export const CLAUSE_END = /[.;!?:\n]|\s[\u2014\u2013-]\s|,\s*(?:and|but|so|which)\b/;

/**
 * A second report joined by "and" with a subject of its own: the words after it name its things,
 * not the first report's.
 *
 *   cuts:  "Your reminder has been added| and I've added your dentist appointment"
 *   cuts:  "The seat was changed| and one checked bag has been added"
 *   keeps: "I've added the bag and the seat to your booking" (one report, two things)
 */
const NEXT_REPORT = /\s(?:and|but|then)\s+(?:(?:also|then)\s+)?(?:(?:i|we)(?:'ve|'d|\s+have|\s+also|\s+then|\s+just)?\s|(?:[\w'-]+\s+){0,4}?(?:has|have|had)\s+(?:\w+\s+)?been\b|(?:[\w'-]+\s+){0,4}?(?:was|were)\s+\w+ed\b)/i;

/** `text.split(separator)[0]`, for a separator that matches no empty text: the text before its first match. */
export function beforeFirst(text: string, separator: RegExp): string {
  const match = separator.exec(text);
  return match ? text.slice(0, match.index) : text;
}

/**
 * A container opens after the thing: "one checked bag | to your reservation", "the address | of
 * your order", "your gym class | to your calendar". The words before the first container word;
 * "with" adds the thing again ("updated your reservation with one checked bag").
 */
const CONTAINER_OPENING = /(?:^|\s)(?:to|into|in|on|onto|of|from|for|at|under|within)\s/;
const WITH_THING = /(?:^|\s)with\s+(.*)$/;

function beforeContainer(words: string): string {
  if (words === '') return words;
  const withThing = WITH_THING.exec(words);
  const head = withThing ? words.slice(0, withThing.index) : words;
  const cut = beforeFirst(head, CONTAINER_OPENING);
  return withThing ? `${cut} ${beforeFirst(withThing[1]!, CONTAINER_OPENING)}` : cut;
}

/**
 * An amount of money right after the act ("sent 20 to Mark", "transferred $1,100 into savings"): the
 * report acts on money, whatever words follow. A count of things ("sent 3 messages") is no amount.
 *
 *   reads:   "I've transferred 50 to CH93…" / "sent $20.50 via …" / "paid 98.70." / "moved 1,200 eur from …"
 *   ignores: "I've sent 3 messages to Bob" / "booked 2 rooms" / "added 1 bag to your reservation"
 */
const MONEY_AMOUNT = /^\s*(?:(?:the\s+)?(?:sum|amount)\s+of\s+)?(?:[$\u20ac\u00a3]\s?|(?:usd|eur|gbp|chf)\s?)?\d[\d,]*(?:\.\d+)?(?:\s*(?:usd|eur|gbp|chf|dollars?|euros?|pounds?|francs?|bucks))?(?=\s+(?:to|from|for|into|via|with|on|back)\b|\s*[.,;!)\u2014\u2013(]|\s*$)/i;
/** The object kind an amount of money stands for. */
export const MONEY_KIND = 'money';

/** The completion reports in one of the assistant's sentences (at most one per pattern). */
export function actionReports(sentence: Sentence, byGrammar = true): readonly ActionReport[] {
  const text = sentence.folded;
  if (!byGrammar) {
    if (!hasAnyCue(sentence.cues, COMPLETED_CUE) || text.endsWith('?')) return NO_REPORTS;
    const reports: ActionReport[] = [];
    readReports(REPORTS, sentence, reports);
    return reports.length === 0 ? NO_REPORTS : reports;
  }
  // Every report of the lexicon names a completed form, and every report read by grammar one of the
  // written rows' cues or a participle first: most sentences skip every pattern.
  const completed = hasAnyCue(sentence.cues, COMPLETED_CUE);
  if ((!completed && !mayReadByGrammar(sentence)) || text.endsWith('?')) return NO_REPORTS;
  const reports: ActionReport[] = [];
  if (completed) readReports(REPORTS, sentence, reports);
  if (reports.length === 0 && (!completed || mayReadByGrammar(sentence))) readReports(WRITTEN, sentence, reports);
  return reports.length === 0 ? NO_REPORTS : reports;
}
const NO_REPORTS: readonly ActionReport[] = [];
/** The cues of the rows that read reports by grammar. */
const WRITTEN_CUE = cueMask('have_opening', 'claim_been', 'claim_now');

/** Whether a row reading reports by grammar can match: " now", or a participle first or after "'ve", "have", "been". */
function mayReadByGrammar(sentence: Sentence): boolean {
  const text = sentence.folded;
  if (participleAfter(text, 0, 1)) return true;
  if (!hasAnyCue(sentence.cues, WRITTEN_CUE)) return false;
  return text.includes(' now') || participleAfter(text, text.indexOf('ve ')) || participleAfter(text, text.indexOf('have ')) || participleAfter(text, text.indexOf('been '));
}

function readReports(rows: typeof REPORTS | typeof WRITTEN, sentence: Sentence, reports: ActionReport[]): void {
  const text = sentence.folded;
  const written = rows === WRITTEN;
  for (const row of rows) {
    if (row.cue && !hasAnyCue(sentence.cues, row.cue)) continue;
    if (row.needs && !row.needs(text)) continue;
    // Every report of the row, not the first only: "your flights have been updated and one bag has been added" is two.
    const all = row.all;
    all.lastIndex = 0;
    for (let match = all.exec(text); match !== null; match = all.exec(text)) {
      if (row.lead) {
        // One match at the start: read it as a match of the form alone.
        all.lastIndex = text.length;
        const lead = match[1]!.length;
        match = Object.assign([match[0].slice(lead), match[2]!], { index: match.index + lead, input: text }) as unknown as RegExpExecArray;
      }
      // The cheap tests first: a form that names no act the lexicon checks is no report.
      const form = match[1]!.toLowerCase().replace(/\s+/g, ' ');
      const verb = written ? writtenVerb(form) : actionLemma(form);
      if (!verb || LOOKUP_VERBS.has(verb)) continue;
      // "I've noted that", "Noted!": an acknowledgement; "noted on her contact record" puts it somewhere.
      if (ACKNOWLEDGEMENTS.has(verb) && !PUT_SOMEWHERE.test(text.slice(match.index + match[0].length))) continue;
      if (row.skips?.has(form)) continue;
      // "Order #W167 is now marked as 'exchange requested'": a status the act left, not another act.
      if (verb === 'mark' && row.subjectIsObject && /^\s+as\b/i.test(text.slice(match.index + match[0].length))) continue;
      const before = text.slice(0, match.index);
      // "Let's reset it": "'s" after "let" is no "is".
      if (row.subjectIsObject && before.endsWith('let')) continue;
      // A negation or condition counts within its clause: "Your order will arrive Friday — the address has been updated" reports.
      const ownClause = afterLastDash(before);
      if (NOT_A_REPORT.test(ownClause) || NOTHING_DONE.test(ownClause) || STATE_INTRO.test(before) || (row.state && LOOKUP_INTRO.test(before)) || (row.subjectIsObject && REASON_CLAUSE.test(ownClause))) continue;
      const clause = row.subjectIsObject ? lastClause(before) : '';
      // "has already been cancelled … and the refund was issued": a state the lookup showed.
      if (row.subjectIsObject && (STATE_READ.test(match[0]) || STATE_READ.test(clause) || /\balready\b[^.;]*\band\s+(?:the|your|a)\b[^.;]*$/i.test(before))) continue;
      const subject = row.subjectIsObject ? lastWords(clause, 9) : '';
      const after = beforeFirst(beforeFirst(text.slice(match.index + match[0].length), CLAUSE_END), NEXT_REPORT);
      const start = row.subjectIsObject ? match.index - subject.length : match.index;
      const afterWords = after.split(/\s+/).slice(0, 10).join(' ');
      const objects = objectWords(`${subject} ${afterWords}`);
      const things = objectWords(`${beforeContainer(subject)} ${beforeContainer(afterWords)}`);
      if (MONEY_AMOUNT.test(after)) {
        objects.unshift(MONEY_KIND);
        things.unshift(MONEY_KIND);
      }
      reports.push({
        verb,
        objects,
        things: things.length > 0 ? things : objects,
        text: sentence.text.slice(Math.max(0, start), match.index + match[0].length).trim(),
        index: Math.max(0, start),
        perfect: row.id === 'I have done it' || row.id === 'it has been done' || row.id === 'and did it too',
        marked: written || MARKED_ROWS.has(row.id),
        subjectIsObject: row.subjectIsObject,
        present: row.id === 'it is done',
        written,
        result: written && form.startsWith('now '),
      });
    }
  }
}
