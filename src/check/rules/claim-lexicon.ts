/**
 * The words of completion reports (`claims.ts`, `action-claims.ts`), as lists: what was scheduled,
 * saved or handed on, and the words that make a sentence no report. A claim's matched text is
 * shown, so lists that feed claim rows keep the order in which the first entry that fits wins
 * (`inOrder()`): plurals before singulars, longer forms before the forms they start with.
 */
import { combine } from './lexicon.ts';

/** "I've", "we have", then adverbs that change nothing ("I've now also gone ahead and set…"). */
export const HAVE_FORMS = ["i've", 'i have', "we've", 'we have'];
export const HAVE_ADVERBS = ['now', 'also', 'just', 'already', 'gone ahead and', 'successfully'];

export const SCHEDULED_THINGS = [
  'reminders', 'reminder', 'alarms', 'alarm', 'alerts', 'alert', 'notifications', 'notification', 'tasks', 'task',
  'follow-ups', 'follow-up', 'followups', 'followup', 'check-ins', 'check-in', 'checkins', 'checkin', 'nudges', 'nudge', 'pings', 'ping',
];
/** "Reminder set", "the alerts are in place". */
export const SCHEDULED_STATES = ['set', 'scheduled', 'created', 'booked', 'added', 'in place', 'sorted', 'locked in', 'saved', 'confirmed'];
/** "I've set up a reminder". */
export const SCHEDULING_VERBS = ['set', 'created', 'added', 'booked', 'put in', 'arranged', 'queued', 'programmed'];
/** "I've scheduled it", "I've set up your daily message". */
export const SCHEDULED_IT_VERBS = ['set up', 'set'];
export const SCHEDULED_PRONOUNS = ['it', 'this', 'that', 'them', 'everything'];
export const SCHEDULED_ITEMS = ['message', 'checklist', 'summary', 'list', 'plan', 'delivery', 'update', 'report', 'recap', 'email', 'text'];
/** "It's all scheduled". */
export const IT_IS = ["it's", 'it is', "that's", 'that is', 'this is', "everything's", 'everything is'];
export const SCHEDULED_IT_STATES = ['scheduled', 'set up'];

/** "I've set up a price watch". */
export const WATCH_VERBS = ['put', 'set up', 'placed', 'set', 'started', 'turned on', 'switched on'];
export const WATCHES = ['watch', 'tracker', 'tracking', 'monitor', 'monitoring', 'flag'];
export const SIGNED_UP = ['signed you up', 'subscribed you'];
export const ENABLE_VERBS = ['enabled', 'activated', 'turned on'];
export const ENABLED_THINGS = ['alerts', 'alert', 'notifications', 'notification', 'updates'];

/** "I've added it to your calendar". */
export const CALENDAR_VERBS = ['added', 'put', 'popped'];
export const CALENDARS = ['calendar', 'diary', 'schedule'];

/** "I've saved", "I've committed that to memory". */
export const SAVED_VERBS = ['saved', ...combine(['committed'], ['it', 'this', 'that'], ['to memory']), 'filed', 'recorded'];
/** "noted it down in your profile" ("logged in" is a shape of its own: not "logged into"). */
export const STORE_VERBS = ['saved', 'stored', 'noted', 'recorded', 'added', 'jotted', 'put', ...combine(['made a note of'], ['it', 'this', 'that'])];
export const STORED_OBJECTS = ['it', 'this', 'that', 'them', 'a note', 'the note'];
export const INTO = ['to', 'in', 'on', 'into'];
export const STORES = [
  'memory', 'my memory', 'your profile', 'your account', 'our system', 'the system', 'your file', 'your records', 'your record',
  'my notes', 'your notes', 'your preferences', 'file', 'record', 'your details',
];
/** "I've updated your travel preferences". */
export const STORE_UPDATES = ['updated', 'changed', 'added to'];
export const PROFILE_PARTS = ['profile', 'preference', 'settings', 'notes', 'memory', 'record', 'file', 'details'];
/** "I've corrected their account". */
export const RECORD_UPDATES = ['updated', 'changed', 'amended', 'corrected', 'marked', 'flagged'];
export const RECORD_OWNERS = ['your', 'the', 'her', 'his', 'their'];
export const RECORDS = ['account', 'records', 'record', 'file', 'profile', 'details', 'preferences'];
/** "saved for next week", "logged until Friday". */
export const SAVED_FOR_VERBS = ['saved', 'stored', 'noted down', 'logged'];
export const SAVED_FOR = [
  'next', 'later', 'the', 'your', 'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october',
  'november', 'december',
];

