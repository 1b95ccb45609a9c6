/**
 * Finds future-directed clauses in a sentence: a subject, a future marker ("'ll", "will",
 * "am going to", "shall"), and the predicate up to the end of the clause. The commitment rules
 * then decide what each clause is.
 */
import * as L from './clause-lexicon.ts';
import { cueMask, hasAnyCue } from './cues.ts';
import { inOrder } from './lexicon.ts';
import { isSpaceCode } from './char-codes.ts';
import type { CueMask } from './literal-scanner.ts';
import type { Sentence } from './text-regions.ts';

const FUTURE_CUE = cueMask('future');

export interface FutureClause {
  sentence: Sentence;
  /** The subject words before the marker, e.g. "I", "a member of our billing team". */
  subject: string;
  /** Words of the sentence before the subject (conditions such as "Once you send it,"). */
  lead: string;
  /** The marker as written: "'ll", "will", "won't", "am going to", "shall". */
  marker: string;
  /** From the marker's end to the end of the clause. */
  predicate: string;
  /** The user's message asks about later conversations ("for next time", "from now on"). */
  userAsksForLater: boolean;
  /** The user's message says more input is coming in this chat ("I will paste the article next"). */
  userSendsMore: boolean;
  /** Offsets (into the reply) of the shortest span holding the promise: subject to clause end. */
  spanStart: number;
  spanEnd: number;
  /** The literal cues of the sentence and of the one it continues: every word of the clause is in them. */
  cues: CueMask;
}

const MARKER = /(?:\b(will|shall|won't|wont)\b|'ll\b|\b(?:am|are|is)\s+(?:going\s+to|gonna)\b|'(?:m|re|s)\s+(?:going\s+to|gonna)\b)/gi;
/** Where a subject starts: after these words or punctuation the next words are a new clause. */
const SUBJECT_BOUNDARY = new RegExp(
  `(?:[,;:(\\u2014\\u2013]|\\s[-\\u2013\\u2014]\\s|\\b${inOrder(L.SUBJECT_BOUNDARY_WORDS)}\\b|[\\u{1F300}-\\u{1FAFF}\\u2600-\\u27BF\\u2B50\\u2705]+|\\*\\*)\\s*`,
  'giu',
);
/** Where a promise's clause ends. */
const CLAUSE_END = new RegExp(
  [
    '[.;!?](?=\\s|$)|\\s[\\u2014\\u2013]\\s|\\s-\\s|[\\u2014\\u2013]',
    `,\\s*${inOrder(L.COMMA_CLAUSE_ENDS)}\\b`,
    `\\s+so\\s+${inOrder(L.SO_WHAT)}\\b`,
    ':\\s|\\s\\(|\\s+but\\s',
    `\\s+and\\s+${inOrder(L.AND_WHO_CAN)}\\b`,
    "\\s+and\\s+(?=(?:i|we)(?:'ll|\\s+will|\\s+shall)\\b)",
    '\\s+[\\u{1F300}-\\u{1FAFF}\\u2600-\\u27BF\\u2705]',
  ].join('|'),
  'iu',
);

/**
 * `carried` is the sentence this one continues, when a quote or draft cut it in two
 * ("…start with something like: > "…" and I'll tailor it"): its words still condition the promise.
 */
export function futureClauses(sentence: Sentence, carried?: Sentence, userAsksForLater = false, userSendsMore = false): FutureClause[] {
  const clauses: FutureClause[] = [];
  if (!hasAnyCue(sentence.cues, FUTURE_CUE)) return clauses;
  const text = sentence.folded;
  const cues = carried ? { lo: sentence.cues.lo | carried.cues.lo, hi: sentence.cues.hi | carried.cues.hi } : sentence.cues;
  MARKER.lastIndex = 0;
  for (let match = MARKER.exec(text); match; match = MARKER.exec(text)) {
    const markerStart = match.index;
    const markerEnd = markerStart + match[0].length;
    let subjectStart = lastBoundary(text, markerStart);
    // "…next spring I'll…": a pronoun right before the marker is the whole subject.
    const pronoun = /\b(?:i|we|they|he|she)\s*$/i.exec(text.slice(subjectStart, markerStart));
    if (pronoun) subjectStart += pronoun.index;
    const subject = text.slice(subjectStart, markerStart).trim() || implicitSubject(text.slice(0, subjectStart));
    const rest = text.slice(markerEnd);
    const endMatch = CLAUSE_END.exec(rest);
    // A clause ending immediately (e.g. "Will do.") has no predicate to judge.
    const predicateEnd = endMatch ? endMatch.index : rest.length;
    const predicate = rest.slice(0, predicateEnd).trim();
    let spanStart = subjectStart;
    while (spanStart < markerStart && isSpanEdge(text.charCodeAt(spanStart))) spanStart++;
    let spanEnd = markerEnd + predicateEnd;
    while (spanEnd > spanStart && (isSpanEdge(text.charCodeAt(spanEnd - 1)) || text.charCodeAt(spanEnd - 1) === 44)) spanEnd--; // ,
    clauses.push({
      sentence,
      subject,
      lead: carried ? `${carried.folded} ${text.slice(0, subjectStart)}` : text.slice(0, subjectStart),
      marker: match[0],
      userAsksForLater,
      userSendsMore,
      predicate,
      spanStart: sentence.start + spanStart,
      spanEnd: sentence.start + spanEnd,
      cues,
    });
  }
  return clauses;
}

/**
 * The subject a clause leaves unsaid: "Our team is on it and will call you" (the subject of the
 * clause before "and"), "a reminder that'll pop up at 5" (the noun before "that").
 */
function implicitSubject(lead: string): string {
  const relative = /((?:[\w'-]+\s+){0,3}[\w'-]+)\s+(?:that|which|who)\s*$/i.exec(lead);
  if (relative) return relative[1]!;
  if (!/\band\s*$/i.test(lead)) return '';
  const clause = lead.replace(/\band\s*$/i, '').split(/[,;:.!?\u2014]/).at(-1) ?? '';
  const subject = /^\W*((?:[\w'-]+\s+){0,5}?)(?:is|are|was|were|has|have|had|'s|'ve|'re|can|could|will|would|did|does|do|[\w-]+(?:ed|s))\b/i.exec(clause.replace(/[*_]/g, ''));
  const words = (subject?.[1] ?? '').trim();
  return words === '' && /^\W*i'/i.test(clause) ? 'I' : words;
}

/** `[\s*_"']`: what a span does not start or end with. */
function isSpanEdge(code: number): boolean {
  return isSpaceCode(code) || code === 42 || code === 95 || code === 34 || code === 39; // * _ " '
}

function lastBoundary(text: string, before: number): number {
  const head = text.slice(0, before);
  let start = 0;
  SUBJECT_BOUNDARY.lastIndex = 0;
  for (let match = SUBJECT_BOUNDARY.exec(head); match; match = SUBJECT_BOUNDARY.exec(head)) {
    const end = match.index + match[0].length;
    if (match[0].length === 0) {
      SUBJECT_BOUNDARY.lastIndex++;
      continue;
    }
    // Keep "a member of our team", "someone from billing": only cut where the rest still has a subject.
    if (end <= before) start = end;
  }
  return start;
}
