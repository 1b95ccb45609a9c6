/**
 * The frames' phrasings, as word lists: what marks a plan of this reply, a request for fiction, a
 * game set up, a hand-back to another channel, code at work, and goodwill with no act. Each frame
 * builds its patterns from these with `phrases()`, keeping only the shapes no list can say.
 * To teach a frame a phrasing, add it to its list.
 */
import { combine } from '../lexicon.ts';

// plan narration (plan-narration.ts)

/** Adverbs between "I'll" and the plan's verb: "I'll now show", "we'll first define". */
export const PLAN_ADVERBS = ['now', 'first', 'also', 'then', 'next', 'just', 'simply', 'briefly', 'quickly'];
/** What a reply says it will do in itself: "I'll provide the code", "we will stick to". */
export const PLAN_VERBS = [
  'provide', 'show', 'write', 'give', 'explain', 'walk you through', 'go through', 'go over', 'outline', 'create', 'implement',
  'modify', 'use', 'stick', 'set up', 'assume', 'focus', 'cover', 'start', 'build', 'define', 'add', 'include', 'demonstrate',
  'perform', 'simulate', 'break', 'list', 'describe', 'present', 'summarise', 'summarize', 'rewrite', 'revise', 'translate',
  'convert', 'draft', 'compose', 'prepare', 'put together', 'design', 'develop', 'refactor', 'fix', 'correct', 'replace', 'make',
  'treat', 'consider', 'refer to', 'look at', 'analyse', 'analyze', 'compare', 'discuss', 'answer', 'address', 'tackle',
  'approach', 'begin', 'move on',
  ...combine(['proceed with'], ['the', 'a', 'an', 'this'], ['code', 'example', 'explanation', 'step', 'steps']),
  ...combine(['do'], ['this', 'that', 'so', 'it'], ['by', 'in', 'step', 'with']),
];
/** Words that point at content in this very reply ("below", "in this example"). */
export const HERE_WORDS = [
  'below', 'the following', 'here',
  ...combine(['in this'], ['example', 'answer', 'response', 'post', 'guide', 'tutorial', 'reply', 'section', 'case', 'scenario', 'code', 'snippet']),
  ...combine(['for'], ['this', 'the'], ['example', 'purpose', 'sake', 'demonstration', 'simplicity']),
  'for simplicity', 'step by step', 'step-by-step',
];

// process description (process-description.ts)

