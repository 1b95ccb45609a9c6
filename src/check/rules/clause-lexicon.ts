/**
 * The clause table's own phrasings (`clause-patterns.ts`, `clauses.ts`), as word lists: what a
 * person or a system will do, what the user receives, and the words where a clause starts or ends.
 * Lists whose match is read back (a captured word, where a clause ends) keep their order
 * (`inOrder()`); the rest are tested only.
 */
import { combine } from './lexicon.ts';

/** Before the subject: "they usually…", "as a rule, the engineer…". */
export const HABITUAL_LEADS = ['usually', 'normally', 'typically', 'generally', 'tend to', 'tends to', 'as standard', 'as a rule'];
/** "will be in touch", "will be round": a person's act after "be". */
export const PERSON_BE_ACTS = [
  'in touch', 'in contact', 'with you', 'there', 'round', 'over', 'out', 'sent', 'assigned', 'allocated', 'calling', 'contacting',
  'ringing', 'phoning', 'emailing', 'reaching out', 'following up', 'looking', 'visiting', 'coming',
];
/** Words before a step the user takes first: "or simply call…". */
export const USER_STEP_LEADS = ['or', 'and', 'then', 'alternatively', 'just', 'simply', 'please'];

/** "you'll also get…": adverbs, then what the user receives (the rest is read as group 1). */
export const RECEIPT_ADVERBS = ['also', 'then', 'soon', 'automatically', 'still'];
export const RECEIPT_VERBS = ['get', 'receive', 'have', 'be getting', 'be receiving', 'see', 'find'];
/** "you'll hear back from us": whom from (group 1). */
export const HEAR_ADVERBS = ['also', 'then', 'soon'];
export const HEARD_FROM = ['me', 'us', 'our', 'the', 'a', 'an', 'one', 'someone', 'somebody', 'them'];
/** "you'll be notified": what is done to the user (group 1). */
export const DONE_ADVERBS = ['also', 'then', 'soon', 'automatically'];
export const DONE_TO_YOU = ['notified', 'reminded', 'alerted', 'updated', 'messaged', 'pinged', 'contacted', 'called', 'phoned', 'rung', 'emailed', 'texted', 'sent'];

/** A thing reaching the user: "it will be in your inbox", "it'll arrive". */
export const ARRIVALS = [
  ...combine(['be'], ['sent', 'delivered', 'emailed', 'texted', 'posted', 'waiting', 'with you', 'in your inbox', 'on its way']),
  'arrive', 'land', 'go out', 'come through', 'reach you', 'pop up', 'show up', 'come to you',
];
/** A case being dealt with: "it will be reviewed", "be looked into". */
export const HANDLINGS = [
  'reviewed', 'passed', 'forwarded', 'looked at', 'looked into', 'handled', 'escalated', 'investigated', 'processed', 'dealt with',
  'picked up', 'followed up', 'actioned', 'assigned', 'raised', 'logged',
];

/** The reply has the user set it up: "I'd suggest", "you could", "the easiest is". */
export const SUGGESTIONS = [
  ...combine(["i'd", 'i would', 'i'], ['recommend', 'suggest']),
  ...combine(['you'], ['could', 'can', 'might', 'should', 'may want to']),
  'try', 'consider', 'easiest', 'simplest', 'jot', 'if you', ...combine(['let', 'lets', 'allow', 'allows'], ['you']),
];
/** A step the user takes, opening a sentence or a list item: "Set a reminder…", "2. Tap Enable". */
export const SET_UP_STEPS = [
  'set', 'sign up', 'turn on', 'switch', 'enable', 'add', 'use', 'download', 'install', 'text', 'subscribe',
  'register', 'create', 'follow', 'join', 'opt in', 'go to', 'head to', 'log in', 'open', 'visit', 'tap', 'click', 'choose', 'select',
];

