/**
 * The trigger cues' words (`triggers.ts`), as lists: calendar words, spans of time, the words of a
 * later session, of an event, and of the user's next message. Cue patterns use the matched text, so
 * lists that feed them keep their order (`inOrder()`): where two entries could match at one place,
 * the one the cue should report comes first.
 */
import { combine } from './lexicon.ts';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'mon', 'tue', 'tues', 'wed', 'thu', 'thurs', 'fri', 'sat', 'sun'];
export const MONTHS = [
  'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
  'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec',
];
export const PARTS_OF_DAY = ['morning', 'afternoon', 'evening', 'night', 'lunchtime', 'lunch', 'noon', 'midday', 'teatime', 'bedtime'];
/** How many (digits are the cue's own shape): "in two days", "within a couple of weeks". */
export const NUMBER_WORDS = ['a', 'an', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'twelve', 'fifteen', 'twenty', 'thirty', 'forty-five', 'a few', 'a couple of', 'couple of', 'several'];
/** Units of a span, plural first. */
export const UNITS = [
  'minutes', 'minute', 'mins', 'min', 'hours', 'hour', 'hrs', 'hr', 'days', 'day', 'working days', 'working day', 'business days',
  'business day', 'weeks', 'week', 'months', 'month', 'years', 'year',
];

/** A future with no time or event. */
export const UNSPECIFIED_LATER = ['later on', 'later', 'shortly', 'soon', 'in a bit', 'in a while', 'at some point', 'in due course', 'down the line', 'when i can', 'asap', 'as soon as possible'];

/** A future conversation: "next time", "whenever you come back". */
export const NEXT_SESSION = [
  'next time',
  ...combine(['future'], [
    'chats', 'chat', 'conversations', 'conversation', 'sessions', 'session', 'requests', 'request', 'questions', 'question',
    'messages', 'message', 'visits', 'visit', 'interactions', 'interaction', 'contacts', 'contact',
  ]),
  ...combine(['in', 'for'], ['the', ''], ['future']),
  ...combine(['later'], ['chats', 'chat', 'conversations', 'conversation', 'sessions', 'session']),
  ...combine(['next', 'another', 'a new', 'our next'], ['chat', 'conversation', 'session']),
  ...combine(['whenever you'], ['come back', 'return', 'ask', 'message', 'chat', 'get in touch', 'contact', 'reach out', 'talk', 'write', 'next']),
  ...combine(['when you'], ['come back', 'return', 'next']),
  ...combine(['any time you', 'anytime you', 'every time you', 'everytime you'], ['come back', 'ask', 'get in touch', 'contact', 'message', 'chat', 'reach out', 'talk', 'write']),
  ...combine(['each time you'], ['come back', 'ask', 'get in touch', 'contact', 'message', 'chat']),
];
/** "on file" after these is the user's data, not a later session: "the card on file". */
export const DATA_ON_FILE = ['address', 'card', 'details', 'number', 'email', 'e-mail', 'method', 'information', 'info', 'account', 'phone', 'name'];
export const LATER_VISIT = ['next visit'];

/**
 * "I'll keep this in mind as we continue": the rest of this conversation as the two of us go on.
 * Every phrase holds "we", the cue's literal for them (cues.ts): their longest words ("on", "go",
 * "this") sit in nearly every sentence.
 */
export const AS_WE_GO_ON = combine(['as we', 'while we'], ['continue', 'go along', 'go on', 'go', 'proceed', 'keep going', 'keep chatting', 'chat', 'talk', 'work on this', 'work together', 'move forward', 'move on', 'progress']);

/** The rest of this conversation: "for the rest of this chat", "here in this chat". */
export const THIS_CONVERSATION = [
  ...combine(['in', 'for', 'during', 'throughout'], ['the rest of', ''], ['this', 'our'], ['chat', 'conversation', 'session', 'thread']),
  ...AS_WE_GO_ON,
];

/**
 * The user's input still to come in this chat, named in the promise: "for the article you paste
 * next", "for your upcoming requests", "the text you're about to send", and the assistant's own
 * next message, which answers the user's ("in my next message, I'll give the second half"). Every phrase holds one of
 * UPCOMING_WORDS (the cue's literals).
 */
export const UPCOMING_WORDS = ['next', 'upcoming', 'following', 'about to'];
export const UPCOMING_INPUTS = [
  'message', 'messages', 'request', 'requests', 'question', 'questions', 'prompt', 'prompts', 'text', 'texts', 'input', 'inputs', 'part',
  'parts', 'paragraph', 'paragraphs', 'piece', 'pieces', 'section', 'sections', 'article', 'articles', 'draft', 'drafts', 'task', 'tasks',
  'instruction', 'instructions', 'reply', 'replies', 'answer', 'answers', 'batch', 'chunk', 'chunks', 'excerpt', 'passage', 'passages',
  'response', 'responses', 'chapter', 'chapters', 'scene', 'scenes', 'episode', 'episodes', 'lesson', 'lessons',
];
/** What the user sends in this chat: "you paste next", "you'll ask me to write next". */
export const USER_SENDS = ['paste', 'send', 'share', 'give me', 'provide', 'post', 'upload', 'type', 'ask me', 'show me', 'feed me'];

