/**
 * When a promised act is to happen: cues for a time, an external event, a later session, the
 * rest of this conversation, and the user's next message. Each cue is a named row so the
 * explanation can say which words decided the trigger.
 */
import type { TriggerType } from '../../core/types.ts';
import { cueMask, hasAnyCue, type Cue } from './cues.ts';
import { ALL_CUES, type CueMask } from './literal-scanner.ts';
import { inOrder, phrases, phrasesByFirstWord, USER_MESSAGE_VERBS } from './lexicon.ts';
import * as L from './trigger-lexicon.ts';
import { gatedOnOwnWork } from './own-work.ts';
import { WATCH_ACTS } from './act-lexicon.ts';

const WEEKDAY = inOrder(L.WEEKDAYS);
const MONTH = inOrder(L.MONTHS);
const PART_OF_DAY = inOrder(L.PARTS_OF_DAY);
const NUMBER_WORD = `(?:\\d+|${inOrder(L.NUMBER_WORDS)})`;
const CLOCK = '(?:\\d{1,2}(?::\\d{2}|\\.\\d{2})?\\s*(?:am|pm|a\\.m\\.|p\\.m\\.|o\'clock)?|noon|midnight|midday)';
const UNIT = inOrder(L.UNITS);

/** Every cue's name: decisions compare these, never display text. */
export type CueId =
  | 'tomorrow' | 'tonight' | 'weekday' | 'clock time' | 'bare clock' | 'relative span' | 'next period' | 'part of day' | 'date'
  | 'deadline' | 'recurring' | 'before due' | 'later today' | 'later' | 'next session' | 'this conversation' | 'from now on'
  | 'event' | 'until' | 'own work' | 'user message' | 'upcoming input';

export interface TriggerCue {
  id: CueId;
  pattern: RegExp;
}

/** Cues compiled into one alternation, so finding the earliest cue takes one pass over the text. */
export interface CueSet {
  cues: readonly TriggerCue[];
  combined: RegExp;
  /** The capture group that holds cue i's match in `combined`. */
  groupOf: readonly number[];
  /** The literal cue (`cues.ts`) every match holds: a text without it is done with at once. */
  literal: CueMask;
}

/**
 * Each cue is one numbered group of the alternation. Numbered, not named: a match with named
 * groups builds a `groups` object, and finding the cue then cost more than the search.
 */
/**
 * The capturing groups in a pattern's source, read from the text rather than by compiling it (the
 * cue sets are built at import, and compiling every cue there cost more than the rest of the
 * module): a "(" not escaped, not inside a character class and not opening "(?" is one.
 */
export function capturingGroups(source: string): number {
  let groups = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(' && source[i + 1] !== '?') groups++;
  }
  return groups;
}

