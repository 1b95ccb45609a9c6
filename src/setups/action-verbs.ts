/**
 * Verbs of completed actions, as data: which words name the same act ("filed", "logged" and
 * "opened" a ticket all create one), and which only read things ("found", "verified"). Tools say
 * what they perform with these verbs; claims in a reply are matched against them. Lower-case
 * lemmas; every inflected form a reply may use maps back to its lemma.
 */

export interface ActionVerb {
  lemma: string;
  /** Inflected forms besides the lemma: past, participle, third person, -ing. */
  forms: readonly string[];
}

/** Verbs that change state: a reply saying one was done reports an action. */
export const CHANGE_VERBS: readonly ActionVerb[] = [
  { lemma: 'add', forms: ['added', 'adds', 'adding'] },
  { lemma: 'amend', forms: ['amended', 'amends', 'amending'] },
  { lemma: 'apply', forms: ['applied', 'applies', 'applying'] },
  { lemma: 'arrange', forms: ['arranged', 'arranges', 'arranging'] },
  { lemma: 'assign', forms: ['assigned', 'assigns', 'assigning'] },
  { lemma: 'attach', forms: ['attached', 'attaches', 'attaching'] },
  { lemma: 'block', forms: ['blocked', 'blocks', 'blocking'] },
  { lemma: 'book', forms: ['booked', 'books', 'booking'] },
  { lemma: 'cancel', forms: ['cancelled', 'canceled', 'cancels', 'cancelling', 'canceling'] },
  { lemma: 'change', forms: ['changed', 'changes', 'changing'] },
  { lemma: 'charge', forms: ['charged', 'charges', 'charging'] },
  { lemma: 'close', forms: ['closed', 'closes', 'closing'] },
  { lemma: 'comment', forms: ['commented', 'comments', 'commenting'] },
  { lemma: 'commit', forms: ['committed', 'commits', 'committing'] },
  { lemma: 'create', forms: ['created', 'creates', 'creating'] },
  { lemma: 'credit', forms: ['credited', 'credits', 'crediting'] },
  { lemma: 'delete', forms: ['deleted', 'deletes', 'deleting'] },
  { lemma: 'deploy', forms: ['deployed', 'deploys', 'deploying'] },
  { lemma: 'dim', forms: ['dimmed', 'dims', 'dimming'] },
  { lemma: 'dispatch', forms: ['dispatched', 'dispatches', 'dispatching'] },
  { lemma: 'drop', forms: ['dropped', 'drops', 'dropping'] },
  { lemma: 'email', forms: ['emailed', 'emails', 'emailing', 'e-mailed'] },
  { lemma: 'enroll', forms: ['enrolled', 'enrolls', 'enrols', 'enrolling', 'enrol'] },
  { lemma: 'escalate', forms: ['escalated', 'escalates', 'escalating'] },
  { lemma: 'exchange', forms: ['exchanged', 'exchanges', 'exchanging'] },
  { lemma: 'file', forms: ['filed', 'files', 'filing'] },
  { lemma: 'flag', forms: ['flagged', 'flags', 'flagging'] },
  { lemma: 'forward', forms: ['forwarded', 'forwards', 'forwarding'] },
  { lemma: 'freeze', forms: ['frozen', 'froze', 'freezes', 'freezing'] },
  { lemma: 'grant', forms: ['granted', 'grants', 'granting'] },
  { lemma: 'hand', forms: ['handed', 'hands', 'handing'] },
  { lemma: 'invite', forms: ['invited', 'invites', 'inviting'] },
  { lemma: 'issue', forms: ['issued', 'issues', 'issuing'] },
  { lemma: 'lock', forms: ['locked', 'locks', 'locking'] },
  { lemma: 'lodge', forms: ['lodged', 'lodges', 'lodging'] },
  { lemma: 'log', forms: ['logged', 'logs', 'logging'] },
  { lemma: 'mark', forms: ['marked', 'marks', 'marking'] },
  { lemma: 'memorise', forms: ['memorised', 'memorized', 'memorises', 'memorizes', 'memorize'] },
  { lemma: 'merge', forms: ['merged', 'merges', 'merging'] },
  { lemma: 'message', forms: ['messaged', 'messages', 'messaging'] },
  { lemma: 'modify', forms: ['modified', 'modifies', 'modifying'] },
  { lemma: 'move', forms: ['moved', 'moves', 'moving'] },
  { lemma: 'note', forms: ['noted', 'notes', 'noting'] },
  { lemma: 'notify', forms: ['notified', 'notifies', 'notifying'] },
  { lemma: 'open', forms: ['opened', 'opens', 'opening'] },
  { lemma: 'order', forms: ['ordered', 'orders', 'ordering'] },
  { lemma: 'pass', forms: ['passed', 'passes', 'passing'] },
  { lemma: 'pay', forms: ['paid', 'pays', 'paying'] },
  { lemma: 'ping', forms: ['pinged', 'pings', 'pinging'] },
  { lemma: 'place', forms: ['placed', 'places', 'placing'] },
  { lemma: 'post', forms: ['posted', 'posts', 'posting'] },
  { lemma: 'publish', forms: ['published', 'publishes', 'publishing'] },
  { lemma: 'push', forms: ['pushed', 'pushes', 'pushing'] },
  { lemma: 'raise', forms: ['raised', 'raises', 'raising'] },
  { lemma: 'rebook', forms: ['rebooked', 'rebooks', 'rebooking'] },
  { lemma: 'recall', forms: ['recalled', 'recalls', 'recalling'] },
  { lemma: 'record', forms: ['recorded', 'records', 'recording'] },
  { lemma: 'refer', forms: ['referred', 'refers', 'referring'] },
  { lemma: 'refund', forms: ['refunded', 'refunds', 'refunding'] },
  { lemma: 'register', forms: ['registered', 'registers', 'registering'] },
  { lemma: 'remember', forms: ['remembered', 'remembers', 'remembering'] },
  { lemma: 'remove', forms: ['removed', 'removes', 'removing'] },
  { lemma: 'rename', forms: ['renamed', 'renames', 'renaming'] },
  { lemma: 'renew', forms: ['renewed', 'renews', 'renewing'] },
  { lemma: 'reopen', forms: ['reopened', 'reopens', 'reopening'] },
  { lemma: 'replace', forms: ['replaced', 'replaces', 'replacing'] },
  { lemma: 'request', forms: ['requested', 'requests', 'requesting'] },
  { lemma: 'reschedule', forms: ['rescheduled', 'reschedules', 'rescheduling'] },
  { lemma: 'reserve', forms: ['reserved', 'reserves', 'reserving'] },
  { lemma: 'reset', forms: ['resets', 'resetting'] },
  { lemma: 'return', forms: ['returned', 'returns', 'returning'] },
  { lemma: 'revoke', forms: ['revoked', 'revokes', 'revoking'] },
  { lemma: 'save', forms: ['saved', 'saves', 'saving'] },
  { lemma: 'schedule', forms: ['scheduled', 'schedules', 'scheduling'] },
  { lemma: 'secure', forms: ['secured', 'secures', 'securing'] },
  { lemma: 'send', forms: ['sent', 'sends', 'sending'] },
  { lemma: 'set', forms: ['sets', 'setting'] },
  { lemma: 'share', forms: ['shared', 'shares', 'sharing'] },
  { lemma: 'store', forms: ['stored', 'stores', 'storing'] },
  { lemma: 'submit', forms: ['submitted', 'submits', 'submitting'] },
  { lemma: 'subscribe', forms: ['subscribed', 'subscribes', 'subscribing'] },
  { lemma: 'swap', forms: ['swapped', 'swaps', 'swapping'] },
  { lemma: 'switch', forms: ['switched', 'switches', 'switching'] },
  { lemma: 'text', forms: ['texted', 'texts', 'texting'] },
  { lemma: 'transfer', forms: ['transferred', 'transfers', 'transferring'] },
  { lemma: 'trigger', forms: ['triggered', 'triggers', 'triggering'] },
  { lemma: 'unfreeze', forms: ['unfrozen', 'unfroze', 'unfreezes', 'unfreezing'] },
  { lemma: 'unlock', forms: ['unlocked', 'unlocks', 'unlocking'] },
  { lemma: 'unsubscribe', forms: ['unsubscribed', 'unsubscribes', 'unsubscribing'] },
  { lemma: 'update', forms: ['updated', 'updates', 'updating'] },
  { lemma: 'upgrade', forms: ['upgraded', 'upgrades', 'upgrading'] },
  { lemma: 'upload', forms: ['uploaded', 'uploads', 'uploading'] },
  { lemma: 'wire', forms: ['wired', 'wires', 'wiring'] },
  { lemma: 'withdraw', forms: ['withdrawn', 'withdrew', 'withdraws', 'withdrawing'] },
  { lemma: 'write', forms: ['wrote', 'written', 'writes', 'writing'] },
];

