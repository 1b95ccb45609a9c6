/**
 * The sentence rules' phrasings (`sentence-rules.ts`), as word lists: offers, conditions of an
 * offer, expectations ("expect a call"), acceptances ("consider it done") and requests for a
 * moment to check. These rules show the text they match and read its groups, so their lists keep
 * the order in which the first entry that fits wins (`inOrder()`).
 */
import { combine } from './lexicon.ts';

/** A question that offers an act: "would you like me to…?", "shall I…?" ("can I…" is a shape of its own). */
export const OFFER_QUESTIONS = ['would you like me to', 'would you like', 'do you want me to', 'do you want', 'want me to', 'want', 'shall i', 'should i'];
export const MORE_OFFER_QUESTIONS = [
  'would it help if i', 'how about i', 'fancy', ...combine(['would you prefer'], ['me to', 'that i', 'if i', 'i']), 'is it okay if i',
  'is it ok if i', ...combine(['would it be'], ['helpful', 'useful'], ['if i', 'for me to']), 'need me to', 'shall we', 'should we',
];
/** "Can I have…?", "may I ask…?": the user is asked for something, nothing is offered. */
export const ASKS_FOR_ITSELF = ['have', 'get', 'ask', 'borrow', 'see', 'take', 'speak', 'talk', 'pay', 'use', 'come', 'go', 'leave', 'know', 'check out', 'try'];

/** The condition of an offer: "if you like", "should you need". */
export const OFFER_CONDITIONS = [
  ...combine(['if you', "if you'd"], ['like', 'want', 'prefer', 'wish', 'need']),
  ...combine(['if'], ['it', 'that', 'this'], ['', 'would', 'might'], ['help', 'helps']),
  ...combine(['if'], ["that's", "it's", 'that is', 'it is', 'that would be'], ['useful', 'helpful']),
  'if useful', 'if helpful', 'just say the word', "if you're interested", 'if youre interested',
  ...combine(['should you'], ['want', 'wish', 'need']),
];
/** What the offered act follows: "I can also…", "I'd be glad to…", "happy to…". */
export const OFFER_OPENERS = [
  'i can', 'i could', ...combine(["i'd be"], ['happy', 'glad', 'delighted'], ['to']),
  ...combine(["i'm"], ['happy', 'glad'], ['to']), 'happy to', 'glad to', "i'll", 'i would',
  "i'm able to",
];

/** "I'm now setting…": adverbs between "I'm" and the act. */
export const PROGRESSIVE_ADVERBS = ['now', 'also', 'just', 'going ahead and', 'currently'];

/** "You can expect a call from us": who says it, the verb, and what is expected. */
export const EXPECT_LEADS = ['you can', "you'll", 'you will', 'please'];
export const EXPECT_VERBS = ['expect', 'count on', 'look out for', 'watch out for', 'keep an eye out for', 'look forward to'];
export const EXPECT_ARTICLES = ['a', 'an', 'the', 'our', 'my', 'your', 'another'];
export const EXPECTED = [
  'call', 'email', 'e-mail', 'text', 'message', 'reminder', 'update', 'letter', 'visit', 'notification', 'alert', 'summary', 'reply',
  'response', 'ping', 'nudge', 'follow-up', 'callback', 'comparison', 'breakdown', 'report', 'recap', 'list', 'checklist', 'statement',
  'quote', 'answer',
];
/** "Reminder coming your way at 10:20" (a plural "s" may follow the thing). */
export const ON_ITS_WAY_THINGS = ['reminder', 'summary', 'checklist', 'list', 'update', 'alert', 'message', 'text', 'email', 'notification', 'nudge', 'ping', 'call', 'letter', 'copy', 'confirmation'];
export const COMING = ['coming your way', 'heading your way', 'headed your way', ...combine(['coming'], ['at', 'tomorrow', 'tonight', 'on', 'in'])];

/** A bare acceptance: "consider it done", "leave it with me" ("will do" opens a sentence: a shape). */
export const ACCEPTANCES = [
  'consider it done', 'consider it sorted', "i'll make it happen", 'i will make it happen', 'leave that with me', "i've got you covered",
  'you have my word', 'leave it with me', "i'm on it", 'i am on it', 'count on me', 'you can count on me', 'you got it',
];

