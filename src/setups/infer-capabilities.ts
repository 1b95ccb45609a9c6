/**
 * Guessing a tool's capability tags from its name and description, for drafting a deployment
 * from tool schemas (`felicity deployment init`) and for the guard proxy. Pure: words in, tags
 * and the reasons for them out.
 *
 * Conservative by design: a wrong tag makes the checker accept promises the agent cannot keep,
 * a missing one only makes it stricter, so a tag needs a specific cue (a word in the name, or the
 * description's opening words) and anything that only looks things up, or takes something away,
 * gets none. Domain actions (book, cancel, update) get none either: they act now, and what they
 * perform is said by `performs`, not by capability tags.
 */
import { KNOWN_CAPABILITIES, type KnownCapability } from '../core/types.ts';

export interface ToolText {
  name: string;
  description: string;
  /** The schema says the tool changes nothing (MCP `annotations.readOnlyHint`). */
  readOnly?: boolean;
}

export interface CapabilityGuess {
  /** In the fixed vocabulary's order. */
  capabilities: KnownCapability[];
  /** Why each tag was given, or why none was, as short phrases for a comment. */
  reasons: string[];
}

/** How far into the description a cue may sit: its opening words say what the tool does. */
const HEAD_WORDS = 8;

/** Verbs of tools that only read or compute: such a tool makes nothing persist. */
const READ_VERBS = new Set([
  'get', 'gets', 'read', 'reads', 'list', 'lists', 'search', 'searches', 'find', 'finds', 'lookup', 'look', 'looks',
  'fetch', 'fetches', 'query', 'queries', 'retrieve', 'retrieves', 'show', 'shows', 'view', 'views', 'check',
  'checks', 'calculate', 'calculates', 'calculator', 'compute', 'computes', 'evaluate', 'evaluates', 'count',
  'counts', 'convert', 'converts', 'validate', 'validates', 'verify', 'verifies', 'estimate', 'estimates',
  'preview', 'previews', 'describe', 'describes', 'explain', 'explains', 'summarize', 'summarise', 'summarizes',
  'summarises', 'translate', 'translates', 'browse', 'browses', 'think', 'thinks', 'returns', 'gives',
  'answers', 'draft', 'drafts', 'compose', 'composes',
]);

/** Verbs that take something away: cancelling a reminder gives no ability to remind. */
const REMOVAL_VERBS = new Set([
  'cancel', 'cancels', 'delete', 'deletes', 'remove', 'removes', 'clear', 'clears', 'forget', 'forgets',
  'unsubscribe', 'unsubscribes', 'stop', 'stops', 'disable', 'disables', 'dismiss', 'dismisses',
]);

/** Verbs that change something: a name with one of these is not a lookup, whatever else it says. */
const CHANGE_VERBS = new Set([
  'add', 'create', 'set', 'schedule', 'send', 'save', 'store', 'write', 'remember', 'memorize', 'memorise',
  'open', 'file', 'submit', 'raise', 'log', 'escalate', 'transfer', 'hand', 'handoff', 'request', 'book',
  'update', 'modify', 'change', 'edit', 'make', 'place', 'start', 'assign', 'refer', 'notify', 'email', 'text',
  'call', 'phone', 'dial', 'share', 'upload', 'post', 'put', 'insert', 'register', 'enroll', 'exchange',
  'return', 'issue', 'forward', 'reply', 'watch', 'monitor', 'track', 'subscribe', 'defer', 'remind',
]);

/** Things one books rather than things the assistant does later: "schedule_meeting" acts now. */
const BOOKINGS = new Set([
  'meeting', 'meetings', 'appointment', 'appointments', 'event', 'events', 'call', 'calls', 'visit', 'visits',
  'delivery', 'deliveries', 'pickup', 'session', 'sessions', 'class', 'classes', 'booking', 'reservation',
  'demo', 'interview', 'viewing', 'flight', 'ride', 'service', 'maintenance', 'installation', 'consultation',
  'shift', 'shifts', 'post', 'posts', 'tweet', 'publish', 'payment', 'payments', 'transfer',
]);

/** Who a delegating tool hands work to. */
const PEOPLE = /\b(?:humans?|a person|people|staff|(?:support|service|billing|care) (?:team|agents?|staff)|representatives?|specialists?|engineers?|technicians?|operators?|live agents?)\b/;

/** A scheduling tool that also starts on events ("or when a described event happens"). */
const EVENT_TRIGGER = /\b(?:when|once|whenever|as soon as)\b[^.;:]{0,60}\b(?:event|happens|occurs|changes)\b|\bon (?:an |a )?event\b/;