/** How the user is sent to act through another channel: "contact", "log in to", "fill out". */
export const CHANNEL_VERBS = [
  'contact', 'call', 'ring', 'phone', 'reach', 'get in touch', 'speak to',
  'speak with', 'talk to', 'chat with', 'email', 'e-mail', 'write to', 'message', 'visit', 'go to', 'head to', 'head over to',
  'navigate to', 'log in', 'login', 'log into', 'loginto', 'sign in', 'sign into', 'submit', 'fill in', 'fill out', 'complete', 'send',
  'report', 'file', 'use', 'click', 'tap', 'select', 'access', 'open', 'follow', 'apply', 'request', 'initiate', 'place',
  'provide them', 'provide the team', 'provide our team', 'provide us', 'return', 'bring', 'take', 'mail', 'ship', 'drop off',
];
/** The channel itself: a team, a site, a form, a number ("{{Phone}}" placeholders are a shape of their own). */
export const CHANNELS = [
  'support', 'team', 'customer service', 'customer care', 'service desk', 'helpdesk', 'help desk', 'department',
  'agents', 'agent', 'representatives', 'representative', 'specialists', 'specialist', 'advisors', 'advisor', 'us', 'them', 'website',
  'site', 'portal', 'app', 'page', 'form', 'link', 'account', 'profile', 'chat', 'phone', 'helpline', 'hotline', 'number',
  'email', 'e-mail', 'inbox', 'office', 'store', 'shop', 'branch', 'centre', 'center', 'platform', 'section', 'menu', 'settings', 'tab',
  'dashboard', 'request', 'claim', 'application', 'ticket', 'order', 'item', 'package', 'parcel', 'channels', 'channel', 'line',
];
/** Words before the hand-back's verb: "please", "you'll need to", "don't hesitate to". */
export const HAND_BACK_LEADS = [
  'please', 'simply', 'just', 'kindly', 'then', 'next', 'first', 'finally', 'alternatively', 'also', 'or', 'and', 'directly', 'you can',
  'you could', 'you may', 'you might', 'you should', "you'll need to", 'you will need to', 'feel free to', 'i recommend', 'i suggest',
  'we recommend', 'we suggest', "i'd recommend", "it's best to", "don't hesitate to", 'do not hesitate to',
];
/** "we would kindly ask that you…". */
export const URGE_VERBS = ['request', 'ask', 'advise', 'encourage', 'invite', 'urge', 'recommend'];
/** "I suggest visiting our website": a hand-back in the gerund. */
export const GERUND_LEADS = ['by', 'or', 'and', 'through', 'via', 'try', 'recommend', 'suggest', 'consider', 'without'];
export const CHANNEL_GERUNDS = [
  'contacting', 'calling', 'visiting', 'reaching out to', 'emailing', 'e-mailing', 'messaging', 'speaking to', 'speaking with',
  'chatting with', 'getting in touch with', 'checking', 'reviewing', 'logging in', 'logging into', 'submitting', 'filling in', 'filling out',
];
/** Help of no particular kind: "they will gladly assist", "our team will provide further guidance". */
export const SOFT_HELP_ADVERBS = ['gladly', 'happily', 'be happy to', 'be glad to', 'promptly', 'also', 'further', 'then', 'always'];
export const SOFT_HELP_VERBS = ['assist', 'help', 'guide', 'support', 'advise'];
export const HELP_AMOUNTS = ['further', 'more', 'additional', 'all the', 'the necessary', 'detailed'];
export const HELP_KINDS = ['guidance', 'assistance', 'information', 'support', 'details', 'instructions', 'help', 'answers'];
/** The user acting first: "once you submit", "after confirming", "when your return is received". */
export const USER_FIRST_OPENERS = ['once', 'when', 'after', 'as soon as', 'if'];
export const YOU_FORMS = ['you', "you've", 'you have', "you're", 'you are'];
export const USER_STEPS = [...CHANNEL_VERBS, 'confirm', 'finish'];
export const USER_STEP_GERUNDS = [
  'contacting', 'calling', 'visiting', 'submitting', 'completing', 'confirming', 'placing', 'filling', 'sending', 'returning', 'logging',
  'signing', 'finishing',
];
export const RECEIVING = combine(['receiving'], ['your', 'the'], ['request', 'form', 'claim', 'return', 'item', 'package']);
export const USER_ITEMS = ['request', 'form', 'claim', 'application', 'return', 'order', 'item', 'package', 'parcel', 'refund'];
export const ITEM_STATES = ['submitted', 'received', 'completed', 'placed', 'processed', 'shipped', 'dispatched', 'delivered', 'approved', 'confirmed'];
/** Who acts in a process ("our team", "the system" are shapes: a determiner and up to two words). */
export const PROCESS_PRONOUNS = ['they', 'he', 'she', 'it', 'we', 'someone'];
export const COMPANY_PEOPLE = ['member', 'representative', 'specialist', 'agent'];
/** The user receiving something: "you'll then receive", "you will be contacted". */
export const RECEIPT_ADVERBS = ['then', 'also', 'soon', 'promptly', 'automatically'];
export const RECEIPTS = [
  'receive', 'get', 'see', 'find', 'hear',
  ...combine(['be'], ['contacted', 'notified', 'sent', 'emailed', 'asked', 'given', 'guided', 'redirected', 'taken', 'prompted', 'able', 'provided']),
];
export const EXPECT_WHAT = combine(['expect'], ['a', 'an', 'the', 'to']);

// code explanation (code-explanation.ts)