/** "it will stay on file", "be kept in our system". */
export const KEEPING = ['be', 'stay', 'remain'];
export const KEPT_STATES = [
  'on file', 'on record', 'saved', 'noted', 'remembered', 'kept', 'stored', 'recorded',
  ...combine(['in'], ['my', 'your', 'the', 'our'], ['notes', 'records', 'record', 'memory', 'file', 'system']),
];
/** What the user asked to keep, as a clause's subject: "your preferences", "the note". */
export const USERS_THINGS = [
  'your', 'this', 'these', 'those', 'my notes', 'my note',
  ...combine(['the'], ['note', 'details', 'information', 'info', 'preferences', 'preference', 'reminder', 'list']),
];
export const WHOLE_SUBJECTS = ['everything'];

export const CASE_NOUNS = ['request', 'case', 'ticket', 'complaint', 'query', 'issue', 'enquiry', 'inquiry', 'report', 'application', 'claim', 'refund', 'callback', 'appointment', 'visit'];
/** What a company's systems send or process (a plural "s" may follow). */
export const OPERATOR_OUTPUTS = [
  'email', 'e-mail', 'confirmation', 'receipt', 'refund', 'tracking', 'instructions', 'label', 'credit', 'invoice', 'shipping',
  'shipment', 'package', 'parcel', 'delivery', 'replacement', 'order', 'item', 'money', 'payment', 'balance',
  'statement',
];
/** What a company's systems do: "ship", "send you a confirmation". */
export const OPERATOR_ACTS = [
  'ship', 'send out', 'dispatch', 'deliver', 'process', 'refund', 'credit', 'charge', 'issue', 'reimburse', 'return', 'transfer',
  ...combine(['send'], ['', 'you'], ['', 'a', 'an'], ['email', 'e-mail', 'confirmation', 'receipt', 'tracking', 'label', 'instructions']),
];

// where clauses start and end (clauses.ts)

/** After these words the next words are a new clause's subject. */
export const SUBJECT_BOUNDARY_WORDS = [
  'and', 'but', 'so', 'then', 'or', 'because', 'since', 'while', 'once', 'when', 'whenever', 'if', 'after', 'before', 'until',
  'as soon as', 'that', 'where', 'which', 'who', 'now',
];
/** ", so", ", and I", ", meanwhile": after a comma, these end a promise's clause. */
export const COMMA_CLAUSE_ENDS = [
  'so', 'which', 'who', 'where', ...combine(['and'], ['i', 'we', 'you', 'it', 'they', 'that', 'this', 'there']), 'just',
  'in the meantime', 'meanwhile', 'then you', 'though',
];
/** "so that", "so you": a purpose ends the clause. */
export const SO_WHAT = ['that', 'you', 'there', 'it', 'your', 'the'];
/** "and you can…": a new clause of ability. */
export const AND_WHO_CAN = combine(['i', 'you'], ['can', 'could', 'should', 'may', 'might']);

/**
 * What a narrator never forgets is a past experience, not something to remember for the user: "I'll
 * never forget that summer", "I will never forget the look on her face", "how it felt".
 */
export const PAST_EXPERIENCES = [
  'day', 'days', 'night', 'nights', 'morning', 'evening', 'summer', 'winter', 'spring', 'autumn', 'fall', 'year', 'years', 'moment',
  'moments', 'time', 'times', 'trip', 'journey', 'feeling', 'look', 'sound', 'smell', 'taste', 'sight', 'face', 'voice', 'smile',
  'first', 'last', 'kindness', 'lesson', 'war', 'place', 'house', 'town', 'city', 'experience', 'adventure', 'encounter', 'meeting',
];
/** How such an experience is named: "that summer", "the look on her face", "those nights". */
export const EXPERIENCE_DETERMINERS = ['that', 'those', 'the', 'this', 'her', 'his', 'their', 'our', 'my'];
/** Or said as a clause: "how it felt", "what happened", "the way she smiled". */
export const EXPERIENCE_CLAUSES = ['how it', 'how she', 'how he', 'how they', 'how we', 'how i', 'what happened', 'the way', 'what she', 'what he', 'what they'];

