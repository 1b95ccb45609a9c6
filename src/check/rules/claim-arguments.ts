/**
 * Argument-level anchoring of completion reports (the paper names its absence as a limitation):
 * when a call backs a report, the report's details are compared with the call's arguments. A
 * reminder reported "for 9 am" and called with `remind_at: 08:00`, "three bags" and
 * `nonfree_baggages: 2`, "I've emailed Sam" and `to: ann@…`, a meeting "titled Budget review" and
 * `title: "Team sync"` contradict their call. The contradictions are evidence on the label
 * (`claim_mismatches`); the paper's outcome is unchanged unless the caller asks for strict
 * anchoring (`CheckOptions.strictArguments`). Pure; reads only the turn's successful calls.
 */
import type { ToolActivity } from '../../core/turn.ts';
import { coversThing, singular } from '../../setups/tool-performs.ts';
import type { ClaimFinding } from './claims.ts';
import { combine, phrases } from './lexicon.ts';
import { calledClockTime, calledDay, reportedClock, reportedDay } from './reported-times.ts';

export { calledClockTime } from './reported-times.ts';

export type MismatchField = 'count' | 'time' | 'recipient' | 'title';

export interface ClaimMismatch {
  /** The report's words, as the claim quotes them. */
  span: string;
  call_id: string;
  field: MismatchField;
  /** The detail as the reply reports it ("3", "09:00", "Sam", "Budget review"). */
  reported: string;
  /** The argument as the call made it ("total_baggages=2", "remind_at=08:00", "to=ann@example.com"). */
  called: string;
}

/**
 * Argument names each field is read from, as words of the key (`remind_at` → remind, at). A key
 * holding one of these words carries the field.
 *
 *   reads:   remind_at, start_time, start, datetime, when → time; to, recipient, email, attendees → recipient
 *   ignores: reservation_id, user_id, payment_method_id → no field
 */
export const ARGUMENT_FIELDS: Readonly<Record<MismatchField, readonly string[]>> = {
  count: ['count', 'quantity', 'number', 'num', 'total', 'amount_of', 'nonfree', 'free'],
  time: ['time', 'start', 'at', 'when', 'datetime', 'date', 'remind', 'due', 'scheduled'],
  recipient: ['to', 'recipient', 'recipients', 'email', 'emails', 'attendee', 'attendees', 'invitee', 'invitees', 'contact', 'username', 'receiver', 'cc'],
  title: ['title', 'subject', 'summary', 'name', 'label', 'topic'],
};

