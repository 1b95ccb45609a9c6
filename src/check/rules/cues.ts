/**
 * The cue literals of every rule, in one table: the reply is scanned once for all of them
 * (`literal-scanner.ts`), and each rule runs its patterns only on sentences that hold one of its
 * cues. A cue list must hold a literal every match of its rule's pattern contains (lower-case,
 * as a substring): the cue only saves work, the pattern decides. To teach a rule a phrasing that
 * none of its cues covers, add the cue here too. `cues.test.ts` labels the test cases (and, when
 * present, the shared real sets) once with the scan and once with every cue open: a missing cue
 * shows as a label that differs.
 */
import { completedForms } from '../../setups/action-verbs.ts';
import { CHANNEL_GERUNDS, CHANNEL_VERBS, DRAFT_INTROS, REPORTING_THAT_VERBS, REPORTING_VERBS, SIGN_OFFS } from './frames/frame-lexicon.ts';
import * as T from './trigger-lexicon.ts';
import { GATE_OPENERS as OWN_WORK_GATE_OPENERS } from './own-work-lexicon.ts';
import { ALL_CUES, cuesBetween, LiteralScanner, type CueMask, type Hits, type ScannerTable } from './literal-scanner.ts';
import { storedTable } from './stored-table.ts';

export const CUES = {
  /** A future marker: will, shall, won't, 'll, going to, gonna. */
  future: ['will', 'shall', "won't", 'wont', "'ll", 'going', 'gonna'],
  question: ['?'],
  // sentence rules (sentence-rules.ts)
  offer: ['?', 'if', 'let me know', 'say the word', 'should you'],
  /** The offers that are not questions: "if you like, I can…", "let me know if you'd like me to…". */
  offer_condition: ['if', 'say the word', 'should you'],
  note_to_self: ['not', 'point'],
  progressive: ["i'm ", 'i am '],
  expectation: ['expect', 'count on', 'look', 'watch out', 'eye out', 'way', 'coming'],
  acceptance: ['done', 'will do', 'leave it', 'leave that', 'on it', 'count on', 'got it', 'happen', 'covered', 'sorted', 'my word'],
  dangling_check: ['moment', 'minute', 'second', 'bit', 'while', 'time', 'look up', 'retrieve', 'fetch', 'pull up', 'search for', 'get the', 'find the', 'check the', 'check your', 'look at your', 'look into your', 'find your', 'get your', 'go through your', 'now', 'next', 'then', 'right away', 'straight away', 'immediately', 'check whether', 'check if', 'check on', 'check for', 'check with', 'look into', 'see if', 'see whether', 'find out', 'confirm whether', 'confirm if', 'verify whether', 'verify if'],
  // someone else's words retold (frames/quotation.ts)
  reported_speech: [...REPORTING_VERBS, ...REPORTING_THAT_VERBS],
  // asks in the reply (reply-gate.ts)
  confirm_ask: ['confirm', 'yes', '(y', 'proceed', 'go ahead', 'continue', 'correct', 'right', 'ok', 'good'],
  details_ask: ['please', 'kindly', 'provide', 'share', 'send', 'let me', 'let us', 'tell', 'specify', 'give', 'clarify', 'check', 'verify', 'confirm', 'request', 'need', 'require', 'ask for'],
  // the response judge (response-judge.ts)
  limitation: ["n't", 'not ', 'unable', 'only', 'no way', 'fresh', 'scratch', 'starts over', 'beyond', 'outside'],
  hand_back_reminder: ['alarm', 'remind', 'calendar', 'diary', 'note', 'timer', 'siri', 'alexa', 'assistant', 'post-it', 'todo', 'to-do', 'event'],
  hand_back_alerts: ['sign', 'subscri', 'regist', 'opt in', 'turn on', 'enable', 'set up', 'switch on', 'follow', 'track', 'alert', 'flights', 'skyscanner', 'kayak', 'hopper', 'camel'],
  hand_back_contact: ['call', 'ring', 'phone', 'contact', 'reach', 'mail', 'messag', 'touch', 'speak', 'talk', 'write', 'visit'],
  /** A UK-style phone number starts with 0 ("0345 …"). */
  hand_back_number: ['0'],
  /** The process frame's hand-back ("contact our team", "by visiting the site"): the first word of each of its verbs. */
  process_hand_back: [...new Set([...CHANNEL_VERBS, ...CHANNEL_GERUNDS].map((verb) => verb.split(' ')[0]!.toLowerCase()))],
  hand_back_keep: ['down', 'bookmark', 'screenshot', 'save', 'note', 'remind me', 'tell me', 'paste', 'check', 'go to', 'head to', 'visit', 'see ', 'northwind'],
  // completion reports (claims.ts, action-claims.ts)
  /** "I've", "we have". */
  have: ["'ve", 'have'],
  claim_scheduled_thing: ['remind', 'alarm', 'alert', 'notif', 'task', 'follow', 'check', 'nudge', 'ping'],
  claim_scheduled_it: ['schedul', 'set'],
  claim_calendar: ['calendar', 'diary', 'schedule'],
  claim_store: ['memory', 'profile', 'account', 'system', 'file', 'record', 'notes', 'preferences', 'details'],
  claim_saved_for_later: ['saved', 'stored', 'noted', 'logged'],
  claim_is_saved: ['saved', 'stored', 'memori', 'on file', 'recorded'],
  claim_account: ['account', 'file', 'record', 'profile', 'system', 'notes'],
  claim_booked: ['callback', 'call back', 'appointment', 'visit', 'ticket', 'case', 'request'],
  claim_gone_through: ['gone through'],
  /** "You are being transferred", "I'm transferring you now" (rule 26). */
  claim_hand_off: ['being transferred', 'being connected', 'being escalated', 'transferring you', 'connecting you'],
  claim_sent: ['sent', 'mailed', 'texted'],
  claim_been: ['been'],
  claim_was: ['was', 'were'],
  /** "is now booked", "are all set", "'s successfully cancelled". */
  claim_now: ['now', 'all', 'successfully'],
  /** "is reserved", "'re booked": a copula before the completed form. */
  claim_is: ['is ', 'are ', "'s ", "'re "],
  claim_team: ['team', 'engineer', 'department', 'staff', 'colleague', 'specialist', 'advisor'],
  claim_channel: ['mail', 'text', 'sms', 'sent'],
  claim_on_its_way: [' way'],
  claim_and: [' and '],
  claim_lined_up: ['lined', 'queued', 'teed'],
  claim_done: ['done', 'sorted'],
  claim_all_set: ['set', 'book', 'schedul', 'saved'],
  /** The first word of every completed form the action-verb lexicon knows ("added", "set up"). */
  completed: [...new Set([...completedForms(), 'set up', 'put in', 'passed on', 'handed over', 'signed up', 'went through', 'gone through'].map((form) => form.split(' ')[0]!.toLowerCase()))],
  /** The state after the scheduled thing in "reminder set", "the alerts are in place" (the row's second cue). */
  claim_scheduled_state: ['set', 'scheduled', 'created', 'booked', 'added', 'place', 'sorted', 'locked', 'saved', 'confirmed'],
  /** "tell me again where you parked": the keep-it-yourself hand-back's shape. */
  hand_back_tell_me: ['tell me', 'remind me'],
  /** The verb of the 'saved to a store' claim row ("noted it in your profile"; "made a note of", "logged"). */
  claim_store_verb: ['saved', 'stored', 'noted', 'recorded', 'added', 'jotted', 'put', 'made', 'logged'],
  /** The verbs of the own-reminder hand-back ("set an alarm", "pop it in your calendar"). */
  hand_back_reminder_verb: ['set', 'add', 'create', 'put', 'pop', 'stick', 'use', 'try', 'schedule', 'save'],
  /** "I've", "we've", "I have", "we have" (not "you've", "could've"): the opening of the claim rows' "I've" phrasings. */
  have_opening: ["i've", "we've", 'have'],
  /** A word of each keep-it-yourself phrasing: "jot it down", "check back", "keep a note", "the website". */
  hand_back_keep_thing: ['down', 'bookmark', 'screenshot', 'back', 'northwind', 'save', 'keep', 'paste', 'site', 'page', 'outage', 'app'],
  /** The end of the "tell me again where…" hand-back shape: "when you come back", "next time", "start". */
  hand_back_come_back: ['come back', 'next time', 'start'],
  // frames (frames/)
  /** A word of every sign-off ("kind regards", "cheers"): a reply without one holds no letter. */
  sign_off: wordsOf(SIGN_OFFS),
  /** A word of every draft introduction ("here's a message you can send:"). */
  draft_intro: wordsOf(DRAFT_INTROS),
  // Trigger cue sets (triggers.ts): a single word every match of the set holds. One word, never a
  // phrase: a trigger reads a clause's lead joined to the sentence before it, and a phrase could
  // straddle the join.
  /** TIME_CUES: a digit, a day, month, part of day or unit, or one of the time words. */
  trigger_time: [
    ...new Set([
      ...'0123456789', 'tomorrow', 'tmrw', 'tonight', 'today', 'noon', 'midnight', 'midday', 'week', 'month', 'year', 'quarter', 'term', 'season',
      'thing', 'business', 'day', 'daily', 'hour', 'due', ...wordsOf(T.WEEKDAYS), ...wordsOf(T.MONTHS), ...wordsOf(T.PARTS_OF_DAY), ...wordsOf(T.UNITS),
    ]),
  ],
  trigger_session: [...wordsOf(T.NEXT_SESSION), 'file', ...wordsOf(T.LATER_VISIT)],
  /** "from now on", "from here on" by "from": "now" and "here" (in "know", "there") would open the gate in most sentences. */
  trigger_this_conversation: [...new Set([...wordsOf(T.THIS_CONVERSATION.filter((phrase) => !T.AS_WE_GO_ON.includes(phrase))), 'we', 'from', 'forward', ...T.UPCOMING_WORDS])],
  trigger_event: [...wordsOf(T.EVENT_OPENERS), 'til'],
  /** The own-work gate's openers (own-work.ts): "as soon as", "once", "when", "after". */
  own_work_gate: wordsOf(OWN_WORK_GATE_OPENERS),
  trigger_later: wordsOf(T.UNSPECIFIED_LATER),
} as const satisfies Record<string, readonly string[]>;

