/**
 * What a promised act is, read from the words after the future marker ("remind you at 9",
 * "keep an eye on the price", "pass this on to the team"). One row per kind of act; the first
 * row whose pattern matches the start of the predicate wins. Extend a row to teach a new verb.
 */
import type { Capability } from '../../core/types.ts';
import * as L from './act-lexicon.ts';
import { phrases, phrasesByFirstWord, VERB_PREFIXES } from './lexicon.ts';
import { isSpaceCode } from './char-codes.ts';

export type ActKind =
  | 'email'
  | 'sms'
  | 'call'
  | 'file'
  | 'notify'
  | 'deliver'
  | 'watch'
  | 'recall'
  | 'delegate'
  | 'ask_person'
  | 'phatic'
  | 'in_turn';

/** Every act row's name: decisions compare these, never display text. */
export type ActId =
  | 'ask the user' | 'state' | 'availability' | 'email' | 'text message' | 'phone call' | 'file' | 'remind' | 'watch' | 'let you know'
  | 'send' | 'remember' | 'get a person to act' | 'pass on' | 'plan of this reply' | 'narration';

export interface ActRow {
  kind: ActKind;
  id: ActId;
  pattern: RegExp;
}

const w = '[\\w\'-]+';
/** Up to n words of object ("send the full checklist over"). */
const upTo = (n: number) => `(?:${w}\\s+){0,${n}}`;
/** A row matches the start of the predicate in any of its forms. */
const actPattern = (...forms: string[]) => new RegExp(`^(?:${forms.join('|')})`, 'i');