function cueSet(literal: Cue, cues: readonly TriggerCue[]): CueSet {
  const groupOf: number[] = [];
  let group = 1;
  for (const cue of cues) {
    // A numbered back-reference would point elsewhere once the cue is wrapped in a group.
    if (/\\[1-9]|\(\?</.test(cue.pattern.source.replace(/\(\?<[=!]/g, ''))) throw new Error(`cue ${cue.id}: back-references and named groups cannot be combined`);
    groupOf.push(group);
    group += 1 + capturingGroups(cue.pattern.source);
  }
  const source = cues.map((cue) => `(${cue.pattern.source})`).join('|');
  return { cues, combined: new RegExp(source, 'i'), groupOf, literal: cueMask(literal) };
}

/** A stated or implied future time. */
export const TIME_CUES: CueSet = cueSet('trigger_time', [
  { id: 'tomorrow', pattern: new RegExp(`\\b(?:tomorrow|tmrw)(?:\\s+(?:${PART_OF_DAY}|at\\s+${CLOCK}))?\\b`, 'i') },
  { id: 'tonight', pattern: /\btonight\b/i },
  { id: 'weekday', pattern: new RegExp(`\\b(?:on\\s+|this\\s+|next\\s+|coming\\s+)?${WEEKDAY}(?:\\s+${PART_OF_DAY})?(?:\\s+at\\s+${CLOCK})?\\b`, 'i') },
  { id: 'clock time', pattern: new RegExp(`\\b(?:at|by|around|before|from)\\s+${CLOCK}(?:\\s+(?:tomorrow|today|tonight))?`, 'i') },
  { id: 'bare clock', pattern: /\b\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)(?![a-z])/i },
  { id: 'relative span', pattern: new RegExp(`\\b(?:in|within|after|over)\\s+(?:the\\s+next\\s+)?${NUMBER_WORD}\\s+${UNIT}\\b`, 'i') },
  { id: 'next period', pattern: /\b(?:next|this|coming)\s+(?:week|weekend|month|year|quarter|term|season)\b/i },
  { id: 'part of day', pattern: new RegExp(`\\b(?:this|that|each|every|in the)\\s+${PART_OF_DAY}\\b|\\bfirst thing\\b|\\bthe (?:day|night|morning|evening|week) before\\b|\\bthe morning of\\b`, 'i') },
  { id: 'date', pattern: new RegExp(`\\b(?:on\\s+)?(?:the\\s+)?\\d{1,2}(?:st|nd|rd|th)?(?:\\s+of)?\\s+${MONTH}\\b|\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?\\b|\\bon the \\d{1,2}(?:st|nd|rd|th)\\b|\\b(?:early|mid|late|end of|start of|beginning of|in)\\s+${MONTH}\\b`, 'i') },
  { id: 'deadline', pattern: new RegExp(`\\bby\\s+(?:the\\s+)?(?:end of (?:the )?(?:day|week|month)|close of business|tomorrow|tonight|${WEEKDAY}|${MONTH}|\\d)`, 'i') },
  { id: 'recurring', pattern: new RegExp(`\\b(?:every|each)\\s+(?:day|morning|evening|night|week|month|${WEEKDAY})\\b|\\bdaily\\b|\\bweekly\\b|\\bmonthly\\b`, 'i') },
  { id: 'before due', pattern: /\b(?:\d+|a|two|three|a couple of|a few)\s+(?:days?|hours?|weeks?)\s+(?:before|ahead of|prior to)\b|\bbefore (?:it'?s|the bill is|the payment is) due\b/i },
  { id: 'later today', pattern: /\blater (?:today|tonight|this (?:week|evening|afternoon|morning))\b|\btoday\b/i },
]);

/** "later", "soon": a future with no time or event. */
export const UNSPECIFIED_CUES: CueSet = cueSet('trigger_later', [
  { id: 'later', pattern: new RegExp(`\\b${inOrder(L.UNSPECIFIED_LATER)}\\b`, 'i') },
]);

/** A future conversation. */
// A set of one cue whose matched words nobody reads (a later session, this conversation) groups
// its phrases by first word: the flat list of every phrase cost about four times as much to try.
export const SESSION_CUES: CueSet = cueSet('trigger_session', [
  {
    id: 'next session',
    // "on file" is found first, then the words before it are looked at: a look-behind tried at every place cost more than the phrases.
    pattern: new RegExp(`\\b(?:${phrasesByFirstWord(L.NEXT_SESSION)}|on file(?<!${phrases(L.DATA_ON_FILE)}\\son file)|${inOrder(L.LATER_VISIT)})\\b`, 'i'),
  },
]);

/** The rest of this conversation: such promises wait for the user's next message. */
export const SAME_CONVERSATION_CUES: CueSet = cueSet('trigger_this_conversation', [
  { id: 'this conversation', pattern: new RegExp(`\\b${phrasesByFirstWord(L.THIS_CONVERSATION)}\\b`, 'i') },
  // "I'll use Celsius from now on" keeps to this conversation (LABELING.md), unless it is about remembering.
  { id: 'from now on', pattern: /\bfrom (?:now|here) on(?: in| out)?\b|\bgoing forward\b/i },
  // "for the article you paste next", "for your upcoming requests": input still to come in this chat.
  {
    id: 'upcoming input',
    pattern: new RegExp(
      [
        `\\b(?:your|my|the|this|these|each|every|any)\\s+(?:next|upcoming|following)\\s+(?:[\\w-]+\\s+)?${inOrder(L.UPCOMING_INPUTS)}\\b`,
        `\\byou(?:'ll|\\s+will|'re\\s+going\\s+to|\\s+are\\s+going\\s+to)?\\s+${inOrder(L.USER_SENDS)}(?:\\s+to\\s+[\\w-]+)?\\s+(?:me\\s+)?next\\b`,
        `\\byou(?:'re|\\s+are)\\s+about\\s+to\\s+${inOrder(L.USER_SENDS)}\\b`,
      ].join('|'),
      'i',
    ),
  },
]);

/** When something happens. */
export const EVENT_CUES: CueSet = cueSet('trigger_event', [
  {
    id: 'event',
    // "when you…" waits for the user, "as soon as possible" is a manner; any word after an opener is an event's subject.
    pattern: new RegExp(`\\b${inOrder(L.EVENT_OPENERS)}\\s+(?!${phrases(L.NOT_EVENT_SUBJECTS)}\\b)[a-z]+(?:'s)?\\b`, 'i'),
  },
  { id: 'until', pattern: /\b(?:until|till) (?:it|the|your)\b/i },
]);

const USER_MESSAGE_CONDITION = new RegExp(
  `\\b${phrases(L.USER_WAIT_OPENERS)}\\s+${phrases(L.USER_WAIT_SUBJECTS)}\\s+(?:${phrases(L.USER_WAIT_ADVERBS)}\\s+)?${phrases(USER_MESSAGE_VERBS)}(?:s|d|ed|ing)?\\b`,
  'i',
);
const USER_MESSAGE_IMPERATIVE = new RegExp(`^[*_\\s]*(?:${phrases(L.IMPERATIVE_LEADS)}\\s+)*${phrases(L.USER_IMPERATIVES)}\\b`, 'i');
/** The assistant (or "we" of a support bot) waits for what it asked for: "Once we receive this information, …", "With these details, I will…". */
const USER_CONDITION_SHORT = new RegExp(
  [
    `\\b${phrases(L.WAITING_OPENERS)} ${phrases(L.ASSISTANT_RECEIVES)}(?: ${phrases(L.USER_DETAILS)})?\\b`,
    `\\b${phrases(L.WAITING_OPENERS)} ${phrases([...L.USER_DETAILS, ...L.USER_VERIFIED])} `,
    `\\b${phrases(L.WITH_DETAILS)}\\b`,
    `^\\W*${phrases(L.UPON_RECEIVING)} `,
  ].join('|'),
  'i',
);

export interface TriggerDecision {
  trigger: TriggerType;
  cue: CueId | null;
  timeExpression: string | null;
}

/** What a precedence row sees: the promise's own words and the words before it in the sentence. */
interface TriggerWords {
  predicate: string;
  lead: string;
  /** The literal cues of the sentence(s) both come from. */
  cues: CueMask;
}

interface TriggerRow {
  /** Why the row decides, for the README and tests. */
  id: string;
  decide(words: TriggerWords): TriggerDecision | null;
}

/**
 * Watching over time ("keep tabs on it", "monitor", "keep an eye on"): a promise to watch outlasts the
 * user's reply that opens it, so "once you've sent the tracking number, I'll keep tabs on it" is not
 * kept by answering that message. A one-off check ("check on it", "track down the form") is.
 */
const ONGOING_WATCH = new RegExp(`\\b${phrases(WATCH_ACTS.filter((act) => !act.startsWith('check')))}\\b(?!\\s+down\\b)`, 'i');

const userMessageCue = (words: TriggerWords) =>
  USER_MESSAGE_CONDITION.test(words.predicate) ||
  USER_MESSAGE_CONDITION.test(words.lead) ||
  USER_CONDITION_SHORT.test(words.lead) ||
  USER_MESSAGE_IMPERATIVE.test(lastSegment(words.lead)) ||
  // "To help you further, please provide your details, and an agent will…": an imperative in any part of the lead.
  (/\band\s*$/i.test(words.lead) && words.lead.split(/[,;:\u2014\u2013]|\s-\s/).some((part) => USER_MESSAGE_IMPERATIVE.test(part.trim())));

const cue = (set: CueSet, text: string, cues: CueMask, trigger: TriggerType): TriggerDecision | null => {
  const found = firstMatch(set, text, cues);
  return found ? { trigger, cue: found.id, timeExpression: trigger === 'time' ? found.text : null } : null;
};

/**
 * Trigger precedence, first row wins: explicit words for this chat; a later session; a time in the
 * promise's own words; an event in them (unless it is the user's reply); the assistant's own check
 * finishing; the user's next message; a time or an event in the words before; else an unspecified
 * future ("later", "soon").
 */
export const TRIGGER_PRECEDENCE: readonly TriggerRow[] = [
  {
    id: 'this conversation',
    // "From now on" yields to explicit words for later sessions; "in this chat" never does.
    decide: ({ predicate, lead, cues }) => {
      const same = firstMatch(SAME_CONVERSATION_CUES, predicate, cues) ?? firstMatch(SAME_CONVERSATION_CUES, lead, cues);
      if (!same) return null;
      if (same.id !== 'this conversation' && (firstMatch(SESSION_CUES, predicate, cues) ?? firstMatch(SESSION_CUES, lead, cues))) return null;
      // "I'll send the rest in my next message tomorrow": a time named with the input to come decides.
      if (same.id === 'upcoming input' && firstMatch(TIME_CUES, predicate, cues)) return null;
      return { trigger: 'user_next_message', cue: same.id, timeExpression: null };
    },
  },
  { id: 'later session', decide: ({ predicate, lead, cues }) => cue(SESSION_CUES, predicate, cues, 'next_session') ?? cue(SESSION_CUES, lead, cues, 'next_session') },
  { id: 'own time', decide: ({ predicate, cues }) => cue(TIME_CUES, predicate, cues, 'time') },
  { id: 'own event', decide: (words) => (USER_MESSAGE_CONDITION.test(words.predicate) ? null : cue(EVENT_CUES, words.predicate, words.cues, 'external_event')) },
  // "As soon as I have gathered the details, I will send you an update": the assistant's own lookup, not the user's reply.
  { id: 'own work', decide: ({ predicate, lead, cues }) => (gatedOnOwnWork(lead, cues) || gatedOnOwnWork(predicate, cues) ? { trigger: 'external_event', cue: 'own work', timeExpression: null } : null) },
  { id: "user's next message", decide: (words) => (userMessageCue(words) && !ONGOING_WATCH.test(words.predicate) ? { trigger: 'user_next_message', cue: 'user message', timeExpression: null } : null) },
  { id: 'time before', decide: ({ lead, cues }) => cue(TIME_CUES, lead, cues, 'time') },
  { id: 'event before', decide: ({ lead, cues }) => cue(EVENT_CUES, lead, cues, 'external_event') },
  {
    id: 'unspecified',
    decide: ({ predicate, cues }) => {
      const later = firstMatch(UNSPECIFIED_CUES, predicate, cues);
      return { trigger: 'unspecified_future', cue: later?.id ?? null, timeExpression: later?.text ?? null };
    },
  },
];

/**
 * The trigger of a promise, from its own words (`predicate`) first, then from the words before
 * it in the sentence (`lead`, e.g. "Once you send it, …"), by the precedence table. `cues` are the
 * literal cues of the sentence(s) the words come from (all, when unknown).
 */
export function decideTrigger(predicate: string, lead: string, cues: CueMask = ALL_CUES): TriggerDecision {
  const words: TriggerWords = { predicate, lead, cues };
  for (const row of TRIGGER_PRECEDENCE) {
    const decided = row.decide(words);
    if (decided) return decided;
  }
  throw new Error('the trigger precedence ends with a row that always decides');
}

/** The words after the last comma or dash: "If it changes, send me the amounts and" → "send me the amounts and". */
function lastSegment(lead: string): string {
  return (lead.split(/[,;:\u2014\u2013]|\s-\s/).at(-1) ?? '').trim();
}

/**
 * The earliest cue of `set` in `text`. `cues` is what the literal scan found in the sentence (or
 * sentences) `text` comes from: without the set's literal no cue can match, and none is tried.
 */
export function firstMatch(set: CueSet, text: string, cues: CueMask = ALL_CUES): { id: CueId; text: string } | null {
  if (!hasAnyCue(cues, set.literal)) return null;
  const match = set.combined.exec(text);
  if (!match) return null;
  let index = 0;
  while (index < set.groupOf.length && match[set.groupOf[index]!] === undefined) index++;
  return { id: set.cues[index < set.groupOf.length ? index : 0]!.id, text: match[0].trim() };
}

export const STRONG_TIME_CUES: CueSet = cueSet('trigger_time', TIME_CUES.cues.filter((cue) => cue.id !== 'later today'));

/** A time, a later session or an event: enough to set an otherwise ordinary act after the turn. */
export function strongFutureCue(text: string, cues: CueMask = ALL_CUES): { id: CueId; text: string } | null {
  return firstMatch(STRONG_TIME_CUES, text, cues) ?? firstMatch(SESSION_CUES, text, cues) ?? firstMatch(EVENT_CUES, text, cues);
}