/** "Please allow me a few moments to check…", "bear with me while I look". */
export const ALLOW_ME = [...combine(['', 'please'], ['allow', 'give', 'grant'], ['me']), ...combine(['i', 'i just', "i'll", 'i will'], ['need']), ...combine(['provide', 'give'], ['me with'])];
export const MOMENT_AMOUNTS = ['a', 'one', 'just a', 'a few', 'some'];
export const MOMENTS = ['moments', 'moment', 'minutes', 'minute', 'seconds', 'second', 'bit', 'little time', 'little while', 'time'];
const A_MOMENT = ['', 'a moment', 'a minute', 'a second'];
export const WAIT_WHILE = [
  ...combine(['one moment', 'one moment,'], ['', 'please', 'please,'], ['while']),
  ...combine(['bear with me'], ['', 'for a moment', 'for a minute', 'for a second'], ['while']),
  ...combine(['hold on', 'please wait', 'please hold'], A_MOMENT, ['while']),
];
export const MOMENT_LINKS = ['to', 'i', 'as i'];
export const MOMENT_CHECKS = [
  'check', 'look', 'verify', 'find', 'search', 'retrieve', 'pull', 'review', 'gather', 'confirm', 'investigate', 'get', 'locate',
  'fetch', 'see', 'go through', 'process', 'prepare', 'compile', 'calculate', 'access', 'consult', 'dig',
];

/**
 * An announced next step as the last words of the turn (LABELING.md rule 19): with no call after it,
 * the agent will not run again until the user writes, so it is a dangling check (rule 10).
 *
 *   reads:   "I will now look up the hotel's address." / "Now I need to get the list of members of this channel." / "Next, I'll retrieve your order history."
 *   reads:   "Let me now look up each one to find the Denver trip." / "I will now check whether the store has gluten-free pasta."
 *   ignores: "I'll look up the hotel tomorrow at 9 and let you know." (a time of its own) / "You can look up the address on the website."
 *   ignores: "Next, I'll read the config." (SPEC §2: reading what is at hand is narration, not a later check)
 */
export const NEXT_STEP_OPENINGS = [
  ...combine(['', 'now', 'now,', 'next', 'next,', 'first', 'first,'], [
    "i'll", 'i will', 'i need to', 'i am going to', "i'm going to", 'i must', 'i have to', 'i should',
    "we'll", 'we will', 'we need to', 'we are going to', "we're going to", 'we must', 'we have to', 'we should',
    'let me', 'let us', "let's",
  ]),
];
export const NEXT_STEP_ADVERBS = ['now', 'next', 'first', 'then', 'quickly', 'go ahead and'];
export const NEXT_STEP_VERBS = [
  'look up', 'retrieve', 'fetch', 'pull up', 'search for', 'get the', 'find the', 'check the',
  'check your', 'look at your', 'find your', 'get your', 'go through your',
  // Checks of a fact the turn has not read yet: "I will now check whether the store has…". Not
  // calling or contacting people: "I'll reach out to your surgery" is a hand-off the clause rules read.
  'check whether', 'check if', 'check on', 'check for', 'check with', 'look into', 'see if', 'see whether', 'find out',
  'confirm whether', 'confirm if', 'verify whether', 'verify if',
];

/**
 * An act announced as the turn's next step, with a mark that it comes next (LABELING.md rule 19):
 * "now", "next", "then", "right away". With no call after it, nothing performs it before the user writes.
 * The acts are the change verbs (`action-verbs.ts`) and these; a condition ("once you confirm")
 * makes it a gated promise instead (rule 7).
 *
 *   reads:   "I'll now add her to the #general channel." / "Next, I'll reserve the restaurant." / "I'll reply to him now to say you accept."
 *   ignores: "I'll reserve it once you confirm the dates." / "I'll add her to #general." (no mark of a next step) / "You can now add her yourself."
 */
// Not the change verbs themselves (book, pay, post, reserve, send, invite…): NEXT_ACT adds those.
export const NEXT_ACT_VERBS = ['reply', 'respond', 'proceed with', 'proceed to', 'go ahead with', 'go ahead and', 'process', 'complete', 'finalize', 'finalise', 'initiate', 'make the payment', 'make the change'];
export const NEXT_ACT_MARKS = ['now', 'next', 'then', 'right away', 'straight away', 'immediately'];
export const NEXT_ACT_CONDITIONS = ['if', 'once', 'when', 'after', 'as soon as', 'until', 'unless', 'before', 'whenever'];

/** "I'm currently checking our system", "I am going to look into it": a check of the assistant's own under way (own-work.ts). */
export const CHECK_UNDER_WAY_ADVERBS = ['currently', 'now', 'just', 'already', 'going to', 'about to'];
export const CHECKS_UNDER_WAY = [
  'checking', 'looking into', 'looking up', 'reviewing', 'pulling up', 'retrieving', 'investigating', 'verifying', 'searching', 'gathering', 'accessing',
  'check', 'look into', 'look up', 'review', 'pull up', 'retrieve', 'investigate', 'verify', 'search', 'gather', 'access',
];
export const CHECKED_THINGS = ['the', 'your', 'our', 'this', 'that', 'these', 'those', 'it', 'its', 'their', 'whether', 'if', 'all'];