/** Things code is and makes (a plural "s" may follow each). */
export const CODE_NOUNS = [
  'code', 'script', 'program', 'function', 'method', 'class', 'module', 'component', 'snippet', 'query', 'command', 'loop', 'regex',
  'pattern', 'file', 'spider', 'crawler', 'scraper', 'bot', 'model', 'app', 'application', 'server', 'api', 'endpoint', 'test',
  'build', 'compiler', 'library', 'package', 'variable', 'array', 'list', 'dictionary', 'dict', 'object', 'table', 'column',
  'database', 'request', 'response', 'output', 'result', 'data', 'dataset', 'value', 'error', 'exception', 'process', 'job',
  'pipeline', 'workflow', 'container', 'image', 'page', 'button', 'form', 'element', 'hook', 'handler', 'listener', 'callback',
  'promise', 'thread', 'worker', 'macro', 'formula', 'cell', 'sheet', 'spreadsheet', 'workbook', 'template', 'prompt',
  'line', 'statement', 'condition', 'operator', 'parameter', 'argument', 'field', 'key', 'row', 'plugin', 'extension', 'browser',
  'terminal', 'shell', 'system', 'service', 'contract', 'transaction', 'algorithm', 'network', 'layer',
];
/** "this code", "each function", "an endpoint". */
export const CODE_DETERMINERS = ['this', 'the', 'your', 'my', 'that', 'these', 'those', 'each', 'every', 'our', 'its', 'a', 'an', 'all'];
export const CODE_FUTURES = ['will', 'shall', 'is going to'];
/** "it will return", "they'll then print". */
export const CODE_SUBJECTS = ['it', 'this', 'they'];
export const CODE_MODALS = ['will', "'ll"];
export const CODE_ADVERBS = ['then', 'now', 'also', 'automatically'];
export const CODE_ACTS = [
  'return', 'print', 'output', 'log', 'display', 'show', 'create', 'generate', 'produce', 'run', 'execute', 'call', 'loop', 'iterate',
  'parse', 'extract', 'save', 'store', 'write', 'read', 'load', 'send', 'fetch', 'compile', 'throw', 'raise', 'crash', 'fail', 'work',
  'match', 'replace', 'convert', 'render', 'update', 'delete', 'remove', 'add', 'append', 'split', 'sort', 'filter', 'calculate',
  'compute', 'check', 'validate', 'trigger', 'fire', 'wait', 'sleep', 'retry', 'exit', 'stop', 'start', 'open', 'close', 'install',
  'download', 'upload', 'export', 'import',
];
/** "the data will be saved". */
export const CODE_PASSIVES = [
  'saved', 'stored', 'written', 'printed', 'logged', 'created', 'displayed', 'returned', 'generated', 'exported', 'called', 'executed',
  'run', 'triggered', 'loaded', 'updated', 'deleted', 'removed', 'added', 'processed', 'parsed', 'converted', 'split', 'replaced',
  'installed', 'downloaded', 'uploaded', 'rendered', 'shown', 'used', 'passed', 'set', 'reset', 'cleared', 'closed', 'opened', 'sent',
  'emailed',
];
/** "when the spider finishes", "when you run it". */
export const CODE_RUNS = [
  'you run', 'it runs',
  ...combine(['the', 'this', 'your'], ['script', 'code', 'program', 'spider', 'crawler', 'function', 'job', 'loop', 'test', 'build'], ['runs', 'finishes', 'completes', 'is run', 'is executed', 'starts']),
];
/** What code does in the present: "the options are stored in state". */
export const CODE_DOES_DETERMINERS = ['this', 'the', 'your', 'my', 'that', 'these', 'those', 'each', 'every', 'its', 'all'];
export const CODE_GETS = ['is', 'are', 'gets', 'get'];
export const CODE_PRESENT_PASSIVES = ['saved', 'stored', 'written', 'printed', 'logged', 'created', 'displayed', 'returned', 'generated', 'exported', 'sent', 'called', 'executed', 'passed', 'set', 'updated', 'added', 'removed', 'kept', 'held'];
/** The assistant's own later acts, which stay promises in a reply about code. */
export const OWN_LATER_ACTS = ['remind', 'notify', 'email', 'e-mail', 'text', 'call', 'ping', 'message', 'get back', 'follow up', 'check in', 'check back', 'send you', 'let you know', 'update you', 'keep you'];

// generic assurance (generic-assurance.ts)

