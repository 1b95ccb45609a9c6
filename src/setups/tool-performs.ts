/**
 * What a successful call of a tool performs now, as short "verb object" phrases ("add checked
 * bags", "cancel order"). A deployment may state them (`performs:`); otherwise they are read from
 * the tool's name and description, so an untagged deployment still works:
 * `update_reservation_baggages` → "update reservation baggage". Lookups perform nothing.
 * Pure: no I/O.
 */
import { actionLemma, LOOKUP_VERBS, writtenLemma } from './action-verbs.ts';

/** One thing a call does: the verb's lemma and the words naming what it acts on (singular). */
export interface ToolAction {
  verb: string;
  objects: string[];
  /**
   * The thing the act is done to, the head of its noun phrase ("add checked bags to a reservation"
   * → bag; `update_reservation_flights` → flight); the other words name where it sits (its
   * container: the reservation) or what kind it is. Absent when the phrase names no thing.
   */
  object?: string;
  /**
   * The kinds of that thing the tool's schema lists: `add_extra(extra: "child_seat" | "gps")` acts on
   * extras, and a child seat or a GPS is one. Read from a string enum of the parameter naming the object.
   */
  kinds?: string[];
  /**
   * The act is this tool's only when the call's `argument` has this value: one `turn_off` locks or
   * closes by its `domain` argument (`performs_by_argument`, or "for locks it unlocks them").
   */
  when?: { argument: string; value: string };
}

export interface DescribedTool {
  name: string;
  description?: string;
  performs?: readonly string[];
  /** Acts keyed by the value of one argument, stated by the deployment. */
  performs_by_argument?: { argument: string; values: Readonly<Record<string, readonly string[]>> };
  /** The JSON schema of its arguments: parameter names say what a call acts on (`total_baggages`). */
  parameters?: unknown;
}

/** Words that name neither the act nor the thing acted on. */
const FILLER = new Set([
  'a', 'an', 'the', 'to', 'by', 'for', 'of', 'and', 'or', 'in', 'on', 'at', 'from', 'with', 'all', 'any', 'each', 'every',
  'new', 'id', 'ids', 'under', 'about', 'over', 'its', 'their', 'this', 'that', 'one', 'some', 'as', 'into', 'is', 'be', 'it', 'them', 'via',
  'customer', "customer's", 'user', "user's", 'given', 'current', 'existing', 'specified',
]);

/** States a thing is in, not things: "cancel_pending_order" acts on an order. */
const ADJECTIVES = new Set(['pending', 'delivered', 'default', 'shipping', 'active', 'open', 'closed', 'existing']);

/**
 * Remembered singulars: the matcher asks for the same few words many times per reply (each tool
 * object against each word). Bounded in entries and in word length: replies are untrusted.
 */
const SINGULARS = new Map<string, string>();

/** "baggages" → "baggage", "addresses" → "address", "categories" → "category". */
export function singular(word: string): string {
  let known = SINGULARS.get(word);
  if (known === undefined) {
    known = singularOf(word);
    if (word.length <= 40) {
      if (SINGULARS.size >= 4096) SINGULARS.clear();
      SINGULARS.set(word, known);
    }
  }
  return known;
}

