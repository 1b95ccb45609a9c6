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
  'below', 'the following', 'here', "here's", 'here is', 'here are',
  ...combine(['in this'], ['example', 'answer', 'response', 'post', 'guide', 'tutorial', 'reply', 'section', 'case', 'scenario', 'code', 'snippet']),
  ...combine(['for'], ['this', 'the'], ['example', 'purpose', 'sake', 'demonstration', 'simplicity']),
  'for simplicity', 'step by step', 'step-by-step',
];