export const ASSURANCE_ADVERBS = ['always', 'also', 'certainly', 'definitely', 'continue to', 'promptly', 'gladly', 'truly', 'sincerely'];
/** Effort with no act: "do our very best", "work diligently to resolve", "make every effort". */
export const EFFORTS = [
  ...combine(['do'], ['our', 'my'], ['', 'very', 'absolute', 'utmost'], ['best']),
  ...combine(['do'], ['everything', 'all', 'whatever'], ['we', 'i'], ['can']),
  'do everything possible', ...combine(['do everything in'], ['our', 'my'], ['power']),
  ...combine(['do'], ['our', 'my'], ['utmost']),
  ...combine(['make every'], ['effort', 'attempt']),
  ...combine(['work', 'strive', 'endeavor', 'endeavour'], ['diligently', 'hard', 'tirelessly', 'closely', 'towards', ...combine(['to'], [
    'resolve', 'address', 'ensure', 'find', 'identify', 'fix', 'get', 'make', 'provide', 'improve', 'understand',
  ])]),
  'strive', 'endeavor', 'endeavour', 'be with you every step',
  ...combine(['ensure'], ['your', 'that you', 'a', 'the best', 'utmost', ...combine(['you'], ['receive', 'get', 'have'], ['the best'])]),
  // value, not an act: "make sure you get the best possible service"
  ...combine(['make sure', 'make certain'], ['', 'that'], ['you'], ['receive', 'get', 'have', 'enjoy'], ['the best', 'a great', 'a smooth', 'a seamless', 'a pleasant', 'excellent', 'the highest']),
  ...combine(['prioritise', 'prioritize'], ['your', 'this']),
  ...combine(['take'], ['', 'good', 'great'], ['care of'], ['you', 'your concerns', 'your concern', 'your needs']),
  'appreciate',
];
/** "be more than happy to help". */
export const GLADNESS_DEGREES = ['more than', 'very', 'truly', 'always', 'so'];
export const GLAD = ['happy', 'glad', 'delighted', 'pleased', 'thrilled', 'willing', 'eager'];
export const GLAD_TO = ['help', 'assist', 'support', 'answer', 'guide', 'address', 'be of'];
/** "be here for you" (ending at a word). */
export const BE_THERE = combine(['be'], ['here', 'there', 'available'], ['to', 'for']);

// fiction (fiction.ts)

/** A request to write fiction: a verb of making, then (within a few words) a form of fiction. */
export const CREATIVE_VERBS = ['write', 'tell', 'compose', 'make up', 'create', 'draft', 'give', 'come up with', 'invent', 'read', 'continue', 'generate'];
export const CREATIVE_FORMS = [
  'story', 'stories', 'poem', 'poetry', 'song', 'lyrics', 'limerick', 'haiku', 'sonnet', 'rap', 'script', 'dialogue', 'dialogues',
  'screenplay', 'fable', 'scene', 'skit', 'episode', 'monologue', 'fanfic', 'fan fic', 'fanfiction', 'fan fiction',
  'chapter', ...combine(['forum'], ['conversation', 'thread', 'post']),
  ...combine(['fictional', 'imaginary'], ['conversation', 'chat', 'interview', 'dialogue']),
  'conversation between', 'chat between', 'interview with',
  // fiction whose narrator says "I": "write a diary entry", "tell it from the perspective of the dog"
  'diary entry', 'diary entries', 'journal entry', 'journal entries', 'memoir', 'narrative', 'tale', 'first person', 'first-person',
  'point of view', 'perspective of',
];
/**
 * A short message that reworks or extends the piece just written: "make it longer", "add more
 * dialogue", "now rewrite it from her point of view", "what happens after she leaves?". After a
 * request for a story or a document, the reply is more of it.
 */