/** Number words a report counts with. */
export const COUNT_WORDS: Readonly<Record<string, number>> = { one: 1, a: 1, an: 1, single: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/** Recipient phrasings: "emailed Sam", "sent the agenda to Sam", "let Bob know", "invited Ann". */
const RECIPIENT = new RegExp(
  `\\b(?:${phrases(['emailed', 'e-mailed', 'messaged', 'texted', 'invited', 'notified', 'pinged', 'let', 'told'])})\\s+([A-Z][a-z]+)\\b|\\b(?:${phrases(combine(['sent', 'forwarded', 'emailed', 'shared', 'passed', 'delivered'], ['']))})\\b[^.!?]{0,60}?\\bto\\s+([A-Z][a-z]+)\\b`,
);
/** A quoted title or one after "titled"/"called"/"named". */
const TITLE = /(?:\b(?:titled|called|named|subject(?: line)?)\s+)?["\u201c]([^"\u201d]{2,80})["\u201d]|\b(?:titled|called|named)\s+([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,5})/;

/** Pronouns and words a capitalised word after "emailed" can be that are no recipient. */
const NOT_NAMES = new Set(['You', 'Your', 'The', 'This', 'That', 'It', 'Them', 'Him', 'Her', 'Everyone', 'All', 'Me', 'Us', 'Our']);

interface Detail {
  field: MismatchField;
  reported: string;
  /** Whether an argument value agrees. */
  agrees: (value: unknown, key: string) => boolean | null;
  /** For a count: the words of the counted thing, so that a numeric key naming it (`bags`) carries the count. */
  things?: readonly string[];
}

export interface ArgumentOptions {
  /**
   * The deployment's time zone (an IANA name, validated with the deployment): an argument that is
   * an ISO datetime with an offset or `Z` is read as the clock time in this zone. Without it, every
   * time is compared as written.
   */
  timeZone?: string;
  /** Only these fields are read from the text (the fields the calls' arguments carry); all when absent. */
  fields?: ReadonlySet<MismatchField>;
}

/** The details a claim's sentence reports: a count of the reported thing, a clock time, a recipient, a title. */
export function reportedDetails(claim: ClaimFinding, options: ArgumentOptions = {}): Detail[] {
  return detailsIn(claim.sentence.text, claim.reports.flatMap((r) => r.things), RECIPIENT, options);
}

/**
 * Recipient phrasings of a promise: "I'll email Sam", "I'll send the agenda to Sam", "I'll let Bob
 * know", "I will invite Ann".
 *
 *   reads:   "I'll email Sam the agenda tomorrow." / "I'll send the minutes to Priya on Friday."
 *   ignores: "I'll email you the agenda." (NOT_NAMES) / "I'll send it over." (no one named)
 */
const PROMISED_RECIPIENT = new RegExp(
  `\\b(?:${phrases(['email', 'e-mail', 'message', 'text', 'invite', 'notify', 'ping', 'let', 'tell', 'remind'])})\\s+([A-Z][a-z]+)\\b|\\b(?:${phrases(['send', 'forward', 'email', 'share', 'pass', 'deliver'])})\\b[^.!?]{0,60}?\\bto\\s+([A-Z][a-z]+)\\b`,
);

/**
 * The details a promise states, to compare with its enabling call's arguments (`anchored_strict`):
 * "I'll remind you at 9 am" and `remind_at: …T08:00`, "I'll email Sam" and `to: ann@…`. `things`
 * are what the enabling tool acts on ("reminder"), for counts ("two reminders").
 */
export function promisedDetails(span: string, things: readonly string[], options: ArgumentOptions = {}): Detail[] {
  return detailsIn(span, things, PROMISED_RECIPIENT, options);
}

/** Whether a detail of this field is read from the text. A function, not an arrow made per call: tsx names each arrow it makes. */
function wants(options: ArgumentOptions, field: MismatchField): boolean {
  return options.fields === undefined || options.fields.has(field);
}

function detailsIn(text: string, things: readonly string[], recipientPattern: RegExp, options: ArgumentOptions): Detail[] {
  const details: Detail[] = [];
  // Count: "one checked bag", "three bags", "2 tickets": a number right before a word the report names.
  if (things.length > 0 && wants(options, 'count')) {
    // The counted word is the next one ("two reminders tomorrow") or the one after ("three checked bags").
    // An amount is no count: "the $50 fee" (a currency sign before it, or digits and a separator: "1,050 fee").
    const count = /(?<![$\u20ac\u00a3\u00a5][\s]?|[\d.,])\b(one|two|three|four|five|six|seven|eight|nine|ten|single|\d{1,3})\s+([a-z-]+)(?:\s+([a-z-]+))?/gi;
    const named = (word: string | undefined) => word !== undefined && things.some((t) => coversThing(t, singular(word)) || coversThing(singular(word), t));
    for (let m = count.exec(text); m !== null; m = count.exec(text)) {
      if (!named(m[2]) && !named(m[3])) {
        // Go on from the word after the number: "one of the two bags".
        count.lastIndex = m.index + m[1]!.length;
        continue;
      }
      const n = COUNT_WORDS[m[1]!.toLowerCase()] ?? Number(m[1]);
      const totalStated = /\b(?:in total|total of|now have|altogether|in all)\b/i.test(text);
      details.push({
        field: 'count',
        reported: String(n),
        things,
        agrees: (value, key) => {
          // A total is compared only with a reported total: "one bag added" may make two in all.
          if (/total/i.test(key) && !totalStated) return null;
          const v = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Array.isArray(value) ? value.length : null;
          return v === null ? null : v === n;
        },
      });
      break;
    }
  }
  const clock = wants(options, 'time') ? reportedClock(text) : null;
  if (clock !== null) {
    const { hour, minute, exact } = clock;
    details.push({
      field: 'time',
      reported: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
      agrees: (value) => {
        if (typeof value !== 'string') return null;
        const clockTime = calledClockTime(value, options.timeZone);
        if (clockTime === null) return null;
        const [h, m] = clockTime;
        return m === minute && (exact ? h === hour : h % 12 === hour % 12);
      },
    });
  }
  // The day, under the same field: "on Friday" and `start: 2026-10-03…` (a Saturday) disagree.
  const day = wants(options, 'time') ? reportedDay(text) : null;
  if (day !== null) {
    details.push({
      field: 'time',
      reported: day.words,
      agrees: (value) => {
        if (typeof value !== 'string') return null;
        const called = calledDay(value, options.timeZone);
        if (called === null) return null;
        return day.weekday !== undefined ? called.weekday === day.weekday : called.month === day.month && called.day === day.day;
      },
    });
  }
  const recipient = wants(options, 'recipient') ? recipientPattern.exec(text) : null;
  const name = recipient?.[1] ?? recipient?.[2];
  if (name && !NOT_NAMES.has(name)) {
    details.push({
      field: 'recipient',
      reported: name,
      agrees: (value) => {
        const values = Array.isArray(value) ? value : [value];
        const strings = values.filter((v): v is string => typeof v === 'string');
        if (strings.length === 0) return null;
        return strings.some((v) => v.toLowerCase().includes(name.toLowerCase()));
      },
    });
  }
  const title = wants(options, 'title') ? TITLE.exec(text) : null;
  const titled = title?.[1] ?? title?.[2];
  if (titled) {
    const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
    details.push({
      field: 'title',
      reported: titled,
      agrees: (value) => {
        if (typeof value !== 'string' || value.trim() === '') return null;
        const a = norm(value);
        const b = norm(titled);
        return a.includes(b) || b.includes(a);
      },
    });
  }
  return details;
}

/** The field an argument key carries, from its words (`remind_at` → time), or null. */
export function fieldOfKey(key: string): MismatchField | null {
  const known = keyFields.get(key);
  if (known !== undefined) return known;
  const field = readFieldOfKey(key);
  if (keyFields.size < 4096) keyFields.set(key, field);
  return field;
}
/** Argument keys repeat from call to call: each is read once. */
const keyFields = new Map<string, MismatchField | null>();

/**
 * The fields a call's arguments can carry: keys naming one, and numeric or list values, which may
 * count the reported thing (`bags: 2`). A detail of no such field is not read from the text.
 */
export function argumentFields(calls: readonly ToolActivity[]): Set<MismatchField> {
  const fields = new Set<MismatchField>();
  for (const call of calls) {
    if (!call.arguments) continue;
    for (const [key, value] of Object.entries(call.arguments)) {
      const field = fieldOfKey(key);
      if (field !== null) fields.add(field);
      else if (typeof value === 'number' || Array.isArray(value)) fields.add('count');
    }
  }
  return fields;
}

function readFieldOfKey(key: string): MismatchField | null {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (words.includes('id') || words.includes('ids')) return null;
  for (const field of ['title', 'recipient', 'time', 'count'] as const) if (words.some((w) => ARGUMENT_FIELDS[field].includes(w))) return field;
  // "total_baggages", "nonfree_baggages" and plain plural things ("bags": 2) count.
  return null;
}

/**
 * The contradictions between the reports of backed claims and the calls that back them. `backers`
 * gives, for a claim, this turn's successful calls that back it. A field is compared only with calls
 * that carry it; it is a mismatch when none of them agrees.
 */
export function claimMismatches(claims: readonly ClaimFinding[], backers: (claim: ClaimFinding) => readonly ToolActivity[], options: ArgumentOptions = {}): ClaimMismatch[] {
  const mismatches: ClaimMismatch[] = [];
  for (const claim of claims) {
    const calls = backers(claim);
    if (calls.length === 0) continue;
    const fields = argumentFields(calls);
    if (fields.size === 0) continue;
    const details = reportedDetails(claim, { ...options, fields });
    if (details.length === 0) continue;
    mismatches.push(...compareDetails(claim.text, details, calls).mismatches);
  }
  return mismatches;
}

/**
 * Compares stated details with the arguments of the calls that back or enable them. A field is
 * compared only with calls that carry it; it is a mismatch when none of them agrees. `compared`
 * says whether any field met an argument at all (agreeing or not).
 */
export function compareDetails(span: string, details: readonly Detail[], calls: readonly ToolActivity[]): { mismatches: ClaimMismatch[]; compared: boolean } {
  const mismatches: ClaimMismatch[] = [];
  let compared = false;
  for (const detail of details) {
    let first: { call: ToolActivity; key: string; value: unknown } | null = null;
    let agreed = false;
    for (const call of calls) {
      const args = call.arguments;
      if (!args) continue;
      for (const [key, value] of Object.entries(args)) {
        const field = fieldOfKey(key) ?? (detail.field === 'count' && (typeof value === 'number' || Array.isArray(value)) && countKey(key, detail.things ?? []) ? 'count' : null);
        if (field !== detail.field) continue;
        const verdict = detail.agrees(value, key);
        if (verdict === null) continue;
        compared = true;
        if (verdict) agreed = true;
        else first ??= { call, key, value };
      }
    }
    if (!agreed && first !== null) {
      mismatches.push({ span, call_id: first.call.id, field: detail.field, reported: detail.reported, called: `${first.key}=${typeof first.value === 'string' ? first.value : JSON.stringify(first.value)}` });
    }
  }
  return { mismatches, compared };
}

/** A numeric key naming the counted thing: `total_baggages` for "three bags", `tickets` for "2 tickets". */
function countKey(key: string, things: readonly string[]): boolean {
  const words = key.toLowerCase().split(/[^a-z]+/).filter(Boolean).map(singular);
  return words.some((w) => things.some((t) => coversThing(w, t) || coversThing(t, w)));
}
