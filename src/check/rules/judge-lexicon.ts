/**
 * The response judge's phrasings, as word lists: how a reply says it cannot do something, and how
 * it hands the job back to the user. A phrasing is a row of slots, each a word list, and is
 * built slot by slot with `shapePattern()` (lexicon.ts).
 * To teach the judge a phrasing, add it to a list (and, if no cue of it in `cues.ts` is in the
 * phrase, a cue there).
 */
import type { Cue } from './cues.ts';
import type { PhraseShape } from './lexicon.ts';

/** After "I" or "we" (and "'m", "am", "'re", "are"): saying it cannot. */
export const INABILITIES: readonly PhraseShape[] = [
  [[
    'not able to', 'unable to', 'not set up to', 'not capable of', "can't", 'cannot', 'can not', 'am not able to', "'m not able to",
    'am unable to', "'m unable to", "won't be able to", 'will not be able to', 'have no way to', 'have no way of',
    "'m not set up to", 'am not set up to', "'m not capable of", "'m only able to", 'am only able to',
  ]],
  [["don't have"], ['the ability', 'a way', 'any way', 'access', 'the option', 'the tool', 'the tools', 'the means', 'the capability', 'memory', 'any memory']],
  [['do not have'], ['the ability', 'a way', 'access', 'memory']],
  [["don't", 'do not'], ['retain', 'keep', 'store', 'remember']],
  [['only'], ['reply', 'respond', 'work', 'run', 'exist', 'see']],
];

/** Words between "I'm" and the inability that change nothing: "I'm unfortunately not able to". */
export const INABILITY_HEDGES = ['unfortunately', 'sadly', 'really', 'currently', 'simply', 'just', 'actually', 'afraid', 'honestly', 'still'];

/** Whole phrasings of a limitation, whoever the subject. */
export const LIMITATION_PHRASES: readonly PhraseShape[] = [
  [["isn't", 'is not', "that's not", "it's not", 'not'], ['something', 'a thing'], ['i', 'we'], ['can']],
  [['not possible for me', 'no way for me', 'beyond what i can', 'outside what i can', 'outside of what i can']],
  [['each', 'every'], ['chat', 'conversation'], ['starts'], ['fresh', 'from scratch', 'over']],
];

/**
 * How a reply hands the job back: a verb of the user's own doing, then (within a few characters
 * or words) what they use, or a whole phrase. `shapes` are the few forms no word list can say.
 */
export interface HandBackPhrasing {
  id: string;
  /** The cue (`cues.ts`) every phrasing of the row holds. */
  cue: Cue;
  /** A second cue every phrasing holds as well: a sentence must hold both. */
  also?: Cue;
  verbs: readonly string[];
  /** How far the object may follow the verb. */
  within: { chars: number } | { words: number };
  objects: readonly string[];
  /** The object may also be a number after "on" or "at" ("call them on 0345…", "ring at 9"). */
  numbered?: boolean;
  phrases: readonly PhraseShape[];
  /** Each with its own cue when the row's cue does not cover it (a phone number's leading 0), and a second cue it holds as well. */
  shapes?: readonly { pattern: RegExp; cue?: Cue; also?: Cue }[];
}

export const HAND_BACKS: readonly HandBackPhrasing[] = [
  {
    id: 'own reminder or alarm',
    cue: 'hand_back_reminder',
    also: 'hand_back_reminder_verb',
    verbs: ['set', 'add', 'create', 'put', 'pop', 'stick', 'use', 'try', 'schedule', 'save'],
    within: { chars: 50 },
    objects: ['alarm', 'reminder', 'calendar', 'diary', 'note app', 'notes app', 'timer', 'google calendar', 'siri', 'alexa', 'google assistant', 'sticky note', 'post-it', 'todo', 'to-do', 'event'],
    phrases: [],
  },
  {
    id: 'sign up for alerts',
    cue: 'hand_back_alerts',
    verbs: ['sign up', 'subscribe', 'register', 'opt in', 'turn on', 'enable', 'set up', 'switch on', 'follow'],
    within: { chars: 60 },
    objects: ['alert', 'alerts', 'notification', 'notifications', 'updates', 'text', 'texts', 'email', 'emails', 'e-mail', 'e-mails', 'tracker', 'newsletter', 'account'],
    phrases: [[['price'], ['tracker', 'trackers', 'alert', 'alerts']], [['google flights', 'skyscanner', 'kayak', 'hopper', 'camelcamelcamel', 'google alert', 'google alerts']]],
  },
  {
    id: 'contact the people yourself',
    cue: 'hand_back_contact',
    verbs: ['call', 'ring', 'phone', 'contact', 'reach', 'email', 'e-mail', 'message', 'get in touch with', 'speak to', 'talk to', 'write to', 'visit'],
    within: { words: 2 },
    objects: ['us', 'them', 'our', 'their', 'team', 'line', 'number', 'helpline', 'support', 'customer service', 'customer support', 'department', 'directly'],
    phrases: [[['call 105']]],
    numbered: true,
    // A UK-style phone number.
    shapes: [{ pattern: /\b0\d{3}\s?\d{3}\s?\d{3,4}\b/, cue: 'hand_back_number' }],
  },
  {
    id: 'keep it yourself',
    cue: 'hand_back_keep',
    also: 'hand_back_keep_thing',
    verbs: ['jot', 'write', 'note'],
    within: { chars: 30 },
    objects: ['down'],
    phrases: [
      [['bookmark', 'screenshot', 'check back', 'my northwind']],
      [['save'], ['it', 'this', 'that', 'them'], ['in', 'to', 'on'], ['your']],
      [['keep'], ['a', 'the'], ['note']],
      [['paste'], ['it', 'this', 'them']],
      [['go to', 'head to', 'visit', 'check', 'see'], ['the', 'our', 'your'], ['website', 'site', 'page', 'outage map', 'app']],
    ],
    // "tell me again where you parked when you come back": the user keeps it and brings it back.
    shapes: [{ pattern: /\b(?:tell|remind) me (?:again|where|what)\b.{0,40}\b(?:come back|next time|start)\b/i, cue: 'hand_back_tell_me', also: 'hand_back_come_back' }],
  },
];