/** What the user asked to keep: "Your preference is saved", "That's stored". */
export const KEPT_PRONOUNS = ['it', 'that', 'this', 'these', 'those', 'they', 'everything'];
export const USERS_KEPT = [
  'preferences', 'preference', 'details', 'information', 'info', 'notes', 'note', 'choices', 'choice', 'settings', 'answers', 'answer',
  'address', 'number', 'birthday', 'name', 'list', 'plan', 'requests', 'request', 'diet', 'allergy',
  'allergies', 'budget', 'order', 'goals', 'goal', 'dates', 'date', 'progress', 'favourites', 'favourite', 'favorites', 'favorite',
];
export const KEPT_NOTES = ['the note', 'the preference', 'the details', 'the information', 'the info', 'the list', 'my note', 'a note'];
export const IS = ['is', 'are', 'has been', 'have been'];
export const IS_SHORT = ["'s", "'re", "'s been", "'ve been"];
export const SAVED_STATES = ['saved', 'stored', 'memorised', 'memorized', 'on file', 'recorded'];

/** "I've left a note on your account". */
export const ACCOUNT_VERBS = ['noted', 'made a note', 'added', 'left a note', 'put', 'logged', 'flagged', 'registered', 'set', 'changed', 'updated', 'marked', 'listed'];
export const ONTO = ['on', 'to', 'in', 'against'];
export const ACCOUNT_OWNERS = ['your', 'the', 'our'];
export const ACCOUNTS = ['account', 'file', 'record', 'profile', 'system', 'notes'];

/** "I've escalated this to our billing team". */
export const HANDED_VERBS = [
  'raised', 'created', 'opened', 'submitted', 'put in', 'lodged', 'booked', 'arranged', 'requested', 'passed', 'forwarded',
  'flagged', 'notified', 'informed', 'alerted', 'contacted', 'messaged', 'let', 'asked', 'assigned', 'sent',
];
/**
 * Handing over by telling someone: a message tool's call does that (LABELING.md rule 16). "I've let
 * Alice know" after a successful direct message, "I've notified your manager" after an e-mail.
 *
 *   reads:   "I've let Alice know you'll be late." (send_direct_message) / "I've informed the team." (send_email)
 *   ignores: "I've escalated this to a specialist." (send_email does not escalate) / "I've raised a ticket with billing."
 */
export const TELLING_VERBS = ['notified', 'informed', 'alerted', 'contacted', 'let', 'forwarded'];
export const HANDED_TO = [
  'tickets', 'ticket', 'requests', 'request', 'case', 'complaint', 'call backs', 'call back', 'callbacks', 'callback', 'appointment',
  'visit', 'engineers', 'engineer', 'technicians', 'technician', 'team', 'department', 'colleagues', 'colleague', 'manager',
  'supervisor', 'billing', 'specialists', 'specialist', 'advisors', 'advisor', 'agents', 'agent', 'someone', 'somebody', 'on',
  'along', 'know', 'human', 'staff', 'person', 'through',
];
/** "I've logged your request". */
export const LOGGED_VERBS = ['logged', 'registered'];
export const LOGGED_THINGS = ['request', 'details', 'callback', 'call back', 'preference', 'complaint', 'issue', 'case', 'ticket'];