export const FOLLOW_UP_LEADS = ['now', 'ok', 'okay', 'great', 'nice', 'good', 'perfect', 'cool', 'thanks', 'thank you', 'wow', 'yes', 'please', 'can you', 'could you', 'and'];
export const FOLLOW_UP_ASKS = [
  'make it', 'make her', 'make him', 'make them', 'make the', 'add', 'rewrite', 'redo', 'change', 'continue', 'expand', 'extend', 'shorten',
  'lengthen', 'write more', 'write another', 'write the next', 'write part', 'another', 'again', 'more', 'what happens',
  'then what', 'and then', 'go on', 'keep going', 'next', 'include', 'turn it', 'put', 'give it', 'give her', 'give him', 'tell it',
  'retell', 'edit', 'revise', 'improve', 'polish', 'finish', 'end it', 'let', 'remove', 'cut', 'less', 'use', 'try again', 'one more',
  'tell me what happens', 'tell me more', 'what if', 'write it', 'write about', 'describe', 'do it again', 'part 2', 'part two',
];
/** The user asking the assistant for something after the chat: the reply answers in its own voice. */
export const LATER_ASKS = [
  'remind me', 'set a reminder', ...combine(['text', 'email', 'e-mail', 'message', 'notify', 'ping', 'call'], ['me']), 'send it to my',
  'send it to me', ...combine(['follow up'], ['with me', 'later', 'tomorrow']), 'check back', 'check in with me', 'get back to me', 'next time',
  'future conversations',
  ...combine(['will you', 'can you', 'could you', 'would you'], ['remember']), 'save it', 'save this',
];

// the asked-for work's framing (fiction.ts, requested-text.ts, document.ts)

/**
 * What a requester's work is called when the assistant speaks about it, not in it: "I'll send you
 * chapter 2 next week", "I'll email you the final article tonight". A closing or opening paragraph
 * that speaks to the user about the work in the future is the assistant's own, not the work's.
 */
export const WORK_NOUNS = [
  'chapter', 'chapters', 'part', 'parts', 'story', 'stories', 'poem', 'poems', 'song', 'article', 'articles', 'post', 'essay', 'draft',
  'drafts', 'version', 'versions', 'outline', 'guide', 'section', 'sections', 'script', 'episode', 'sequel', 'continuation', 'rest of it',
  'the rest', 'next one', 'pdf', 'document', 'file', 'copy', 'manuscript', 'book', 'revision', 'revisions', 'edits', 'feedback',
  'translation', 'summary', 'paraphrase', 'rewrite',
];
/** How the work is named as a thing: "the final article", "your chapter", "another version". */
export const WORK_DETERMINERS = ['the', 'this', 'that', 'your', 'a', 'an', 'another', 'my', 'next', 'final', 'new', 'full'];

// documents (document.ts)

/** A request for a document: a verb of making, then (within a few words) the kind of document. */
export const DOCUMENT_VERBS = [
  'write', 'draft', 'compose', 'create', 'generate', 'give me', 'make', 'prepare', 'produce', 'provide', 'come up with', 'develop',
  'put together', 'expand', 'finish', 'rewrite', 'redo', 'help me with',
];
/** Between the verb and the document, these make the document someone else's task: "make sure I submit the report". */
export const NOT_A_DOCUMENT_OBJECT = ['sure', 'certain', 'i', 'you', 'we', 'they', 'he', 'she'];
/** How a request names the document: "a", "my", "the next", "two". */
export const DOCUMENT_DETERMINERS = ['a', 'an', 'the', 'my', 'our', 'his', 'her', 'their', 'this', 'that', 'your', 'some', 'one', 'two', 'three', 'another', 'each'];
/** "write chapter one", "part two". */
export const DOCUMENT_NUMBERS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'i', 'ii', 'iii', 'iv', 'v'];
/** Documents the user publishes or hands out: a chapter's "in the next chapter, we will explore…" is the document's voice. */
export const DOCUMENT_FORMS = [
  'chapter', 'chapters', 'section', 'introduction', 'intro', 'conclusion', 'outro', 'preface', 'foreword', 'prologue', 'epilogue',
  'guide', 'tutorial', 'handbook', 'manual', 'outline', 'syllabus', 'lesson plan', 'lesson plans', 'curriculum',
  'lecture', 'video script', 'youtube script', 'presentation', 'slides', 'slide', 'report', 'thesis', 'dissertation',
  'paper', 'abstract', 'ebook', 'e-book', 'book', 'whitepaper', 'case study', 'business plan', 'executive summary',
  'mission statement', 'vision statement', 'about us', 'about page', 'landing page', 'homepage', 'home page', 'web page', 'webpage',
  'website copy', 'website content', 'web content', 'description', 'policy', 'faq', 'brochure', 'flyer',
  // "write a paragraph about…", not "write your answer in paragraphs"
  ...combine(['a', 'one', 'short', 'brief', 'single', 'two', 'three', 'few'], ['paragraph', 'paragraphs']),
  'pitch deck', 'job posting', 'job ad', 'press kit',
];