/** One word of each phrase (its longest, the last of equals): every match of the phrase holds it, however it is spaced. */
function wordsOf(phrases: readonly string[]): string[] {
  return [...new Set(phrases.map((phrase) => phrase.toLowerCase().split(' ').filter(Boolean).reduce((a, b) => (b.length >= a.length ? b : a))))];
}

export type Cue = keyof typeof CUES;

const CUE_IDS = Object.keys(CUES) as Cue[];
const BIT: Readonly<Record<Cue, { lo: number; hi: number }>> = Object.fromEntries(
  CUE_IDS.map((id, i) => [id, i < 31 ? { lo: 1 << i, hi: 0 } : { lo: 0, hi: 1 << (i - 31) }]),
) as Record<Cue, { lo: number; hi: number }>;

// Built once by `npm run build` (scripts/build-tables.mjs); from the sources, built here.
const SCANNER = new LiteralScanner(
  CUE_IDS.map((id) => CUES[id]),
  storedTable<ScannerTable>('cue-scanner'),
);

/** The scanner's table, for the build to store. */
export function cueScannerTable(): ScannerTable {
  return SCANNER.toTable();
}

/** Every cue literal in `folded` (typographic quotes already folded), in one pass. */
/** `into`, when given, is refilled instead of a new list built. */
export function scanCues(folded: string, into?: Hits): Hits {
  return SCANNER.scan(folded, into);
}