/**
 * The user's message saying more input is coming in this chat: "I will paste an article", "I'll send
 * it in parts", "wait for my questions". A promise to keep that in mind waits for it.
 */
export const USER_WILL = ["i'll", 'i will', "i'm going to", 'i am going to', "i'm about to", 'i am about to', 'i shall'];
export const USER_WILL_ADVERBS = ['now', 'then', 'first', 'also', 'next', 'soon', 'shortly'];
export const USER_WILL_SEND = ['send', 'paste', 'give', 'share', 'provide', 'post', 'upload', 'feed', 'type', 'show', 'ask', 'copy', 'input', 'enter'];
export const MORE_COMING = [
  ...combine(['in', 'with'], ['my', 'the'], ['next', 'following'], ['message', 'messages', 'prompt', 'prompts', 'reply', 'input']),
  ...combine(['wait'], ['for', 'until'], ['my', 'i', 'me']), ...combine(["don't", 'do not'], ['reply', 'respond', 'answer', 'say anything'], ['until', 'till', 'before']),
  ...combine(['in'], ['several', 'multiple', 'a few', 'two', 'three', 'parts', 'separate'], ['parts', 'messages', 'chunks', 'pieces']),
  'more is coming', 'more to come', ...combine(['here is', "here's"], ['the first', 'part'], ['part', '1', 'one']),
];

/** Words that open an event: "when the price drops", "once it arrives". */
export const EVENT_OPENERS = ['when', 'whenever', 'as soon as', 'the moment', 'the minute', 'the second', 'the instant', 'once', 'if', 'in case', 'should', 'the day', 'any time'];
/** After an opener, these make it the user or a manner, not an event: "when you…", "as soon as possible". */
export const NOT_EVENT_SUBJECTS = ['you', 'i', 'we', 'possible', 'practicable', 'feasible'];

/** Conditions that wait for the user: "once you…", "when I hear…". */
export const USER_WAIT_OPENERS = ['once', 'when', 'whenever', 'if', 'as soon as', 'after', 'the moment'];
export const USER_WAIT_SUBJECTS = ['you', "you've", "you're", ...combine(["i've"], ['got', 'heard', 'received'])];
export const USER_WAIT_ADVERBS = ['just', 'already', 'got', 'finally', 'both'];

/** Words before an imperative to the user: "so just send me…", "feel free to share". */
export const IMPERATIVE_LEADS = ['so', 'ok', 'okay', 'then', 'and', 'just', 'simply', 'please', 'kindly', 'feel free to', 'go ahead and'];
/** The user's next message asked for: "send me…", "let me know…". */
export const USER_IMPERATIVES = [
  'send', 'tell', 'share', 'message', 'ping', 'drop', 'paste', 'give', 'let me know', 'let us know', 'reply', 'ask',
  'come back', 'get back to me', 'write', 'pop', 'type', 'shout', 'say', 'start', 'begin', 'open with', 'include', 'mention',
  'provide', 'confirm', 'reach out', 'specify',
];

/** What the assistant waits for: "once we receive this information", "with these details". */
export const WAITING_OPENERS = ['once', 'when', 'as soon as', 'after'];
export const ASSISTANT_RECEIVES = combine(['i', 'we'], ['know', 'have', 'hear back', 'get', 'receive', "'ve got", "'ve received", "'ve had", 'have received', 'have got', 'have had']);
export const USER_DETAILS = [
  'that', 'it', 'those', 'them', 'this', 'these',
  ...combine(['the'], ['details', 'detail', 'information', 'info', 'order number', 'number', 'documents', 'document', 'receipts', 'receipt', 'screenshots', 'screenshot']),
  ...combine(['your'], ['details', 'detail', 'information', 'info', 'reply', 'response', 'confirmation', 'answer', 'order number', 'account number']),
];
export const USER_VERIFIED = combine(
  ["you're", 'you are', "you've been", ...combine(['your'], ['identity', 'account'], ['is', 'has been'])],
  ['verified', 'confirmed', 'authenticated'],
);
export const WITH_DETAILS = combine(['with'], ['this', 'these', 'that', 'those', 'the', 'your'], ['details', 'detail', 'information', 'info', 'answers', 'answer']);
export const UPON_RECEIVING = combine(['upon', 'on'], ['receiving', 'receipt of']);
