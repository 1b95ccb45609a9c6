/**
 * What the assistant keeps in mind for, when that is work of this chat (LABELING.md rules 8 and
 * 24): "I will use these notes to help you build the outline", "I'll keep this prompt in mind
 * while we work on the essay", "I'll use these details when writing the scenes you ask for". The
 * purpose is a piece of work the two are doing here, so keeping the facts waits for the user's
 * next message; nothing is remembered across conversations. "I'll use this to tailor your future
 * plans" or "…next time you ask" names a later session and stays a promise to remember.
 */
import { phrasesByFirstWord } from './lexicon.ts';

/** Work done in the chat's replies: writing, building, answering. */
const CHAT_WORK = [
  'write', 'draft', 'build', 'create', 'craft', 'tailor', 'shape', 'structure', 'outline', 'plan', 'design', 'improve', 'edit', 'revise',
  'polish', 'refine', 'answer', 'respond', 'reply', 'complete', 'finish', 'personalise', 'personalize', 'customise', 'customize', 'generate',
  'compose', 'develop', 'prepare', 'put together', 'come up with', 'suggest', 'recommend', 'guide', 'make', 'work on', 'continue', 'adapt',
  'adjust', 'summarise', 'summarize', 'translate', 'format', 'explain', 'review', 'analyse', 'analyze', 'understand', 'give', 'provide', 'assist',
];
const CHAT_WORK_ING = [
  'writing', 'drafting', 'building', 'creating', 'crafting', 'tailoring', 'shaping', 'structuring', 'outlining', 'planning', 'designing',
  'improving', 'editing', 'revising', 'polishing', 'refining', 'answering', 'responding', 'replying', 'completing', 'finishing',
  'generating', 'composing', 'developing', 'preparing', 'putting together', 'coming up with', 'suggesting', 'working on', 'continuing',
  'adapting', 'adjusting', 'summarising', 'summarizing', 'translating', 'formatting', 'explaining', 'reviewing', 'analysing', 'analyzing',
];

/** This chat's replies: "in my responses". */
const MY_REPLIES = ['responses', 'response', 'replies', 'reply', 'answers', 'answer', 'messages', 'explanations', 'writing', 'suggestions'];
/** Ways of answering that only a reply in this chat can carry out. */
const HOW_IT_ANSWERS = ['explain', 'answer', 'respond', 'reply', 'write', 'draft', 'tailor', 'adjust', 'adapt', 'format', 'summarise', 'summarize', 'translate', 'edit', 'revise', 'correct', 'follow', 'keep my', 'use it in', 'use them in', 'apply it', 'apply them'];

const PURPOSE = new RegExp(
  [
    // "to help you build the outline", "to tailor the plan"
    `\\bto\\s+(?:(?:help|assist)\\s+(?:you\\s+)?(?:(?:to|with)\\s+)?)?(?:${phrasesByFirstWord(CHAT_WORK)})\\b`,
    // "while I write the next section", "as we work on the essay", "when we're drafting"
    `\\b(?:when|while|as)\\s+(?:i|we)(?:'m|'re|\\s+am|\\s+are)?\\s+(?:${phrasesByFirstWord([...CHAT_WORK, ...CHAT_WORK_ING])})\\b`,
    // "when writing the scenes", "in drafting your reply"
    `\\b(?:when|while|in|for)\\s+(?:${phrasesByFirstWord(CHAT_WORK_ING)})\\b`,
    // "follow them in my responses", "throughout my answers"
    `\\b(?:in|for|throughout|across)\\s+(?:all\\s+|each\\s+of\\s+)?my\\s+(?:${phrasesByFirstWord(MY_REPLIES)})\\b`,
    // "keep that in mind and explain things simply": how it answers next, said with the keeping
    `\\band\\s+(?:${phrasesByFirstWord(HOW_IT_ANSWERS)})\\b`,
  ].join('|'),
  'i',
);
/** A later session or a later time, however it is said: the keeping is then for later. */
const LATER = /\b(?:future|next time|later|another (?:time|day|chat|conversation|session)|tomorrow|next (?:week|month|year|chat|conversation|session))\b/i;

/** Whether a promise to keep or use what the user gave is for work of this chat. */
export function keptForThisChat(predicate: string): boolean {
  return PURPOSE.test(predicate) && !LATER.test(predicate);
}