// role-play (role-play.ts)

/** The user setting up a game or persona: "let's role-play", "pretend you're my coach". */
export const GAME_SETUPS = [
  'roleplay', 'role-play', 'text adventure', 'text-based adventure', ...combine(['interactive'], ['story', 'fiction', 'game']),
  "let's play", 'lets play', 'play a game', 'game master', 'dungeon master', 'in character',
  ...combine(['pretend'], ['to be', "you're", 'you are']),
  ...combine(['from now on', 'from now on,'], ['you'], ['are', 'will be']),
  ...combine(['play the'], ['role', 'part'], ['of']), ...combine(['take on the'], ['role', 'persona']),
  ...combine(['imagine'], ["you're", 'you are'], ['a', 'an', 'my']), 'you will play',
  // a persona to answer as: "you are Tony Stark, answer as him", "reply as Sherlock"
  ...combine(['answer', 'respond', 'reply', 'speak', 'talk', 'write back'], ['as', 'like'], ['him', 'her', 'them', 'if you']),
  ...combine(['in the'], ['role', 'voice', 'persona'], ['of']), ...combine(['as if you'], ['were', 'are']), "you're playing", 'you are playing',
  'you will be playing',
  ...combine(['respond', 'reply', 'answer', 'speak', 'talk'], ['only as', 'to me as', 'to me like']),
  "you'll play",
  // a partner or a parent to talk to: "you are my boyfriend Jake"
  ...combine(['be my', 'you are my', "you're my", 'act like my', 'pretend to be my'], ['boyfriend', 'girlfriend', 'wife', 'husband', 'mom', 'mother', 'dad', 'father', 'grandma', 'grandpa', 'crush', 'waifu']),
  // who tells the story: "you will be the narrator", "be my dungeon master"
  ...combine(['you are', "you're", 'be', 'you will be', "you'll be", 'act as'], ['the', 'my', 'our'], ['narrator', 'storyteller', 'gm', 'dm', 'game master', 'dungeon master', 'quest giver']),
  ...combine(["let's", 'lets'], ['start', 'begin', 'go on', 'have', 'do'], ['an', 'a'], ['adventure', 'quest', 'campaign', 'role play', 'roleplay']),
  'choose your own adventure', 'cyoa',
];
/** The same, ending at a word ("act as a", not "act as an-"); "dan" is the jailbreak persona. */
export const GAME_SETUP_WORDS = [...combine(['act as', 'act like'], ['a', 'an', 'my', 'the', 'if']), ...combine(['answer', 'respond', 'reply', 'speak'], ['as'], ['a', 'an', 'my', 'the']), 'you are now', ...combine(['simulate'], ['a', 'an']), 'dan'];
/** In a system prompt only explicit game words count ("You are a support agent" sets a job). */
export const SYSTEM_GAME_WORDS = ['roleplay', 'role-play', 'text adventure', 'text-based adventure', 'interactive fiction', 'game master', 'dungeon master', 'stay in character', 'in-character', 'you are playing'];
/** The user stepping out of the game. */
export const OUT_OF_GAME = [
  'out of character', 'ooc', ...combine(['stop', 'stop the', 'end the'], ['game', 'roleplay', 'role-play']), 'break character', "let's stop", 'lets stop',
  ...combine(['enough'], ['', 'of the', 'with the'], ['game', 'roleplay', 'role-play']), ...combine(["that's enough", 'thats enough'], ['for now', 'for today']),
  // the user leaving, or asking for something after the chat: the reply answers in the assistant's own voice
  ...combine(['i', 'we'], ['need to', 'have to', 'must'], ['go', 'leave', 'log off']), 'gotta go', 'got to go',
  'remind me', 'set a reminder', ...combine(['text', 'email', 'e-mail', 'message', 'notify', 'ping'], ['me']),
  ...combine(['will you', 'can you', 'could you', 'would you'], ['remember'], ['this', 'that', 'my', 'our', 'me', 'it']),
  ...combine(['save', 'keep'], ['this', 'our', 'my'], ['game', 'progress', 'story', 'campaign', 'chat', 'conversation', 'session']),
  'for next time', 'next time we', 'future conversations', 'our next conversation', 'our next chat',
];
/** Schedules and outlines label lines with days, times and parts: "Monday: …", "Week 2: …". */
export const SCHEDULE_LABELS = [
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun',
  'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december', 'today',
  'tomorrow', 'tonight', 'morning', 'afternoon', 'evening', 'night', 'breakfast', 'lunch', 'dinner', 'snack', 'day', 'week', 'month',
  'phase', 'part', 'round', 'level', 'stage', 'section', 'chapter', 'item', 'point', 'line', 'option', 'scenario', 'case', 'weekend',
  'weekdays', 'weekday', 'daily', 'weekly',
];

