/**
 * The act rows' phrasings (`acts.ts`), as word lists. Each list is the start of a predicate after
 * the future marker and its hedges ("remind you", "keep an eye on"); `acts.ts` anchors them at the
 * start and adds the few shapes no list can say (a gap of words, a negative look-ahead).
 * To teach a row a verb, add it to the row's list.
 */
import { combine } from './lexicon.ts';

const EMAIL = ['email', 'e-mail'];

/** "ask for your help": asking the user is a message of this chat. */
export const ASK_THE_USER_FOR = ['help', 'assistance', 'input', 'opinion', 'advice', 'feedback', 'thoughts', 'permission'];

/**
 * After "be", these make an act, not a state ("be in touch", "be reminding the team"); any other
 * "be …" is a state. A verb in -ing whose base form an act row reads is read that way first
 * (acts.ts, progressiveAct): "be sending", "be emailing" need no entry.
 */
export const BE_ACTS = [
  'in touch', 'reminding', 'watching', 'keeping', 'following', 'calling', 'contacting', 'messaging', 'back in touch', 'back to you',
  'getting back', 'reaching', 'there at', 'there on', 'there to', 'pinging', 'nudging', 'on the lookout', 'alerting', 'notifying',
  'updating', 'in contact',
];

/** Being there for the user: "we'll do our best" ("I'll be here" is the 'state' row's: any "be …" that is no act). */
export const AVAILABILITY = [
  ...combine(['do'], ['my', 'our'], ['best']),
];

export const EMAIL_ACTS = [...EMAIL, ...combine(['drop you an', 'shoot you an'], EMAIL), ...combine(['send'], ['', 'you'], ['', 'an'], EMAIL)];
/** "send the notes by email": how a thing sent goes by e-mail. */
export const BY_EMAIL = combine(['by', 'via', 'through', 'over', 'in a', 'in an', 'to your'], [...EMAIL, 'inbox']);

/** Text messages ("text" itself is a row shape: not "text box"). */
export const SMS_ACTS = ['sms', 'whatsapp', ...combine(['send'], ['', 'you'], ['', 'a', 'an'], ['text', 'sms'])];
export const BY_SMS = combine(['by', 'via', 'as a', 'as an', 'in a', 'in an'], ['text', 'sms', 'whatsapp']);

export const CALL_ACTS = [
  'call you', 'ring you', 'phone you',
  ...combine(['give you a'], ['call', 'ring', 'bell', 'buzz on the phone']),
  ...combine(['call', 'ring'], ['', 'you'], ['back']),
  ...combine(['call'], ['your', 'the'], ['phone', 'number', 'mobile']),
];

/** "send it as a PDF", "send over the spreadsheet". */
export const AS_A_FILE = combine(['as a', 'as an', 'in a', 'in an'], ['pdf', 'file', 'attachment', 'document', 'spreadsheet']);
export const FILE_NOUNS = ['pdf', 'attachment', 'spreadsheet'];
export const FILE_ACTS = ['attach', 'upload'];

/** Notifying the user: "remind you", "send you a quick reminder", "set an alarm". */
export const NOTIFY_VERBS = ['remind', 'nudge', 'prompt', 'alert', 'notify', 'ping', 'buzz'];
/** "send you a quick reminder": who gives, which article, which tone, then the notice. */
export const NOTICE_GIVERS = ['send', 'give', 'drop'];
export const NOTICE_ARTICLES = ['a', 'an', 'another'];
export const NOTICE_TONES = ['quick', 'gentle', 'friendly'];
export const NOTICES = ['reminder', 'nudge', 'ping', 'prompt', 'heads-up', 'headsup', 'shout', 'alert', 'notification', 'message', 'update'];
export const NOTIFY_ACTS = [
  ...combine(['make sure'], ['', 'that'], ['you'], ['get', 'receive', 'are reminded', 'hear', 'know']),
  ...combine(['set'], ['', 'up'], ['', 'a', 'an', 'the', 'your', 'that'], ['reminder', 'alarm', 'alert', 'notification']),
];