/**
 * Lemmas that name the same act. A claim verb matches a tool verb when one group holds both:
 * "update" covers adding and removing ("update_reservation_baggages" adds bags), a ticket is
 * "filed", "logged" or "opened", a memory write "saves" or "records".
 */
export const SAME_ACT_GROUPS: readonly (readonly string[])[] = [
  ['update', 'change', 'modify', 'amend', 'edit', 'adjust', 'correct', 'switch', 'swap', 'move', 'set', 'add', 'remove', 'replace', 'rename', 'upgrade', 'reset', 'mark'],
  // A state a call sets: a status update closes or reopens a ticket, a device call dims a light or
  // locks a door ("set_light" backs "the lights are dimmed"; the thing named still decides). Not
  // "enabled", "disabled", "rebooted": in support chats those mostly repeat what the user did on
  // their own device (LABELING.md rule 25), and the user's report is not told apart yet.
  ['update', 'change', 'set', 'switch', 'close', 'reopen', 'dim', 'lock', 'unlock', 'renew'],
  ['lock', 'secure', 'freeze', 'block'],
  ['unlock', 'unfreeze', 'unblock'],
  // Taking back what was sent: a report recalled from its approver, an application withdrawn.
  ['recall', 'withdraw', 'retract'],
  ['commit', 'push', 'save'],
  ['merge'],
  ['deploy', 'publish'],
  ['grant', 'give', 'share'],
  ['revoke', 'remove'],
  ['trigger', 'run', 'start'],
  ['create', 'add', 'set', 'open', 'raise', 'file', 'log', 'lodge', 'submit', 'register', 'record', 'place', 'issue', 'request'],
  // "Blocked!" an hour in a calendar schedules it, as much as it blocks a card.
  ['schedule', 'reschedule', 'set', 'book', 'arrange', 'add', 'create', 'plan', 'reserve', 'block', 'move'],
  ['book', 'reserve', 'order', 'place', 'rebook'],
  ['cancel', 'delete', 'remove', 'block', 'drop'],
  // Sending people or files somewhere: a technician is dispatched, a document attached or uploaded.
  ['send', 'dispatch'],
  ['attach', 'upload', 'add'],
  ['send', 'email', 'text', 'message', 'forward', 'share', 'post', 'invite', 'ping', 'comment'],
  ['transfer', 'escalate', 'pass', 'hand', 'forward', 'refer', 'flag', 'notify', 'assign'],
  ['save', 'store', 'write', 'record', 'note', 'remember', 'memorise', 'log', 'add'],
  ['exchange', 'swap', 'replace'],
  ['refund', 'credit', 'return'],
  ['pay', 'charge'],
  // Money leaves the account: "I've transferred 50" / "sent 20 to Mark" after a send_money call. The
  // report's objects still decide: "transferred you to an agent" names no money.
  ['pay', 'send', 'transfer', 'wire'],
  // Inviting people adds them: "I've invited Mark to the sync" after a call that adds participants.
  ['subscribe', 'enroll', 'register', 'add', 'invite'],
  ['unsubscribe', 'remove', 'cancel'],
];

