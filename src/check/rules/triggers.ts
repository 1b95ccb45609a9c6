/**
 * When a promised act is to happen: cues for a time, an external event, a later session, the
 * rest of this conversation, and the user's next message. Each cue is a named row so the
 * explanation can say which words decided the trigger.
 */
import type { TriggerType } from '../../core/types.ts';
import { phrases, USER_MESSAGE_VERBS } from './lexicon.ts';

const WEEKDAY = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thurs|fri|sat|sun)';
const MONTH = '(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)';
const PART_OF_DAY = '(?:morning|afternoon|evening|night|lunchtime|lunch|noon|midday|teatime|bedtime)';
const NUMBER_WORD = '(?:\\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|forty-five|a few|a couple of|couple of|several)';
const CLOCK = '(?:\\d{1,2}(?::\\d{2}|\\.\\d{2})?\\s*(?:am|pm|a\\.m\\.|p\\.m\\.|o\'clock)?|noon|midnight|midday)';
const UNIT = '(?:minutes?|mins?|hours?|hrs?|days?|working days?|business days?|weeks?|months?|years?)';

/** Every cue's name: decisions compare these, never display text. */
export type CueId =
  | 'tomorrow' | 'tonight' | 'weekday' | 'clock time' | 'bare clock' | 'relative span' | 'next period' | 'part of day' | 'date'
  | 'deadline' | 'recurring' | 'before due' | 'later today' | 'later' | 'next session' | 'this conversation' | 'from now on'
  | 'event' | 'until' | 'user message';

export interface Cue {
  id: CueId;
  pattern: RegExp;
}

/** Cues compiled into one alternation, so finding the earliest cue takes one pass over the text. */
export interface CueSet {
  cues: readonly Cue[];
  combined: RegExp;
}

function cueSet(cues: readonly Cue[]): CueSet {
  const source = cues.map((cue, i) => `(?<c${i}>${cue.pattern.source})`).join('|');
  return { cues, combined: new RegExp(source, 'i') };
}