export const WATCH_ACTS = [
  ...combine(['keep'], ['', 'an', 'a close', 'a'], ['eye'], ['on', 'out']),
  'monitor', ...combine(['watch'], ['for', 'out', 'the', 'it', 'over']), 'track', 'keep tabs', 'keep checking',
  ...combine(['check'], ['on', 'for', 'back', 'in on', 'again']),
  ...combine(['check the'], ['forecast', 'news', 'price', 'status', 'site', 'page']),
  'look out for', 'stay on top of', 'keep watch',
];

/** Getting back to the user; "reach out" and "get in touch" are rows' shapes (not "… with the team"). */
export const LET_YOU_KNOW_ACTS = [
  'let you know',
  ...combine(['keep you'], ['posted', 'updated', 'informed', 'in the loop']),
  ...combine(['give you'], ['', 'a', 'an'], ['shout', 'heads-up', 'headsup', 'update', 'nudge', 'buzz', 'call']),
  'get back to you', 'get back in touch', 'come back to you', 'circle back', 'check in', 'follow up', 'contact you',
  'be in touch', 'touch base', ...combine(['drop you a'], ['line', 'note', 'message']), 'keep you company',
  ...combine(['ask'], ['you', 'how', 'what', 'whether', 'if', 'about']), 'see how',
];
/** The same row's verbs that must end at a word: "tell you", not "tell your manager". */
export const LET_YOU_KNOW_WORDS = ['tell you', 'message you', 'update you'];

export const SEND_VERBS = ['send', 'deliver', 'post', 'bring'];

export const REMEMBER_ACTS = [
  'remember', 'recall',
  ...combine(['factor'], ['this', 'that', 'it', 'in']),
  ...combine(['take'], ['this', 'that', 'it'], ['into account']),
  'tailor',
  ...combine(['use'], ['this', 'that', 'these', 'those', 'your', 'it']),
  ...combine(['make sure'], ['every', 'all', 'any', 'each', 'the', 'my']),
  'avoid', 'stick to', 'skip', 'leave out', 'steer clear', 'pick up where', 'continue from', 'continue where',
  ...combine(['start'], ['from', 'with'], ['where', 'chapter']),
];
/** "keep this on file", "keep your list safe" (after "your", any one word). */
export const KEPT_THINGS = ['this', 'that', 'it', 'these', 'them'];
export const KEPT = ['on file', 'noted', 'saved', 'safe', 'stored', 'for next time', 'for later', 'for the future', 'for future'];
/** "keep this … in mind", "bear your … in mind". */
export const KEEP_IN_MIND = [...combine(['keep'], ['this', 'that', 'it', 'these', 'those', 'your', 'all', 'the', 'them']), ...combine(['bear'], ['this', 'that', 'it', 'these', 'those', 'your'])];
/** "have this on file". */
export const HAVE_ON_RECORD = combine(['have'], ['this', 'that', 'it', 'these', 'your'], ['on'], ['file', 'record']);
/** "keep a note", ending at a word. */
export const KEEP_A_NOTE = combine(['keep'], ['a note', 'note', 'track', 'a record']);

export const ASK_A_PERSON = combine(['ask'], ['the', 'our', 'a', 'an', 'someone', 'somebody', 'one of', 'my']);
/** Whom "get"/"have" puts to work: "get someone …", "have one of our team …"; the articles take a space. */
export const SOMEONE = ['someone', 'somebody', 'one of'];
export const SOMEONE_ARTICLES = ['a', 'an', 'the', 'our'];
export const THE_TEAM = ['our', 'your', 'a', 'an'];
export const PERSON_ACT_VERBS = ['call', 'ring', 'contact', 'get', 'reach', 'look', 'visit', 'email', 'phone', 'come', 'be'];
export const TEAM_NOUNS = [
  'team', 'engineer', 'advisor', 'agent', 'technician', 'staff',
  'colleague', 'member',
];
export const ARRANGE_A_PERSON = combine(['arrange'], ['', 'for'], [
  'someone', 'somebody', 'a member',
  ...combine(['a', 'an'], ['engineer', 'advisor', 'agent', 'technician', 'callback', 'call', 'visit', 'appointment']),
]);