const DESCRIPTION_HEAD_CUES: readonly { pattern: RegExp; tags: KnownCapability[]; reason: string }[] = [
  { pattern: /^(?:creates|sets|adds|schedules) (?:a |an |the )?(?:reminder|timer|alarm)s?\b/, tags: ['run_later', 'notify_user_later'], reason: 'the description opens with setting a reminder' },
  { pattern: /^sends (?:an |the |a )?(?:e-?mail|mail)\b|^e-?mails\b/, tags: ['send_email'], reason: 'the description opens with sending an email' },
  { pattern: /^sends (?:an |the |a )?(?:sms|text|text message)\b|^texts\b/, tags: ['send_sms'], reason: 'the description opens with sending a text message' },
  { pattern: /^(?:places|makes|starts) (?:a |an |the )?(?:phone |voice )?call\b|^(?:calls|phones|dials) (?:the |a )?(?:user|customer|caller|contact|number)\b/, tags: ['phone_call'], reason: 'the description opens with placing a phone call' },
  { pattern: /^(?:sends|shares) (?:a |an |the )?(?:file|attachment|document|pdf)s?\b/, tags: ['send_file'], reason: 'the description opens with sending a file' },
];

/** Name words as lower-case tokens: `sendEmail`, `send-email` and `send_email` all give [send, email]. */
export function nameTokens(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((token) => token !== '');
}