export const ACT_ROWS: readonly ActRow[] = [
  // "If something comes up, I'll ask for your help": asking the user happens in a message of this chat.
  { kind: 'in_turn', id: 'ask the user', pattern: actPattern(`ask (?:you )?(?:for )?your ${phrasesByFirstWord(L.ASK_THE_USER_FOR)}\\b`) },
  // "I'll be starting fresh", "I'll be honest": a state of the assistant, not an act for the user.
  { kind: 'phatic', id: 'state', pattern: actPattern(`be (?!${phrasesByFirstWord(L.BE_ACTS)})`) },
  { kind: 'phatic', id: 'availability', pattern: actPattern(`${phrasesByFirstWord(L.AVAILABILITY)}\\b`) },
  { kind: 'email', id: 'email', pattern: actPattern(phrasesByFirstWord(L.EMAIL_ACTS), `send ${upTo(6)}${phrasesByFirstWord(L.BY_EMAIL)}`) },
  { kind: 'sms', id: 'text message', pattern: actPattern(`(?:text(?! box)|${phrasesByFirstWord(L.SMS_ACTS)}|send ${upTo(6)}${phrasesByFirstWord(L.BY_SMS)})\\b`) },
  { kind: 'call', id: 'phone call', pattern: actPattern(phrasesByFirstWord(L.CALL_ACTS)) },
  { kind: 'file', id: 'file', pattern: actPattern(phrasesByFirstWord(L.FILE_ACTS), `send ${upTo(6)}${phrasesByFirstWord(L.AS_A_FILE)}`, `send (?:over |you )?${upTo(3)}${phrasesByFirstWord(L.FILE_NOUNS)}\\b`) },
  {
    kind: 'notify',
    id: 'remind',
    pattern: actPattern(
      `${phrasesByFirstWord(L.NOTIFY_VERBS)} you\\b`,
      `${phrasesByFirstWord(L.NOTICE_GIVERS)} you (?:${phrasesByFirstWord(L.NOTICE_ARTICLES)} )?(?:${phrasesByFirstWord(L.NOTICE_TONES)} )?${phrasesByFirstWord(L.NOTICES)}`,
      phrasesByFirstWord(L.NOTIFY_ACTS),
      'schedule\\b',
    ),
  },
  { kind: 'watch', id: 'watch', pattern: actPattern(phrasesByFirstWord(L.WATCH_ACTS)) },
  {
    kind: 'notify',
    id: 'let you know',
    // "reach out to the team" and "get in touch with billing" pass the job on (row 'pass on').
    pattern: actPattern(phrasesByFirstWord(L.LET_YOU_KNOW_ACTS), `${phrasesByFirstWord(L.LET_YOU_KNOW_WORDS)}\\b`, 'reach out(?!\\s+to\\s+(?!you\\b))', 'get in touch(?!\\s+with\\s+(?!you\\b))'),
  },
  {
    kind: 'deliver',
    id: 'send',
    pattern: actPattern(phrasesByFirstWord(L.SEND_VERBS), `share ${upTo(6)}with you`, `forward ${upTo(6)}to you`, `get ${upTo(4)}(?:to|over to) you`, `have ${upTo(4)}(?:ready|waiting) for you`),
  },
  {
    kind: 'recall',
    id: 'remember',
    pattern: actPattern(
      phrasesByFirstWord(L.REMEMBER_ACTS),
      `${phrasesByFirstWord(L.KEEP_IN_MIND)}\\b.{0,60}?\\bin mind`,
      phrasesByFirstWord(L.HAVE_ON_RECORD),
      'have\\b.{0,50}?\\bin mind',
      `keep (?:${phrasesByFirstWord(L.KEPT_THINGS)}|your \\w+) ${phrasesByFirstWord(L.KEPT)}`,
      `${phrasesByFirstWord(L.KEEP_A_NOTE)}\\b`,
    ),
  },
  {
    kind: 'ask_person',
    id: 'get a person to act',
    pattern: actPattern(
      phrasesByFirstWord(L.ASK_A_PERSON),
      `get (?:${phrasesByFirstWord(L.SOMEONE)}|${phrasesByFirstWord(L.SOMEONE_ARTICLES)} )\\b.{0,50}?\\bto\\b`,
      `have (?:${phrasesByFirstWord(L.SOMEONE)}|${phrasesByFirstWord(L.SOMEONE_ARTICLES)} )\\b.{0,50}?\\b${phrasesByFirstWord(L.PERSON_ACT_VERBS)}`,
      `make sure (?:someone|somebody|${phrasesByFirstWord(L.THE_TEAM)} (?:\\w+ )?${phrasesByFirstWord(L.TEAM_NOUNS)})`,
      phrasesByFirstWord(L.ARRANGE_A_PERSON),
      'arrange for\\b.{0,50}?\\bto\\b',
    ),
  },
  {
    kind: 'delegate',
    id: 'pass on',
    pattern: actPattern(
      phrasesByFirstWord(L.PASS_ON_ACTS),
      `${phrasesByFirstWord(L.PASS_ON_WORDS)}\\b`,
      `pass ${phrasesByFirstWord(L.PASSED_THINGS)}\\b.{0,50}?\\b${phrasesByFirstWord(L.PASSED_ON)}`,
      `loop ${phrasesByFirstWord(L.LOOPED_IN)} [\\w ]{0,30}? in\\b`,
      'reach out to (?!you\\b)',
      'get in touch with (?!you\\b)',
      `${phrasesByFirstWord(L.CONTACT_THEM)} `,
      `let ${phrasesByFirstWord(L.THIRD_PARTY)}\\b.{0,50}?\\bknow`,
    ),
  },
  { kind: 'in_turn', id: 'plan of this reply', pattern: actPattern(`${phrasesByFirstWord(L.REPLY_PLAN)}\\b`) },
  { kind: 'in_turn', id: 'narration', pattern: actPattern(phrasesByFirstWord(L.NARRATION)) },
];

const PREFIX = new RegExp(`^(?:${phrases(VERB_PREFIXES)})\\s+`, 'i');
/** The first word of every prefix: a predicate opening with another word has none to drop. */
const PREFIX_FIRST_WORDS = new Set(VERB_PREFIXES.map((prefix) => prefix.split(' ')[0]!));

