/**
 * Word lists the rules share. Each list is data: extend it to teach the rules a new phrasing.
 * Entries are lower-case phrases; `phrases()` turns a list into one alternation that matches
 * whole words on folded text (typographic apostrophes already folded to ').
 */

/** Build `(?:a|b|c)` from phrases, longest first, with spaces matching any whitespace. */
export function phrases(list: readonly string[]): string {
  return inOrder([...list].sort((a, b) => b.length - a.length));
}

/** `phrases()` keeping the list's order: for patterns whose matched text is used, where the first alternative that fits wins. */
export function inOrder(list: readonly string[]): string {
  return `(?:${list.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+')).join('|')})`;
}

/**
 * The language of `phrases(list)` with entries that share a first word grouped under it, so the
 * pattern tries "if" once, not once per "if …" entry. For `.test()` patterns only: which entry
 * matches first may differ, so a pattern whose matched text is used keeps `phrases()`.
 */
export function phrasesByFirstWord(list: readonly string[]): string {
  const byFirst = new Map<string, string[]>();
  for (const entry of list) {
    const space = entry.indexOf(' ');
    const first = space === -1 ? entry : entry.slice(0, space);
    const rests = byFirst.get(first) ?? [];
    rests.push(space === -1 ? '' : entry.slice(space + 1));
    byFirst.set(first, rests);
  }
  const groups = [...byFirst].map(([first, rests]) => {
    const head = inOrder([first]).slice(3, -1);
    const tails = rests.filter((rest) => rest !== '');
    if (tails.length === 0) return head;
    const after = `\\s+${phrases(tails)}`;
    return rests.includes('') ? `${head}(?:${after})?` : `${head}${after}`;
  });
  return `(?:${groups.join('|')})`;
}

/**
 * Every way to join one entry of each list with spaces: combine(['each', 'every'], ['chat']).
 * An empty entry makes its part optional: combine(['send'], ['', 'you'], ['a text']).
 */
export function combine(...parts: readonly (readonly string[])[]): string[] {
  const joined = parts.reduce<string[]>((heads, part) => heads.flatMap((head) => part.map((word) => (head && word ? `${head} ${word}` : head || word))), ['']);
  return joined.filter((phrase) => phrase !== '');
}

/** A phrasing as a row of slots, one word list each: [["each", "every"], ["chat", "conversation"], ["starts over"]]. */
export type PhraseShape = readonly (readonly string[])[];

/**
 * One alternation per slot, joined by white space; several shapes are alternatives. For `.test()`
 * patterns: the same strings as `phrases(combine(...slots))`, with a pattern that stays short and
 * matches about twice as fast, where spelling out every combination multiplies it.
 */
export function shapePattern(shapes: readonly PhraseShape[]): string {
  return `(?:${shapes.map((slots) => slots.map(phrasesByFirstWord).join('\\s+')).join('|')})`;
}

/** Words naming people or teams other than the assistant. */
export const PERSON_NOUNS = [
  'someone', 'somebody', 'team', 'teams', 'colleague', 'colleagues', 'engineer', 'engineers', 'technician', 'technicians',
  'advisor', 'advisors', 'adviser', 'advisers', 'agent', 'agents', 'specialist', 'specialists', 'representative',
  'representatives', 'rep', 'staff', 'manager', 'managers', 'supervisor', 'person', 'people', 'human', 'member',
  'department', 'desk', 'officer', 'expert', 'experts', 'consultant', 'coordinator', 'crew',
  'customer service', 'customer services', 'support', 'billing', 'nurse', 'doctor', 'one of us', 'one of our',
  'mr', 'mrs', 'ms', 'miss', 'dr', 'tutor', 'teacher', 'coach', 'trainer', 'receptionist', 'secretary', 'pharmacist',
  'driver', 'caseworker', 'case worker',
  // organisations act through their people
  'restaurant', 'garage', 'surgery', 'clinic', 'practice', 'dentist', 'vet', 'landlord', 'council', 'company', 'shop',
  'salon', 'hotel', 'airline', 'agency', 'office', 'school', 'nursery', 'courier', 'installer', 'plumber', 'electrician',
];

/** Things that are neither the assistant nor a person: their future is another system's behaviour. */
export const SYSTEM_SUBJECTS = [
  'it', 'this', 'the app', 'your phone', 'your calendar', 'the calendar', 'your bank', 'the bank', 'the website',
  'the site', 'the system', 'your device', 'the alarm', 'your alarm', 'the page', 'the map', 'the tracker', 'google',
  'the service', 'your provider', 'the payment', 'the reading', 'your meter', 'the meter', 'your bill', 'the bill',
];