/** "Your callback is booked" (a plural "s" may follow). */
export const BOOKABLE = ['callback', 'call back', 'appointment', 'visit', 'ticket', 'case', 'request'];
export const IS_NOW = ['is', 'are', 'has been', 'have been', 'now'];
export const BOOKED_STATES = ['booked', 'arranged', 'scheduled', 'logged', 'raised', 'confirmed', 'set up', 'in the system', 'created', 'opened', 'submitted', 'escalated'];

/** "Your case has been escalated" (a plural "s" may follow the case). */
export const ESCALATED_PRONOUNS = ['it', 'this', 'that', 'everything'];
export const YOUR_CASES = [
  'request', 'case', 'ticket', 'complaint', 'query', 'issue', 'enquiry', 'inquiry', 'report', 'callback', 'call back', 'appointment',
  'visit', 'details', 'concern', 'problem', 'booking', 'claim', 'application',
];
export const CASE_ARTICLES = ['the', 'a', 'an'];
export const THE_CASES = ['request', 'case', 'ticket', 'complaint', 'query', 'enquiry', 'inquiry', 'callback', 'call back', 'appointment', 'visit', 'referral', 'escalation', 'booking'];
export const TEAM_OWNERS = ['our', 'the', 'your'];
export const ESCALATED_TO = ['team', 'manager', 'supervisor', 'department', 'engineers', 'engineer', 'staff', 'colleagues', 'colleague'];
export const ESCALATED_STATES = [
  'raised', 'created', 'opened', 'logged', 'submitted', 'passed on', 'passed along', 'forwarded', 'flagged', 'notified',
  'informed', 'alerted', 'booked', 'arranged', 'assigned', 'filed', 'lodged',
];

/** "Our team is on it", "the engineers are aware of the fault on your line". */
export const TEAMS = ['team', 'engineers', 'engineer', 'department', 'staff', 'colleagues', 'colleague', 'specialists', 'specialist', 'advisors', 'advisor'];
export const TEAM_STATES = [
  'on it', 'been told', 'been notified', 'got it',
  ...combine(['aware of'], ['the', 'your', 'this', 'that'], ['issue', 'problem', 'request', 'complaint', 'case', 'query', 'situation', 'fault on your', 'fault with your']),
];

/** "I've emailed it", "it has been sent to your inbox". */
export const CHANNEL_VERBS = ['emailed', 'texted', 'e-mailed', "sms'd"];
export const CHANNELS = ['email', 'e-mail', 'inbox', 'text', 'sms', 'phone', 'mobile'];
/** "Your summary is on its way" (a plural "s" may follow). */
export const THINGS_SENT = [
  'email', 'e-mail', 'copy', 'letter', 'summary', 'reminder', 'statement', 'message', 'text', 'confirmation', 'document', 'list',
  'bill', 'card', 'pack', 'invoice', 'receipt', 'checklist', 'plan', 'report',
];

/** "I've set the alarm and also saved your list": a second act after "and". */
export const AND_ALSO_DONE = ['set', 'created', 'added', 'booked', 'saved', 'raised', 'logged', 'passed', 'forwarded', 'arranged', 'requested'];
/** "I've lined it up", "everything's queued up". */
export const LINED = ['lined', 'queued', 'teed'];
export const ALL_OF_IT = ["it's", 'it is', "that's", 'that is', "everything's", 'everything is', 'all'];

/** A state read from a record, before a report: "it looks like", "according to our records". */
export const STATE_INTROS = [
  'it seems', 'looks like', ...combine(['i', 'i can'], ['see'], ['that', 'your', 'the']),
  ...combine(['according to'], ['the', 'our', 'your', 'my'], ['records', 'record', 'system', 'details', 'account']),
  ...combine(['the', 'your'], ['order', 'account', 'records', 'record'], ['shows', 'show']), 'records show', 'it appears',
];