/**
 * How a user asks for information the agent can read for them (LABELING.md rule 12): "Could you
 * list my recent orders?", "Can you tell me which one is cheapest?", "What do I have on today?".
 * A turn that answers one from its lookups did the task now.
 *
 *   reads:   "If you could list my recent orders, that would really help." / "What's on my calendar today?" / "Summarise #general for me."
 *   ignores: "Sure, my name is Noah Ito and my zip code is 98187." / "Yes, please go ahead." / "Does that help?"
 *   ignores: "My name is Liam Thomas and my zip code is 85049. I hope that's enough to find my order." (identification: the lookup authenticates)
 */
export const INFO_REQUESTS = [
  'list', 'show me', 'show the', 'show my', 'tell me', 'look up', 'take a look', 'have a look', 'pull up', 'remind me where', 'details of', 'details for',
  'find out', 'find my', 'find the', 'find it', 'see if', 'see whether',
  'check if', 'check whether', 'check my', 'check the', 'check for', 'check which', 'check what', 'check on', 'check other',
  'what is', "what's", 'what are', 'what was', 'what were', 'what do', 'what does', 'what did', 'what time', 'what day',
  'which one', 'which ones', 'which of', 'which order', 'which item', 'how much', 'how many', 'how long', 'when is', 'when does', 'when did',
  'where is', 'where are', 'where can', 'is it possible', 'is there', 'are there', 'is anything', 'are any', 'do i have', 'did i', 'have i', 'can i', 'could i',
  // "Summarise #general for me": a summary of what the lookup reads is the information asked for.
  'summarise', 'summarize', 'sum up', 'give me a summary', 'recap',
];
/**
 * A question the user asks about what exists (LABELING.md rule 12), by how it opens: a wh-word or an
 * auxiliary verb at the start of a sentence that ends in "?". Requests to act ("Can you book…?",
 * "Could you send…?") open with a modal and are not read here; check-ins are removed first.
 *
 *   reads:   "Which hotel in Paris has the best rating?" / "Where exactly is Montmartre Suites?" / "Am I free tomorrow afternoon?" / "Did Eve get back to me in #random?"
 *   ignores: "Can you book my flight to Paris as well?" / "Could you send it to Bob?" / "Book a table at 8." / "Does that help?"
 */
// ("what" also opens "what's …?".)
export const QUESTION_OPENINGS = ['which', 'where', 'who', 'whose', 'when', 'how', 'why', 'what', 'am i', 'is', 'are', 'was', 'were', 'do', 'does', 'did', 'has', 'have'];
/** A message that identifies the user: its lookups authenticate, they answer no question. */
export const IDENTIFICATIONS = ['my name is', "my name's", 'my zip is', 'my zip code', 'my email is', 'my e-mail is', 'my email address is', 'my user id is'];
/** Questions that only check in ("Does that help?", "Will that work?"): no information asked for. */
export const CHECK_IN_QUESTIONS = ['are you sure', 'does that help', 'is that enough', 'is that ok', 'is that okay', 'does that work', 'is that right'];

/**
 * A step the user takes on their own device or account, walked through by the reply (LABELING.md
 * rule 23): the guided step is the task, done now. Verbs of the step, then within a few words a
 * thing of the user's device.
 *
 *   reads:   "Please turn off Airplane Mode on your phone." / "1. Open the Settings app." / "Could you please check your APN settings and let me know…"
 *   ignores: "Please contact support to reset it." (a hand-back) / "Could you provide your phone number?" (asks for details)
 */
export const GUIDED_STEP_VERBS = [
  'turn off', 'turn on', 'turn it off', 'turn it on', 'switch off', 'switch on', 'toggle', 'go to', 'open', 'tap', 'select', 'restart', 'reboot', 'power off',
  'power on', 'remove', 'reinsert', 'reseat', 'enable', 'disable', 'reset', 'check your', 'check if', 'check whether', 'check the', 'look for', 'try sending',
  'try making', 'try browsing', 'run a speed test', 'change your', 'set your', 'swipe', 'scroll', 'navigate to', 'disconnect', 'please turn',
  'on your device, please', 'on your phone, please', 'on your device, run', 'on your phone, run',
];
export const GUIDED_STEP_THINGS = [
  'phone', 'device', 'settings', 'setting', 'app', 'sim', 'airplane mode', 'mobile data', 'data saver', 'wi-fi', 'wifi', 'apn',
  'network mode', 'roaming', 'vpn', 'signal', 'status bar', 'permissions', 'mms', 'picture message', 'speed test',
  'run', 'diagnostic', 'output', 'result',
];