/** Adverbs and hedges between the modal and the verb that do not change the act. */
export const VERB_PREFIXES = [
  'also', 'just', 'definitely', 'certainly', 'absolutely', 'gladly', 'happily', 'personally', 'then', 'still', 'now',
  'make sure to', 'make sure i', 'make sure that i', 'be sure to', 'make a point of', 'make a point to', 'try to',
  'try and', 'do my best to', 'go ahead and', 'need to', 'have to', 'always', 'of course', 'promptly', 'first',
  'quickly', 'proactively', 'automatically', 'immediately', 'straight away', 'right away', 'totally',
  'be happy to', 'be glad to', 'be delighted to', 'aim to', 'get around to', 'come back and',
];

/** Objects that a reply promises the user will receive ("you'll get a reminder at 9"). */
export const DELIVERABLES: Record<string, 'notify' | 'deliver' | 'email' | 'sms' | 'call' | 'file'> = {
  reminder: 'notify', reminders: 'notify', notification: 'notify', notifications: 'notify', alert: 'notify',
  alerts: 'notify', ping: 'notify', nudge: 'notify', 'heads-up': 'notify', 'heads up': 'notify', message: 'notify',
  update: 'notify', updates: 'notify', 'check-in': 'notify', prompt: 'notify', shout: 'notify', follow: 'notify',
  summary: 'deliver', checklist: 'deliver', list: 'deliver', copy: 'deliver', report: 'deliver',
  recap: 'deliver', digest: 'deliver', plan: 'deliver', breakdown: 'deliver', confirmation: 'deliver',
  statement: 'deliver', bill: 'deliver', invoice: 'deliver', receipt: 'deliver', quote: 'deliver', comparison: 'deliver',
  email: 'email', 'e-mail': 'email', emails: 'email', text: 'sms', texts: 'sms', sms: 'sms', call: 'call',
  ring: 'call', callback: 'call', pdf: 'file', file: 'file', attachment: 'file',
  document: 'file',
};

/** Verbs a third party would do for the user: with a person as subject, a promise needs a person to act. */
export const PERSON_ACTS = [
  'call', 'ring', 'phone', 'contact', 'reach out', 'email', 'e-mail',
  'text', 'message', 'write', 'visit', 'come', 'pop round', 'look into', 'look at', 'review', 'investigate', 'sort',
  'arrange', 'process', 'send', 'fix', 'repair', 'help', 'follow up', 'check', 'book', 'confirm', 'take', 'handle',
  'deal with', 'assess', 'inspect', 'update', 'refund', 'cancel', 'remind', 'let you know', 'attend',
  'explain', 'discuss', 'go through', 'walk you through', 'talk', 'speak', 'set up', 'reply', 'respond',
  'provide', 'assist', 'give', 'get', 'drop', 'see you', 'meet', 'add', 'change', 'amend', 'correct', 'note', 'log', 'record', 'post', 'switch', 'move', 'look after', 'keep', 'run', 'do', 'work', 'chase', 'escalate', 'resolve', 'install', 'replace', 'swap', 'read', 'organise',
  'organize', 'schedule', 'apply', 'raise', 'credit', 'adjust', 'waive', 'issue', 'make sure', 'ensure', 'pick',
];

/** Habitual or general descriptions: "our engineers usually text you" describes a system, not a promise. */
export const HABITUAL = ['usually', 'normally', 'typically', 'generally', 'often', 'tend to', 'tends to', 'sometimes', 'may', 'might', 'can', 'could', 'would'];

/** The user doing something first turns a promise into another system's behaviour or a conditional. */
export const USER_ACTIONS_TOWARDS_OTHERS = [
  'call', 'ring', 'phone', 'contact', 'get in touch', 'reach out', 'visit', 'email', 'book', 'sign up', 'register',
  'enable', 'turn on', 'set', 'text', 'subscribe', 'opt in', 'log in', 'download', 'install', 'add', 'report',
  'submit', 'request', 'apply', 'choose', 'select', 'use', 'join', 'create', 'go to', 'head to', 'open', 'switch', 'tap', 'click', 'start',
];

/** The user's next message: "once you send it, I'll…", "tell me and I'll…". */
export const USER_MESSAGE_VERBS = [
  'send', 'share', 'tell', 'give', 'let me know', 'confirm', 'reply', 'paste', 'provide', 'upload', 'message',
  'write back', 'get back to me', 'come back to me', 'ask', 'drop', 'ping me', 'forward', 'type', 'list',
  'decide', 'know', 'choose', 'pick', 'are ready', "'re ready", 'have', 'find', 'check', 'look', 'dig out', 'say',
  'want', 'need', 'fill me in', 'update me', 'mention', 'post', 'attach', 'remind me',
  // past participles the suffixes above do not make: "once you've sent the photos"
  'sent', 'told', 'given', 'chosen', 'found', 'said',
];