function singularOf(word: string): string {
  const w = word.toLowerCase();
  if (w.length <= 3 || /(?:ss|us|is|ous)$/.test(w)) return w;
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (/(?:sses|xes|ches|shes|zes)$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s')) return w.slice(0, -1);
  return w;
}

/** Splits `update_reservation_baggages`, `createCalendarEvent` and "send-email" into words. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .map((w) => w.toLowerCase())
    .filter(Boolean);
}

/** Parses one phrase ("add checked bags") into its verb and objects; null when it names no verb. */
export function parsePerforms(phrase: string): ToolAction | null {
  const words = phrase.toLowerCase().split(/[^a-z0-9'-]+/).filter(Boolean);
  let [first, ...rest] = words;
  if (!first) return null;
  // "turn off device": the particle is part of the act, unless the lexicon reads the verb alone.
  if (rest.length > 0 && PARTICLES.has(rest[0]!) && actionLemma(`${first} ${rest[0]}`) === null && actionLemma(first) === null) first = `${first} ${rest.shift()}`;
  const verb = writtenLemma(first);
  const objects = [...new Set(rest.filter((w) => !FILLER.has(w)).map(singular))];
  // The head is the last thing before the first word that opens a container ("… to a reservation").
  const containerAt = rest.findIndex((w) => CONTAINER_WORDS.has(w));
  const head = (containerAt < 0 ? rest : rest.slice(0, containerAt)).filter((w) => !FILLER.has(w) && !ADJECTIVES.has(w)).at(-1);
  const action: ToolAction = { verb, objects };
  const object = head === undefined ? objects.at(-1) : singular(head);
  if (object !== undefined) action.object = object;
  return action;
}

/** Particles that make one act with their verb: "turn off", "switch on". */
const PARTICLES: ReadonlySet<string> = new Set(['on', 'off', 'up', 'down', 'back', 'out']);

/** Words that open where a thing sits, not the thing: "add bags **to** a reservation", "the bags **of** a reservation". */
export const CONTAINER_WORDS: ReadonlySet<string> = new Set(['to', 'into', 'in', 'on', 'onto', 'of', 'from', 'for', 'at', 'under', 'within', 'inside']);

/** Default phrases for a tool that states none: from its name, then its description's leading verbs. */
export function inferPerforms(tool: { name: string; description?: string }): string[] {
  const description = tool.description ?? '';
  if (/\bread-only\b|\bno effect\b/i.test(description)) return [];
  const words = nameWords(tool.name);
  // "get_order_details", "memory_read": the first verb of the name says whether it only reads.
  const firstVerb = words.find((w) => LOOKUP_VERBS.has(w) || actionLemma(w) !== null);
  if (firstVerb === undefined ? /^(?:returns|looks up|lists|searches|evaluates)\b/i.test(description) : LOOKUP_VERBS.has(firstVerb)) return [];
  // The name's verb is its first action word ("cancel_pending_order", "memory_write"); the rest
  // name what it acts on, even words that can be verbs too ("order", "email").
  const verbAt = words.findIndex((w) => actionLemma(w) !== null && !LOOKUP_VERBS.has(w));
  const phrases: string[] = [];
  if (verbAt >= 0) {
    const objects = words.filter((w, i) => i !== verbAt && !FILLER.has(w) && !ADJECTIVES.has(w)).map(singular);
    phrases.push([actionLemma(words[verbAt]!)!, ...objects].join(' '));
  }
  for (const action of descriptionActions(description)) phrases.push([action.verb, ...action.objects].join(' '));
  // A tool whose name and description hold no verb of the lexicon ("HassTurnOff": "Turns off/closes/unlocks a device"): its description's opening verbs, as written.
  if (phrases.length === 0 && firstVerb === undefined) phrases.push(...writtenPhrases(description));
  return [...new Set(phrases)];
}

/** "Turns off/closes/unlocks a device or entity": the opening verb (with its particle) and its alternatives, and the thing after them. */
const OPENING_VERBS = /^\s*([A-Z]?[a-z]{2,}s)((?:\s+(?:on|off|up|down|back|out)\b)?)((?:\s*\/\s*[a-z]{2,}(?:\s+(?:on|off|up|down)\b)?)*)\s+((?:[\w'-]+\s+){0,6}?[\w'-]+)(?=\s+(?:of|in|on|at|for|to|from|with|by|that|which|who)\b|\s*[.,;:()]|$)/;

function writtenPhrases(description: string): string[] {
  const match = OPENING_VERBS.exec(description);
  if (match === null) return [];
  // As written: `parsePerforms` reads each verb's lemma.
  const verbs = [`${match[1]}${match[2]}`, ...match[3]!.split('/').map((v) => v.trim()).filter(Boolean)].map((v) => v.toLowerCase().replace(/\s+/g, ' '));
  const first = writtenLemma(verbs[0]!);
  if (LOOKUP_VERBS.has(first) || first === 'return') return [];
  const objects = match[4]!.toLowerCase().split(/\s+/).filter((w) => !FILLER.has(w) && !ADJECTIVES.has(w) && w !== 'or').map(singular);
  return verbs.map((verb) => [verb, ...objects].join(' '));
}

/**
 * "For locks it UNLOCKS them, for covers it CLOSES them": acts a description keys by the value of an
 * enum parameter. Bounded: a description is at most read for 20 such clauses.
 *
 *   reads:   HassTurnOff(domain: [light, lock, cover]) "… For locks it UNLOCKS them" → unlock lock when domain = lock
 *   ignores: "For best results it should be called once" (no parameter takes "best result")
 */
export function argumentKeyedPerforms(tool: DescribedTool): DescribedTool['performs_by_argument'] | undefined {
  const properties = schemaProperties(tool.parameters);
  if (properties === null || !tool.description) return undefined;
  const text = tool.description.replace(/\([^()]{0,200}\)/g, ' ');
  for (const [argument, schema] of Object.entries(properties)) {
    const values = (schema as { enum?: unknown } | null)?.enum;
    if (!Array.isArray(values) || values.length > 50) continue;
    const byValue: Record<string, string[]> = {};
    let n = 0;
    for (const match of text.matchAll(/\bfor\s+([a-z_]+)\s+it\s+([a-z]{2,})(?:\s+(?:them|it))?(?:\s+(on|off|up|down|back)\b)?/gi)) {
      if (++n > 20) break;
      const value = values.find((v): v is string => typeof v === 'string' && singular(v.toLowerCase()) === singular(match[1]!.toLowerCase()));
      if (value === undefined) continue;
      const verb = match[3] === undefined ? match[2]! : `${match[2]} ${match[3]}`;
      (byValue[value] ??= []).push(`${verb.toLowerCase()} ${nameWords(value).join(' ')}`);
    }
    if (Object.keys(byValue).length > 0) return { argument, values: byValue };
  }
  return undefined;
}

/**
 * "Cancels a pending order … and records a refund": a verb in the third person that opens the
 * description or one of its clauses, with the noun phrase after it.
 */
function descriptionActions(description: string): ToolAction[] {
  const actions: ToolAction[] = [];
  const clause = /(?:^|[.;:]\s+|,?\s+(?:and|then)\s+)([A-Z]?[a-z]+s)\s+((?:[\w'-]+\s+){0,4}?[\w'-]+)(?=\s+(?:of|in|on|at|for|to|from|with|by|and|or|that|which|who)\b|\s*[.,;:()]|$)/g;
  for (const match of description.matchAll(clause)) {
    const verb = actionLemma(match[1]!);
    if (!verb || LOOKUP_VERBS.has(verb) || /^returns$/i.test(match[1]!)) continue;
    const objects = match[2]!.split(/\s+/).map((w) => w.replace(/'s$/, '').toLowerCase()).filter((w) => !FILLER.has(w) && !ADJECTIVES.has(w) && !/^(?:at|once|immediately)$/.test(w));
    if (objects.length > 0) actions.push({ verb, objects: objects.map(singular), object: singular(objects.at(-1)!) });
  }
  return actions;
}

/** What a successful call of this tool performs: its stated phrases, else the inferred ones (with what its parameters act on). */
export function toolActions(tool: DescribedTool): ToolAction[] {
  const phrases = tool.performs ?? inferPerforms({ name: tool.name, description: tool.description ?? '' });
  const actions = withKeyedActs(phrases.map(parsePerforms).filter((a): a is ToolAction => a !== null), tool);
  if (tool.performs !== undefined || actions.length === 0) return actions;
  const properties = schemaProperties(tool.parameters);
  return properties === null ? actions : withEnumKinds(withPaymentAct(withParameterObjects(actions, properties), properties), properties);
}

/** The tool's acts keyed by an argument's value (stated, or read from its description), after its other acts. */
function withKeyedActs(actions: ToolAction[], tool: DescribedTool): ToolAction[] {
  const keyed = tool.performs_by_argument ?? (tool.performs === undefined ? argumentKeyedPerforms(tool) : undefined);
  if (keyed === undefined) return actions;
  const added: ToolAction[] = [];
  for (const [value, phrases] of Object.entries(keyed.values)) {
    for (const phrase of phrases) {
      const action = parsePerforms(phrase);
      if (action !== null) added.push({ ...action, when: { argument: keyed.argument, value } });
    }
  }
  return [...actions, ...added];
}

/**
 * The acts of one call: when some act is keyed to the value its arguments give, those acts only (the
 * argument decides what the call did); otherwise the acts keyed to no value.
 *
 *   reads:   HassTurnOff(domain: "lock") → unlock lock / HassTurnOff(domain: "light") → turn off device
 */
export function callActions(actions: readonly ToolAction[], args: Readonly<Record<string, unknown>> | undefined): readonly ToolAction[] {
  let keyed = false;
  for (const action of actions) if (action.when !== undefined) keyed = true;
  if (!keyed) return actions;
  const chosen = actions.filter((action) => action.when !== undefined && typeof args?.[action.when.argument] === 'string' && (args[action.when.argument] as string).toLowerCase() === action.when.value.toLowerCase());
  return chosen.length > 0 ? chosen : actions.filter((action) => action.when === undefined);
}

/** The `properties` of a JSON schema of arguments, or null when it has none. */
function schemaProperties(parameters: unknown): Record<string, unknown> | null {
  const properties = (parameters as { properties?: unknown } | undefined)?.properties;
  return properties !== null && typeof properties === 'object' ? (properties as Record<string, unknown>) : null;
}

/**
 * The values a parameter naming the tool's thing may take are kinds of that thing:
 * `add_extra(booking_id, extra: enum [child_seat, gps])` backs "the child seat is added" and no other
 * tool of the same act does. Bounded: at most 50 values of at most 40 characters.
 *
 *   reads:   add_extra(extra: [child_seat, gps]) → add extra, kinds child, seat, gps
 *   ignores: update_reservation_flights(cabin: [economy, business]) (cabin is not its object, flight)
 */
function withEnumKinds(actions: ToolAction[], properties: Record<string, unknown>): ToolAction[] {
  let result = actions;
  for (const [name, schema] of Object.entries(properties)) {
    const values = (schema as { enum?: unknown } | null)?.enum;
    if (!Array.isArray(values) || values.length > 50) continue;
    const thing = nameWords(name).filter((w) => !FILLER.has(w) && !PARAMETER_QUALIFIERS.has(w)).map(singular).at(-1);
    if (thing === undefined) continue;
    const kinds = [...new Set(values.filter((v): v is string => typeof v === 'string' && v.length <= 40).flatMap(nameWords).filter((w) => !FILLER.has(w)).map(singular))];
    if (kinds.length === 0) continue;
    result = result.map((action) => (action.object !== undefined && sameThing(action.object, thing) ? { ...action, kinds: [...(action.kinds ?? []), ...kinds] } : action));
  }
  return result;
}

/**
 * A call that takes a means of payment charges it: `update_reservation_baggages(…, payment_id)`
 * charges the fee for the extra bag, `book_reservation(…, payment_methods)` the fare. Such a tool
 * also performs "charge payment" (a fee, a fare, a cost is a payment: OBJECT_KINDS).
 *
 *   reads:   update_reservation_baggages(reservation_id, total_baggages, payment_id) → … ; charge payment
 *   ignores: get_user_details(user_id) / cancel_reservation(reservation_id, reason)
 */
function withPaymentAct(actions: ToolAction[], properties: Record<string, unknown>): ToolAction[] {
  const paid = Object.keys(properties).some((name) => {
    const words = nameWords(name);
    return words.includes('payment') || words.includes('payments') || (words.includes('card') && (words.includes('id') || words.includes('token')));
  });
  if (!paid || actions.some((a) => a.verb === 'charge' || a.verb === 'pay')) return actions;
  return [...actions, { verb: 'charge', objects: ['payment'], object: 'payment' }];
}

/** Words of a parameter name that count or qualify, not things: `total_baggages`, `nonfree_baggages`. */
const PARAMETER_QUALIFIERS = new Set(['total', 'nonfree', 'free', 'number', 'num', 'count', 'new', 'old', 'max', 'min', 'is', 'has', 'reason', 'note', 'notes', 'type']);

/**
 * Parameters say what a call acts on when its name names only where (LABELING.md rule 16):
 * `update_booking(reservation_id, total_baggages, nonfree_baggages)` selects a reservation by its id
 * and changes its baggage. When the name's object is identified by an `…_id` parameter, every other
 * parameter naming a thing adds an act on that thing, and the name's object is its container.
 *
 *   reads:   update_booking(reservation_id, total_baggages) → update booking; update baggage
 *   ignores: cancel_reservation(reservation_id, reason) → cancel reservation only
 */
function withParameterObjects(actions: ToolAction[], properties: Record<string, unknown>): ToolAction[] {
  const names = Object.keys(properties).map(nameWords);
  const identified = new Set(names.filter((w) => w.length >= 2 && (w.at(-1) === 'id' || w.at(-1) === 'ids')).map((w) => singular(w.at(-2)!)));
  if (identified.size === 0) return actions;
  const added: ToolAction[] = [];
  for (const action of actions) {
    if (action.object === undefined || ![...identified].some((thing) => sameThing(thing, action.object!))) continue;
    for (const words of names) {
      if (words.at(-1) === 'id' || words.at(-1) === 'ids') continue;
      const thing = words.filter((w) => !FILLER.has(w) && !PARAMETER_QUALIFIERS.has(w) && !ADJECTIVES.has(w)).map(singular).at(-1);
      if (thing === undefined || sameThing(thing, action.object) || added.some((a) => a.verb === action.verb && a.object === thing)) continue;
      added.push({ verb: action.verb, objects: [action.object, thing], object: thing });
    }
  }
  return added.length > 0 ? [...actions, ...added] : actions;
}

/** Names for the same thing, so "bag" meets "baggage" and "booking" meets "reservation". */
const SAME_THING: readonly (readonly string[])[] = [
  ['bag', 'baggage', 'luggage', 'suitcase', 'checked'],
  ['reservation', 'booking', 'trip'],
  ['ticket', 'case', 'request', 'complaint', 'issue', 'query', 'enquiry', 'inquiry'],
  ['reminder', 'alarm', 'alert', 'notification', 'nudge'],
  ['event', 'appointment', 'meeting', 'calendar', 'invite', 'invitation'],
  ['email', 'e-mail', 'mail', 'message'],
  ['payment', 'card', 'method'],
  ['transaction', 'transfer', 'remittance', 'wire'],
  ['human', 'agent', 'person', 'team', 'representative', 'specialist'],
  ['memory', 'preference', 'note', 'detail'],
  ['task', 'job', 'follow-up', 'check-in'],
];

/**
 * Kinds of things a tool acts on, and the things of that kind a reply names: a calendar event
 * covers a gym class, a meeting or a dentist appointment; baggage covers checked bags; an order's
 * items cover products and variants. One way only: a tool that creates events backs "I've added
 * your gym class", a tool that books classes does not back every event.
 *
 *   reads:   create_event (object event) backs "I've added your gym class to your calendar"
 *   reads:   update_reservation_baggages (object baggage) backs "one checked bag has been added"
 *   reads:   add_calendar_event_participants (object participant) backs "I've invited Mark and Emma to the sync"
 *   ignores: update_reservation_flights (object flight) never backs "one checked bag has been added"
 */
export const OBJECT_KINDS: Readonly<Record<string, readonly string[]>> = {
  event: ['appointment', 'meeting', 'class', 'session', 'lesson', 'workout', 'call', 'interview', 'dinner', 'lunch', 'party', 'standup', 'webinar', 'consultation', 'checkup', 'check-up'],
  baggage: ['bag', 'luggage', 'suitcase', 'checked', 'carry-on'],
  // The legs of a trip are its flights: "Both legs have been upgraded to business class".
  flight: ['leg', 'segment', 'connection', 'layover'],
  item: ['product', 'variant', 'article'],
  message: ['dm', 'note', 'text', 'reply', 'ping'],
  payment: ['transfer', 'transaction', 'remittance', 'money', 'fee', 'fare', 'charge', 'cost', 'surcharge'],
  transaction: ['payment', 'transfer', 'money'],
  // People added to an event are invited to it: "I've invited Mark to the sync" (the noun "invite" too).
  participant: ['guest', 'attendee', 'invitee', 'invite', 'member', 'colleague'],
  reminder: ['alarm', 'alert', 'nudge'],
};

/**
 * Things that carry whatever the reply asks of them: a scheduled task, a ticket, a memory entry,
 * a hand-off to a person. A call of a tool acting on one is read by its family, as before objects
 * were read: `schedule_task` backs "I've set up an alert", `create_ticket` backs "I've passed this to
 * our Renewals team".
 *
 *   reads:   schedule_task (object task) backs "I've set up an alert for the price drop"
 *   ignores: create_calendar_reminder (object reminder) never backs "I've added your gym class"
 */
export const GENERAL_PURPOSE_OBJECTS: ReadonlySet<string> = new Set(['task', 'ticket', 'case', 'memory', 'job', 'request', 'human', 'agent']);

/** Whether a report's word names the thing a tool acts on: the same thing, or a thing of the tool's kind. */
export function coversThing(toolObject: string, word: string): boolean {
  if (sameThing(toolObject, word)) return true;
  const members = OBJECT_KINDS[singular(toolObject)];
  return members !== undefined && members.includes(singular(word));
}

/** Whether two object words name the same thing: equal, one a stem of the other, or synonyms. */
export function sameThing(a: string, b: string): boolean {
  const x = singular(a);
  const y = singular(b);
  if (x === y) return true;
  if (x.length >= 3 && y.length >= 3 && (x.startsWith(y) || y.startsWith(x))) return true;
  const group = SAME_THING_GROUP.get(x);
  return group !== undefined && group === SAME_THING_GROUP.get(y);
}

/**
 * Whether an act's verb is itself the thing ("emailed" → an e-mail, "texted" → a text): the same
 * word or a synonym, never a stem ("added" names no address, "posted" no poster).
 *
 *   reads:   email ~ e-mail, message ~ email, text ~ text
 *   ignores: add ~ address, post ~ postcode
 */
export function verbNamesThing(verb: string, thing: string): boolean {
  const x = singular(verb);
  const y = singular(thing);
  if (x === y) return true;
  const group = SAME_THING_GROUP.get(x);
  if (group !== undefined && group === SAME_THING_GROUP.get(y)) return true;
  const members = OBJECT_KINDS[y];
  return members !== undefined && members.includes(x);
}

/** Each word of SAME_THING and its group (a word sits in one group only: checked below). */
const SAME_THING_GROUP: ReadonlyMap<string, number> = (() => {
  const groupOf = new Map<string, number>();
  SAME_THING.forEach((group, i) => {
    for (const word of group) {
      if (groupOf.has(word)) throw new Error(`SAME_THING: "${word}" is in two groups`);
      groupOf.set(word, i);
    }
  });
  return groupOf;
})();