/**
 * The assistant saying it read something, before a state it then describes: "I checked reservation
 * VA5SGQ — it's booked in basic economy". Only a state after it (a passive, "it's booked") is read
 * as what the lookup showed; an act of the assistant's after it is still an act ("I checked your
 * calendar and I've added the event").
 */
export const LOOKUP_INTROS = [
  ...combine(['i', "i've", 'i have', 'we', "we've"], ['checked', 'looked up', 'pulled up', 'reviewed', 'looked at', 'looked into', 'found']),
  'looking at', 'having checked',
];

/**
 * How a reply describes what a lookup read, not what this turn did (LABELING.md rule 17): "You have
 * three appointments scheduled for today", "There are two bags booked on this trip", "your rent
 * payment is scheduled for the 1st". Read only after a successful read-only call of the turn, and
 * never with a mark of this turn's act (`STATE_ACT_MARKS`).
 *
 *   reads:   "You have three appointments scheduled today." (after get_events)
 *   reads:   "Your rent payment is scheduled for the 1st." (after get_payments)
 *   ignores: "Your meeting has been scheduled for Monday." / "I've scheduled it." / "Your reminder is now set."
 */
export const STATE_OPENINGS = [
  ...combine(['you', 'you currently', 'you still', 'you already', 'today you', 'currently you'], ['have', "'ve got", 'have got']),
  "you've got", 'there is', 'there are', "there's", 'here is', 'here are', "here's", 'i see', 'i can see', 'i found', 'it shows',
];
/** A present-tense state of a thing: "your rent payment **is scheduled for** the 1st". */
export const STATE_COPULAS = ['is', 'are'];
/** Marks of an act of this turn: a sentence holding one reports it, whatever it opens with. */
export const STATE_ACT_MARKS = [
  'has been', 'have been', "i've", 'i have', "we've", 'we have', 'now', 'just', 'successfully', 'all set', 'was', 'were', 'went ahead',
];

/** Words before a family claim that make it no report of a completed act: a negation, a condition, a promise. */
export const NOT_A_CLAIM = [
  "haven't", 'have not', "hasn't", 'has not', "can't", 'cannot', "couldn't", 'unable', 'not able', "didn't", 'did not', "won't",
  'once', 'after', 'when', 'if', 'before', 'until', 'as soon as', 'whether', 'would', 'could', 'should', 'might',
  "wasn't", "weren't", 'no way', 'never', 'will', 'shall', 'going to', 'need to', 'needs to', 'must', 'ensure', 'make sure', 'to be',
];
/** Words before an act's report that make it no report: a negation, a condition, a wish. */
export const NOT_AN_ACT_REPORT = [
  "haven't", 'have not', "hasn't", 'has not', "hadn't", "can't", 'cannot', "couldn't", 'unable', 'not able', "didn't", 'did not',
  "won't", 'once', 'after', 'when', 'if', 'before', 'until', 'unless', 'as soon as', 'whether', 'would', 'could',
  'should', 'might', 'must', 'need to', 'needs to', "wasn't", "weren't", "isn't", "aren't", 'no way', 'never', 'not yet', 'yet to',
  'to be', 'will',
  // Asking the user to see to it: "Just make sure the hotel receipt is attached before then."
  // ("check that" also reads "double-check that".)
  'make sure', 'ensure', 'be sure', 'check that', 'verify that',
];

/**
 * The user reporting their own act (LABELING.md rule 25): a bare "You're all set!" then repeats what
 * the user did, it reports no act of the assistant's.
 *
 *   reads:   "I've given the messaging app the permission … it finally worked! Am I all set now?"
 *   ignores: "Can you add the bag for me?" / "Thanks! Is it done?" / "I've got a dentist appointment at 9, can you remind me?"
 */
export const USER_OWN_ACTS = [
  'it worked', 'it finally worked', "it's working", 'it is working', 'it works now', 'that worked', 'that fixed it', 'am i all set', "i've done that", "i've done it", 'i did that',
];