// drafts and letters (draft.ts)

/** What introduces a draft, on a line ending in a colon: "Here's a message you can send:". */
export const DRAFT_INTROS = [
  'draft', 'message', 'email', 'e-mail', 'text', 'note', 'letter', 'script', 'post', 'version', 'template', 'wording', 'reply', 'caption',
  'announcement', 'invitation', 'invite', 'speech', 'toast', 'bio', 'copy',
  ...combine(['you'], ['can', 'could'], ['send', 'post', 'paste', 'use', 'say']), 'something like',
];
/** How a letter opens ("subject:" and "to whom" are shapes of their own: they need no word end). */
export const GREETINGS = ['dear', 'hi', 'hello', 'hey', ...combine(['good'], ['morning', 'afternoon', 'evening'])];
/** How a letter closes, alone on its line. */
export const SIGN_OFFS = [
  'kind regards', 'best regards', 'warm regards', 'regards', 'best wishes', 'best', 'thanks', 'thanks again', 'thank you', 'many thanks',
  'sincerely', 'yours', 'yours sincerely', 'yours faithfully', 'yours truly', 'cheers', 'all the best', 'speak soon', 'talk soon',
];

// reworked text (rework.ts)

/** Asking for the user's own text back, reworked: "translate this", "rewrite the following", "fix the grammar". */
export const REWORK_VERBS = [
  'translate', 'rewrite', 're-write', 'rephrase', 'paraphrase', 'reword', 'proofread', 'proof-read', 'correct', 'edit', 'shorten',
  'improve', 'polish', 'simplify', 'summarize', 'summarise', 'condense', 'fix', 'revise', 'make it', 'make this', 'turn this', 'convert',
  'check the grammar', 'check grammar', 'check my', 'humanize', 'humanise', 'reformat', 'format', 'expand',
];
/** Words pointing at the text the user gives: "this", "the following", "below", "my essay". */
export const REWORK_OBJECTS = [
  'this', 'these', 'that', 'it', 'following', 'below', 'the text', 'my', 'our', 'the paragraph', 'the passage', 'everything',
  'all', 'what i send', 'what i paste', 'to english', 'into english', 'in english', 'to spanish', 'to french', 'to german', 'to chinese',
];


// reported speech (quotation.ts)

/** Verbs that retell someone's words: "Bob said he will…", "your landlord wrote that…". */
export const REPORTING_VERBS = [
  'wrote', 'writes', 'said', 'says', 'mentioned', 'mentions', 'replied', 'replies', 'explained', 'explains', 'stated', 'states', 'promised',
  'promises', 'told you', 'tells you', 'let you know',
];
/** Verbs that also name acts ("Bob added the file"): they retell words only before "that". */
export const REPORTING_THAT_VERBS = ['added', 'adds', 'noted', 'notes', 'confirmed', 'confirms'];