/**
 * Verbs that report the act without naming it ("your request has been submitted", "the exchange
 * was processed"): they match a tool by the thing acted on, not by the verb.
 */
export const GENERIC_COMPLETION_VERBS: ReadonlySet<string> = new Set(['submit', 'request', 'place', 'issue', 'apply', 'process', 'complete', 'finalise', 'handle', 'initiate', 'action', 'confirm']);

/** Verbs that only read or compute: "I've found your order" reports a lookup, not an action. */
export const LOOKUP_VERBS: ReadonlySet<string> = new Set([
  'get', 'find', 'list', 'search', 'look', 'lookup', 'check', 'verify', 'calculate', 'compute', 'retrieve', 'read', 'fetch',
  'locate', 'pull', 'show', 'view', 'query', 'count', 'evaluate', 'describe', 'validate', 'preview', 'estimate', 'think',
]);

const EXTRA_FORMS: Record<string, string> = {
  processed: 'process', completed: 'complete', finalised: 'finalise', finalized: 'finalise', handled: 'handle',
  initiated: 'initiate', actioned: 'action', confirmed: 'confirm', edited: 'edit', adjusted: 'adjust', corrected: 'correct',
  planned: 'plan', 'went through': 'complete', 'gone through': 'complete', 'set up': 'set', 'put in': 'submit', 'passed on': 'pass', 'handed over': 'hand', 'signed up': 'subscribe',
};