/** Drops adverbs and hedges between the marker and the verb ("also", "make sure to", "be sure to"). */
export function stripPrefixes(predicate: string): string {
  let rest = predicate.trim();
  for (let guard = 0; guard < 6; guard++) {
    if (!PREFIX_FIRST_WORDS.has(firstWord(rest))) break;
    const next = rest.replace(PREFIX, '');
    if (next === rest) break;
    rest = next;
  }
  return rest;
}

/** The text up to its first white space, lower-cased. */
function firstWord(text: string): string {
  let end = 0;
  while (end < text.length && !isSpaceCode(text.charCodeAt(end))) end++;
  return text.slice(0, end).toLowerCase();
}

/** How strongly an act points past the turn, when a predicate joins several ("look into it and get back to you"). */
const WEIGHT: Record<ActKind, number> = {
  email: 9, sms: 9, call: 9, file: 9, watch: 8, notify: 7, deliver: 6, ask_person: 5, delegate: 5, recall: 4, in_turn: 1, phatic: 0,
};

/** The act of a predicate: the strongest act among its "and"-joined parts. */
export function classifyAct(predicate: string): ActRow | null {
  let best: ActRow | null = null;
  for (const part of predicate.split(/\s+and\s+(?:then\s+|also\s+)?/i)) {
    const words = stripPrefixes(part);
    const row = progressiveAct(words) ?? ACT_ROWS.find((candidate) => candidate.pattern.test(words));
    if (row && (!best || WEIGHT[row.kind] > WEIGHT[best.kind])) best = row;
  }
  return best;
}

/**
 * "I'll be sending you the form", "we'll be keeping an eye on it": the progressive future names the
 * act its verb's base form names ("send you the form"), whatever the verb. The base form of a verb in
 * -ing is its stem, the stem with an e ("writing"), or the stem with its last consonant undoubled
 * ("getting"). A verb no act row reads ("I'll be starting fresh") stays a state of the assistant.
 */
function progressiveAct(words: string): ActRow | null {
  const progressive = /^be\s+([a-z]{2,})ing\b/i.exec(words);
  if (!progressive) return null;
  const stem = progressive[1]!;
  const rest = words.slice(progressive[0].length);
  const bases = [stem, `${stem}e`, ...(/([b-df-hj-np-tv-z])\1$/i.test(stem) ? [stem.slice(0, -1)] : [])];
  for (const base of bases) {
    const row = ACT_ROWS.find((candidate) => candidate.id !== 'state' && candidate.pattern.test(`${base}${rest}`));
    if (row) return row;
  }
  return null;
}

/** The capabilities an act needs, given its trigger (LABELING.md "Capabilities"). */
export function capabilitiesFor(kind: ActKind, trigger: string): Capability[] {
  const event = trigger === 'external_event';
  switch (kind) {
    case 'email':
      return ['send_email', event ? 'watch_event' : 'run_later'];
    case 'sms':
      return ['send_sms', event ? 'watch_event' : 'run_later'];
    case 'call':
      return ['phone_call', event ? 'watch_event' : 'run_later'];
    case 'file':
      return ['send_file', event ? 'watch_event' : 'run_later'];
    case 'delegate':
    case 'ask_person':
      return ['delegate_to_human'];
    case 'recall':
      return ['recall_across_sessions'];
    case 'watch':
      // Checking at a set time is acting later; watching for something to happen needs a trigger.
      return trigger === 'time' ? ['run_later', 'notify_user_later'] : ['watch_event', 'notify_user_later'];
    case 'notify':
      if (trigger === 'next_session') return ['recall_across_sessions'];
      if (event) return ['watch_event', 'notify_user_later'];
      return trigger === 'time' ? ['notify_user_later'] : ['run_later', 'notify_user_later'];
    case 'deliver':
    case 'in_turn':
    case 'phatic':
      if (trigger === 'next_session') return ['recall_across_sessions'];
      if (event) return ['watch_event', 'notify_user_later'];
      return ['run_later', 'notify_user_later'];
  }
}