/** Passing the job to people: "pass on", "escalate", "open a ticket". */
export const PASS_ON_ACTS = [
  'pass on', 'escalate', 'chase',
  // Handing the user to a person (LABELING.md rule 26): "I'm going to transfer you to a human agent".
  ...combine(['transfer', 'connect', 'route', 'hand'], ['you'], ['to', 'with', 'over to', 'off to']), 'put you through to',
  ...combine(['hand'], ['this', 'it', 'that', 'you'], ['over', 'on']),
  ...combine(['forward'], ['this', 'it', 'that', 'your', 'the']),
  ...combine(['flag'], ['this', 'it', 'that', 'your']),
  ...combine(['raise'], ['this', 'it', 'that', 'your', 'a', 'an']),
  ...combine(['report'], ['this', 'it', 'that']),
  ...combine(['log'], ['this', 'it', 'that', 'a', 'an', 'your']),
  ...combine(['put'], ['', 'in'], ['a', 'an'], ['request', 'ticket', 'note', 'complaint']),
  ...combine(['open', 'create'], ['a', 'an'], ['ticket', 'case']),
  ...combine(['file'], ['a', 'an']),
  ...combine(['submit'], ['a', 'an', 'this', 'your']),
  ...combine(['request'], ['a', 'an'], ['callback', 'call', 'visit']),
  ...combine(['get'], ['this', 'it', 'that'], ['sorted', 'fixed', 'looked at']),
];
/** The same row's entries that must end at a word ("loop in", "book a"). */
export const PASS_ON_WORDS = ['loop in', ...combine(['book'], ['a', 'an', 'you']), ...combine(['arrange'], ['a', 'an', 'the'])];
/** "pass this … on". */
export const PASSED_THINGS = ['this', 'it', 'that', 'your', 'the', 'them', 'these', 'those'];
export const PASSED_ON = ['on', 'along', 'over'];
/** "let the team know", "loop our billing team in". */
export const THIRD_PARTY = ['the', 'our', 'my', 'a', 'an'];
export const LOOPED_IN = ['the', 'our', 'a', 'an'];
/** "contact the …": a third party, not the user. */
export const CONTACT_THEM = combine(['contact'], ['the', 'your', 'their', 'our', 'a', 'an']);

/** The plan of this reply: "start with", "walk you through". */
export const REPLY_PLAN = [
  ...combine(['start'], ['with', 'by', 'off']), 'begin', 'kick off', 'cover', 'outline',
  ...combine(['break'], ['it', 'this', 'that', 'things', 'them'], ['down']), 'walk you through',
  'lay out',
  ...combine(['keep'], ['it', 'this', 'things'], ['short', 'brief', 'simple']),
  ...combine(['split'], ['it', 'this', 'them']),
];

/** What the assistant does in this very reply ("check", "explain", "put together"). */
export const NARRATION = [
  'check', 'look', 'pull', 'break', 'explain', 'show', 'list', 'start', 'go through', 'go over',
  'give', 'share', 'draft', 'write', 'summarise', 'summarize', 'help', 'answer',
  ...combine(['do'], ['that', 'this', 'it', 'the']), 'try',
  'make', 'calculate', 'work out', 'find', 'suggest', 'recommend', 'note', 'jot', 'include', 'add', 'run through',
  'take you through', 'focus', 'get you', 'leave', 'need', 'assume', 'guide',
  ...combine(['update'], ['the', 'your', 'this', 'that', 'it']),
  'sort', 'handle', 'take care', 'fix', 'see what', 'get started',
  ...combine(['get back to'], ['the', 'your', 'it']),
  'come up with', 'create', 'prepare', 'whip up', 'crunch', 'tally', 'pick', 'compare', 'organise', 'organize', 'double-check',
  'plan', 'put', 'set out', 'set you up', 'adjust', 'revise', 'rewrite', 'convert', 'translate', 'clarify', 'repeat', 'stop',
  ...combine(['use'], ['celsius', 'fahrenheit', 'metric', 'imperial', 'bullet', 'plain']),
];