export function cuesIn(hits: Hits, start: number, end: number): CueMask {
  return everyCue ? ALL_CUES : cuesBetween(hits, start, end);
}

/**
 * Whether every cue is open (`withEveryCue`). A rule that reads where its literals are from the
 * hits, rather than only whether they occur, tries its pattern everywhere then, so the test of
 * the cue lists still tests its list.
 */
export function everyCueOpen(): boolean {
  return everyCue;
}

let everyCue = false;

/**
 * Runs `work` as if every sentence held every cue, so every rule runs its patterns everywhere.
 * Labels must come out the same as with the scan: the test of that is the test of every cue list.
 */
export function withEveryCue<T>(work: () => T): T {
  everyCue = true;
  try {
    return work();
  } finally {
    everyCue = false;
  }
}

/** Whether `mask` holds any of the cues in `any`: build `any` once per module (`cueMask`) and test it here. */
export function hasAnyCue(mask: CueMask, any: CueMask): boolean {
  return (mask.lo & any.lo) !== 0 || (mask.hi & any.hi) !== 0;
}

export function cueMask(...cues: readonly Cue[]): CueMask {
  let lo = 0;
  let hi = 0;
  for (const cue of cues) {
    lo |= BIT[cue].lo;
    hi |= BIT[cue].hi;
  }
  return { lo, hi };
}