/** A stated or implied future time. */
export const TIME_CUES: CueSet = cueSet([
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
export const UNSPECIFIED_CUES: CueSet = cueSet([
  { id: 'later', pattern: /\b(?:later(?: on)?|shortly|soon|in a bit|in a while|at some point|in due course|down the line|when i can|asap|as soon as possible)\b/i },
]);

/** A future conversation. */
export const SESSION_CUES: CueSet = cueSet([
  {
    id: 'next session',
    pattern:
      /\b(?:next time|the next time|future (?:chats?|conversations?|sessions?|requests?|questions?|messages?|visits?|interactions?|contacts?)|(?:in|for) (?:the )?future|for next time|later (?:chats?|conversations?|sessions?)|(?:next|another|a new|our next) (?:chat|conversation|session)|whenever you (?:come back|return|ask|message|chat|get in touch|contact|reach out|talk|write|next)|when(?:ever)? you (?:come back|return|next)|(?:any|every) ?time you (?:come back|ask|get in touch|contact|message|chat|reach out|talk|write)|each time you (?:come back|ask|get in touch|contact|message|chat)|(?<!(?:address|card|details|number|e-?mail|method|information|info|account|phone|name)\s)on file|next visit)\b/i,
  },
]);

/** The rest of this conversation: such promises wait for the user's next message. */
export const SAME_CONVERSATION_CUES: CueSet = cueSet([
  { id: 'this conversation', pattern: /\b(?:in|for|during|throughout) (?:the rest of )?(?:this|our) (?:chat|conversation|session|thread)\b|\bfor the rest of (?:this|our) (?:chat|conversation)\b|\bhere in this chat\b/i },
  // "I'll use Celsius from now on" keeps to this conversation (LABELING.md), unless it is about remembering.
  { id: 'from now on', pattern: /\bfrom (?:now|here) on(?: in| out)?\b|\bgoing forward\b/i },
]);

/** When something happens. */
export const EVENT_CUES: CueSet = cueSet([
  {
    id: 'event',
    pattern:
      /\b(?:when|whenever|as soon as|the (?:moment|minute|second|instant)|once|if|in case|should|the day|any time)\s+(?!you\b|you'(?:re|ve|d)\b|i\b|we\b|possible\b|practicable\b|feasible\b)(?:the|your|my|it|its|they|there|prices?|tickets?|a|an|this|that|anything|something|[a-z]+'s|[a-z]+)\b/i,
  },
  { id: 'until', pattern: /\b(?:until|till) (?:it|the|your)\b/i },
]);

const USER_MESSAGE_CONDITION = new RegExp(
  `\\b(?:once|when|whenever|if|as soon as|after|the moment)\\s+(?:you(?:'ve|'re|\\s+have)?|i (?:know|hear|get|have|receive)|i've (?:got|heard|received))\\s+(?:(?:just|already|got|finally|both)\\s+)?${phrases(USER_MESSAGE_VERBS)}(?:s|d|ed|ing)?\\b`,
  'i',
);
const USER_MESSAGE_IMPERATIVE = new RegExp(
  `^[*_\\s]*(?:(?:so|ok|okay|then|and|just|simply|please|kindly|feel free to|go ahead and)\\s+)*(?:${phrases(['send', 'tell', 'share', 'message', 'ping', 'drop', 'paste', 'give', 'let me know', 'let us know', 'reply', 'ask', 'ask me', 'come back', 'get back to me', 'write', 'pop', 'type', 'shout', 'say', 'start', 'begin', 'open with', 'include', 'mention', 'provide', 'confirm', 'reach out', 'specify'])})\\b`,
  'i',
);
const DETAILS = '(?:that|it|those|them|this|these|the (?:details?|information|info|order number|number|documents?|receipts?|screenshots?)|your (?:details?|information|reply|response|confirmation|answer|order number|account number))';
/** The assistant (or "we" of a support bot) waits for what it asked for: "Once we receive this information, …", "With these details, I will…". */
const USER_CONDITION_SHORT = new RegExp(
  `\\b(?:once|when|as soon as|after) (?:i|we) (?:know|have|hear back|get|receive|'ve (?:got|received|had)|have (?:received|got|had))(?: ${DETAILS})?\\b|\\b(?:once|when|as soon as|after) (?:${DETAILS}|(?:you(?:'re| are)|you've been|your (?:identity|account) (?:is|has been)) (?:verified|confirmed|authenticated)) |\\bwith (?:this|these|that|those|the|your) (?:details?|information|info|answers?)\\b|^\\W*(?:upon|on) (?:receiving|receipt of) `,
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
}

interface TriggerRow {
  /** Why the row decides, for the README and tests. */
  id: string;
  decide(words: TriggerWords): TriggerDecision | null;
}

const userMessageCue = (words: TriggerWords) =>
  USER_MESSAGE_CONDITION.test(words.predicate) ||
  USER_MESSAGE_CONDITION.test(words.lead) ||
  USER_CONDITION_SHORT.test(words.lead) ||
  USER_MESSAGE_IMPERATIVE.test(lastSegment(words.lead)) ||
  // "To help you further, please provide your details, and an agent will…": an imperative in any part of the lead.
  (/\band\s*$/i.test(words.lead) && words.lead.split(/[,;:\u2014\u2013]|\s-\s/).some((part) => USER_MESSAGE_IMPERATIVE.test(part.trim())));

const cue = (set: CueSet, text: string, trigger: TriggerType): TriggerDecision | null => {
  const found = firstMatch(set, text);
  return found ? { trigger, cue: found.id, timeExpression: trigger === 'time' ? found.text : null } : null;
};

/**
 * Trigger precedence, first row wins: explicit words for this chat; a later session; a time in the
 * promise's own words; an event in them (unless it is the user's reply); the user's next message;
 * a time or an event in the words before; else an unspecified future ("later", "soon").
 */
export const TRIGGER_PRECEDENCE: readonly TriggerRow[] = [
  {
    id: 'this conversation',
    // "From now on" yields to explicit words for later sessions; "in this chat" never does.
    decide: ({ predicate, lead }) => {
      const same = firstMatch(SAME_CONVERSATION_CUES, predicate) ?? firstMatch(SAME_CONVERSATION_CUES, lead);
      if (!same) return null;
      if (same.id !== 'this conversation' && (firstMatch(SESSION_CUES, predicate) ?? firstMatch(SESSION_CUES, lead))) return null;
      return { trigger: 'user_next_message', cue: same.id, timeExpression: null };
    },
  },
  { id: 'later session', decide: ({ predicate, lead }) => cue(SESSION_CUES, predicate, 'next_session') ?? cue(SESSION_CUES, lead, 'next_session') },
  { id: 'own time', decide: ({ predicate }) => cue(TIME_CUES, predicate, 'time') },
  { id: 'own event', decide: (words) => (USER_MESSAGE_CONDITION.test(words.predicate) ? null : cue(EVENT_CUES, words.predicate, 'external_event')) },
  { id: "user's next message", decide: (words) => (userMessageCue(words) ? { trigger: 'user_next_message', cue: 'user message', timeExpression: null } : null) },
  { id: 'time before', decide: ({ lead }) => cue(TIME_CUES, lead, 'time') },
  { id: 'event before', decide: ({ lead }) => cue(EVENT_CUES, lead, 'external_event') },
  {
    id: 'unspecified',
    decide: ({ predicate }) => {
      const later = firstMatch(UNSPECIFIED_CUES, predicate);
      return { trigger: 'unspecified_future', cue: later?.id ?? null, timeExpression: later?.text ?? null };
    },
  },
];

/**
 * The trigger of a promise, from its own words (`predicate`) first, then from the words before
 * it in the sentence (`lead`, e.g. "Once you send it, …"), by the precedence table.
 */
export function decideTrigger(predicate: string, lead: string): TriggerDecision {
  for (const row of TRIGGER_PRECEDENCE) {
    const decided = row.decide({ predicate, lead });
    if (decided) return decided;
  }
  throw new Error('the trigger precedence ends with a row that always decides');
}

/** The words after the last comma or dash: "If it changes, send me the amounts and" → "send me the amounts and". */
function lastSegment(lead: string): string {
  return (lead.split(/[,;:\u2014\u2013]|\s-\s/).at(-1) ?? '').trim();
}

export function firstMatch(set: CueSet, text: string): { id: CueId; text: string } | null {
  const match = set.combined.exec(text);
  if (!match) return null;
  const groups = match.groups ?? {};
  const index = set.cues.findIndex((_, i) => groups[`c${i}`] !== undefined);
  return { id: set.cues[Math.max(index, 0)]!.id, text: match[0].trim() };
}

export const STRONG_TIME_CUES: CueSet = cueSet(TIME_CUES.cues.filter((cue) => cue.id !== 'later today'));

/** A time, a later session or an event: enough to set an otherwise ordinary act after the turn. */
export function strongFutureCue(text: string): { id: CueId; text: string } | null {
  return firstMatch(STRONG_TIME_CUES, text) ?? firstMatch(SESSION_CUES, text) ?? firstMatch(EVENT_CUES, text);
}