const LEMMA_OF: ReadonlyMap<string, string> = new Map([
  ...CHANGE_VERBS.flatMap((verb) => [verb.lemma, ...verb.forms].map((form) => [form, verb.lemma] as [string, string])),
  ...Object.entries(EXTRA_FORMS),
  ...[...GENERIC_COMPLETION_VERBS].map((lemma) => [lemma, lemma] as [string, string]),
]);

/** The lemma of a state-changing or completion verb form ("filed" → "file"), or null. */
export function actionLemma(word: string): string | null {
  return LEMMA_OF.get(word.toLowerCase()) ?? null;
}

/**
 * The act lemmas among the words of `text`, read as `text.toLowerCase().split(/[^a-z-]+/)` reads
 * them, from the first `maxPieces` pieces of that split (its empty edge pieces count). One pass,
 * no arrays of words: it runs on every turn.
 */
export function lemmasIn(text: string, maxPieces = Infinity): string[] {
  const lower = text.toLowerCase();
  const lemmas: string[] = [];
  const n = lower.length;
  let i = 0;
  let pieces = 0;
  if (n === 0 || !isWordCode(lower.charCodeAt(0))) {
    pieces++; // the empty piece before a leading separator
    while (i < n && !isWordCode(lower.charCodeAt(i))) i++;
  }
  while (i < n && pieces < maxPieces) {
    let j = i;
    while (j < n && isWordCode(lower.charCodeAt(j))) j++;
    pieces++;
    if (mayBeForm(lower, i, j)) {
      const lemma = LEMMA_OF.get(lower.slice(i, j));
      if (lemma !== undefined) lemmas.push(lemma);
    }
    i = j;
    while (i < n && !isWordCode(lower.charCodeAt(i))) i++;
  }
  return lemmas;
}

const FORM_LENGTHS = lengthTable(LEMMA_OF.keys());

/**
 * For each first letter (a–z, then "-"), the lengths of the words that start with it, as bits (bit
 * 31 for any length from 31 up): most words of a text are in no word list, and `mayBeIn` tells so
 * without slicing them out and looking them up.
 */
export function lengthTable(words: Iterable<string>): Uint32Array {
  const lengths = new Uint32Array(27);
  for (const word of words) {
    const slot = letterSlot(word.charCodeAt(0));
    if (slot >= 0) lengths[slot]! |= 1 << Math.min(word.length, 31);
  }
  return lengths;
}

/** a–z (A–Z folded to it) → 0–25, "-" → 26, anything else → -1. */
function letterSlot(code: number): number {
  const folded = code | 0x20;
  return code === 45 ? 26 : folded >= 97 && folded <= 122 ? folded - 97 : -1;
}

/** Whether the word `text[i, j)` could be in the list of `table`: some word has its first letter (either case) and length. */
export function mayBeIn(table: Uint32Array, text: string, i: number, j: number): boolean {
  const slot = letterSlot(text.charCodeAt(i));
  return slot >= 0 && (table[slot]! & (1 << Math.min(j - i, 31))) !== 0;
}

/** Whether the word `lower[i, j)` (a–z and "-" only) could be a form: one with its first letter and length exists. */
function mayBeForm(lower: string, i: number, j: number): boolean {
  return mayBeIn(FORM_LENGTHS, lower, i, j);
}

/** a–z and "-": the characters of a word for `lemmasIn`. */
function isWordCode(code: number): boolean {
  return (code >= 97 && code <= 122) || code === 45;
}

/**
 * The act a verb form names, as written, for a verb the lexicon does not hold: the lexicon's lemma
 * when it has one, else the word without its inflection ("muted", "mutes", "mute" → "mut"; "skipped",
 * "skips" → "skip"). Both sides of a match (a tool's description, a reply's report) are read the
 * same way, so the key need not be a dictionary word. A particle stays with its verb ("turned off"
 * → "turn off").
 */