function descriptionWords(description: string): string[] {
  return description.toLowerCase().match(/[a-z0-9]+(?:['’-][a-z0-9]+)*/g) ?? [];
}

export function inferCapabilities(tool: ToolText): CapabilityGuess {
  const name = nameTokens(tool.name);
  const words = descriptionWords(tool.description);
  const head = words.slice(0, HEAD_WORDS).join(' ');
  const firstSentence = tool.description.toLowerCase().split(/(?<=[.!?])\s/)[0] ?? '';
  if (tool.readOnly === true) return { capabilities: [], reasons: ['the schema marks it read-only'] };
  const nameVerb = name.find((token) => READ_VERBS.has(token) || CHANGE_VERBS.has(token) || REMOVAL_VERBS.has(token));
  const verb = nameVerb ?? words[0] ?? '';
  if (REMOVAL_VERBS.has(verb)) return { capabilities: [], reasons: [`"${verb}" takes something away: no tag`] };
  if (READ_VERBS.has(verb)) return { capabilities: [], reasons: [`"${verb}" only reads or computes: no tag`] };

  const tags = new Set<KnownCapability>();
  const reasons: string[] = [];
  const cues: Cues = {
    name,
    has: (...tokens) => tokens.some((token) => name.includes(token)),
    head,
    firstSentence,
    description: tool.description.toLowerCase(),
    give: (reason, ...given) => {
      given.forEach((tag) => tags.add(tag));
      reasons.push(`${given.join(' + ')}: ${reason}`);
    },
    note: (reason) => reasons.push(reason),
  };
  laterCues(cues);
  memoryCues(cues);
  peopleCues(cues);
  channelCues(cues, tags);

  const capabilities = KNOWN_CAPABILITIES.filter((tag) => tags.has(tag));
  if (capabilities.length === 0 && reasons.length === 0) reasons.push('nothing in the name or description says it acts after the turn: no tag');
  return { capabilities, reasons };
}

/** What the family rules read, and how they record a tag or a reason for none. */
interface Cues {
  name: readonly string[];
  has(...tokens: string[]): boolean;
  /** The description's opening words, lower-case. */
  head: string;
  firstSentence: string;
  description: string;
  give(reason: string, ...tags: KnownCapability[]): void;
  note(reason: string): void;
}

/** Verbs that make a thing exist: a timer or an alarm is only set by a tool that creates one. */
const CREATING = ['set', 'create', 'add', 'start', 'schedule', 'new', 'make', 'put', 'subscribe'];

/** Acting later: reminders, timers and alarms notify the user when they come due; a scheduler runs later. */
function laterCues(c: Cues): void {
  const reminderWord = c.name.find((token) => /^(?:remind|reminders?)$/.test(token));
  const clockWord = c.has(...CREATING) ? c.name.find((token) => /^(?:timers?|alarms?)$/.test(token)) : undefined;
  const laterWord = reminderWord ?? clockWord;
  if (laterWord !== undefined && c.has('send') && !c.has('schedule', 'later')) {
    c.note(`"send ${laterWord}" sends it now: no tag`);
  } else if (laterWord !== undefined) {
    c.give(`"${laterWord}" in the name`, 'run_later', 'notify_user_later');
  }
  const scheduleAt = c.name.findIndex((token) => token === 'schedule' || token === 'scheduler' || token === 'defer');
  if (scheduleAt >= 0 && laterWord === undefined) {
    const object = c.name.slice(scheduleAt + 1).find((token) => !['a', 'the', 'new', 'to'].includes(token));
    if (object !== undefined && BOOKINGS.has(object)) {
      c.note(`"${c.name[scheduleAt]} ${object}" books something now, it is not a later action: no tag`);
    } else if (c.has('email', 'mail', 'sms', 'message', 'text')) {
      c.give(`"${c.name[scheduleAt]}" with a message in the name sends later`, 'run_later');
    } else {
      c.give(`"${c.name[scheduleAt]}" in the name`, 'run_later', 'notify_user_later');
      if (EVENT_TRIGGER.test(c.description)) c.give('the description says it also starts on an event', 'watch_event');
    }
  } else if (laterWord === undefined && /^schedules (?:a |an |the )?(?:task|instruction|job|action|follow-?up|message)s?\b/.test(c.head)) {
    c.give('the description opens with scheduling a later action', 'run_later', 'notify_user_later');
    if (EVENT_TRIGGER.test(c.description)) c.give('the description says it also starts on an event', 'watch_event');
  }
  // "monitor_cpu_usage" may only read a gauge: a watch needs a creating verb or a promised notification.
  const watchWord = c.name.find((token) => /^(?:watch|watches|monitor|monitors|alerts?)$/.test(token));
  if (watchWord !== undefined && !c.has('send') && (c.has(...CREATING) || NOTIFIES_WHEN.test(c.description))) {
    c.give(`"${watchWord}" in the name`, 'watch_event', 'notify_user_later');
  }
}

/** The description promises a notification when something happens. */
const NOTIFIES_WHEN = /\b(?:notif\w*|alerts?|tells?|lets? (?:the user|them|you) know)\b[^.]{0,60}\b(?:when|once|as soon as|if)\b/;

/** Memory across sessions: remembering verbs, or writing to a memory, or the description says so. */
function memoryCues(c: Cues): void {
  const rememberWord = c.name.find((token) => /^(?:remember|memorize|memorise)$/.test(token));
  const memoryWord = c.name.find((token) => token === 'memory' || token === 'memories');
  if (rememberWord !== undefined) c.give(`"${rememberWord}" in the name`, 'recall_across_sessions');
  else if (memoryWord !== undefined && c.has('save', 'store', 'write', 'add', 'set', 'update', 'create', 'put', 'insert')) {
    c.give(`writes to "${memoryWord}", says the name`, 'recall_across_sessions');
  } else if (c.has('preference', 'preferences') && c.has('save', 'set', 'store', 'update', 'write', 'add')) {
    c.give('saves a preference', 'recall_across_sessions');
  } else if (/\b(?:long-term memory|across (?:the user's |their |all )?(?:conversations|sessions|chats))\b/.test(c.firstSentence)) {
    c.give('the description says it keeps things across conversations', 'recall_across_sessions');
  }
}

/** Handing work to people: escalations, hand-offs, tickets and cases opened for a team. */
function peopleCues(c: Cues): void {
  const peopleWord = c.name.find((token) => /^(?:escalate|escalation|handoff|human|humans)$/.test(token));
  const opens = c.has('open', 'create', 'file', 'log', 'raise', 'submit', 'new', 'support');
  if (peopleWord !== undefined) c.give(`"${peopleWord}" in the name`, 'delegate_to_human');
  else if (c.has('hand') && c.has('off', 'over')) c.give('"hand off" in the name', 'delegate_to_human');
  // "book_ticket" buys one for an event: a ticket counts when it is opened for people.
  else if (c.has('ticket', 'tickets') && (opens || PEOPLE.test(c.firstSentence))) c.give('opens a ticket, says the name', 'delegate_to_human');
  else if (c.has('case') && opens) c.give('opens a case, says the name', 'delegate_to_human');
  // "register_callback" is a webhook: a callback counts when someone is asked to ring back.
  else if (c.has('callback') && c.has('request', 'schedule', 'book', 'arrange', 'order')) c.give('requests a callback, says the name', 'delegate_to_human');
  else if ((c.has('transfer', 'escalate', 'assign', 'refer') || /^(?:hands|transfers|escalates|assigns|refers|opens|creates|files)\b/.test(c.head)) && PEOPLE.test(c.firstSentence)) {
    c.give('hands the work to people, says the description', 'delegate_to_human');
  }
}

/** Channels that reach someone now: a sending verb with the channel in the name, or a description that opens with one. */
function channelCues(c: Cues, tags: ReadonlySet<KnownCapability>): void {
  if (c.has('email', 'mail', 'gmail') && c.has('send', 'reply', 'forward', 'schedule') && !c.has('address')) c.give('sends email, says the name', 'send_email');
  if (c.has('sms', 'mms', 'text') && c.has('send', 'message', 'notify', 'forward') && !c.has('email')) c.give('sends a text message, says the name', 'send_sms');
  const calls =
    c.has('dial') ||
    (c.has('call') && (c.has('make', 'place', 'start', 'phone', 'voice', 'outbound') || c.name[0] === 'call') &&
      !c.has('api', 'function', 'tool', 'back', 'log', 'logs', 'history', 'transcript', 'recording', 'status')) ||
    (c.name[0] === 'phone' && c.has('user', 'customer', 'contact', 'caller', 'client'));
  if (calls) c.give('places a phone call, says the name', 'phone_call');
  if (c.has('send', 'share') && c.has('file', 'files', 'attachment', 'attachments', 'document', 'documents', 'pdf')) c.give('sends a file, says the name', 'send_file');
  for (const cue of DESCRIPTION_HEAD_CUES) {
    if (cue.tags.every((tag) => tags.has(tag)) || !cue.pattern.test(c.head)) continue;
    c.give(cue.reason, ...cue.tags);
  }
}