export function writtenLemma(form: string): string {
  const lower = form.toLowerCase();
  const space = lower.indexOf(' ');
  if (space > 0) return `${writtenLemma(lower.slice(0, space))}${lower.slice(space)}`;
  const known = LEMMA_OF.get(lower);
  if (known !== undefined) return known;
  let w = lower;
  if (/(?:ied|ies)$/.test(w) && w.length > 4) return `${w.slice(0, -3)}y`;
  if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('s') && !w.endsWith('ss') && w.length > 3) w = w.slice(0, -1);
  // "skipp" → "skip", but "fill", "press", "buzz" keep their pair.
  if (w.length > 3 && w.at(-1) === w.at(-2) && !/[lsfz]$/.test(w)) w = w.slice(0, -1);
  // A word the same-act groups or the lookups hold is its own key: "gives" → "give".
  for (const whole of [w, `${w}e`]) if (GROUPS_OF.has(whole) || LOOKUP_VERBS.has(whole)) return whole;
  return w.length > 3 && w.endsWith('e') ? w.slice(0, -1) : w;
}

/**
 * Acts that undo each other: a call of one never backs a report of the other, even where a same-act
 * group joins them ("update" covers locking and unlocking). Each pair is two words; a report or a
 * tool act names one side by its verb, its particle or a word of its thing.
 *
 *   reads:   "The account has been locked" vs unlock_account / "Skipped to the next track" vs media_previous
 *   ignores: "The door is locked" vs lock_door / "Turned off the lights" vs turn_off
 */
export const OPPOSITE_ACTS: readonly (readonly [string, string])[] = [
  ['lock', 'unlock'], ['on', 'off'], ['mute', 'unmute'], ['add', 'remove'], ['next', 'previous'], ['enable', 'disable'],
  ['open', 'close'], ['start', 'stop'], ['pause', 'resume'], ['pause', 'unpause'], ['freeze', 'unfreeze'], ['block', 'unblock'],
  ['subscribe', 'unsubscribe'], ['up', 'down'], ['grant', 'revoke'], ['raise', 'lower'], ['increase', 'decrease'],
];

/** Each side of `OPPOSITE_ACTS`, also as a verb as written ("closed" → "close"), and the sides opposed to it; built at first use. */
let oppositeOf: Map<string, string[]> | undefined;

function opposites(): Map<string, string[]> {
  if (oppositeOf === undefined) {
    oppositeOf = new Map();
    for (const [x, y] of OPPOSITE_ACTS.flatMap(([p, q]) => [[p, q], [q, p]] as const)) {
      for (const key of new Set([x, writtenLemma(x)])) oppositeOf.set(key, [...(oppositeOf.get(key) ?? []), y, writtenLemma(y)]);
    }
  }
  return oppositeOf;
}

/** Whether two words (verbs as written, particles, things) name opposite acts: lock and unlock, next and previous. */
export function opposite(a: string, b: string): boolean {
  return opposites().get(a)?.includes(b) ?? false;
}

/** Whether a word names one side of some pair of opposite acts. */
export function hasOpposite(word: string): boolean {
  return opposites().has(word);
}

/** Participles and past forms a completion report uses ("has been added", "I cancelled"). */
export function completedForms(): string[] {
  const forms = new Set<string>();
  for (const verb of CHANGE_VERBS) for (const form of verb.forms) if (/(?:ed|en|nt|id|t)$/.test(form) || form === 'set') forms.add(form);
  for (const verb of ['set', 'reset']) forms.add(verb);
  for (const [form] of Object.entries(EXTRA_FORMS)) if (!form.includes(' ')) forms.add(form);
  return [...forms];
}

const GROUPS_OF: ReadonlyMap<string, readonly number[]> = (() => {
  const map = new Map<string, number[]>();
  SAME_ACT_GROUPS.forEach((group, index) => {
    for (const lemma of group) map.set(lemma, [...(map.get(lemma) ?? []), index]);
  });
  return map;
})();

/** Whether two lemmas name the same act: equal, or together in one group. */
export function sameAct(a: string, b: string): boolean {
  if (a === b) return true;
  const groups = GROUPS_OF.get(a);
  return groups !== undefined && (GROUPS_OF.get(b) ?? []).some((g) => groups.includes(g));
}
