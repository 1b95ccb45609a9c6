import { cueMask, hasAnyCue } from '../cues.ts';
import { phrasesByFirstWord } from '../lexicon.ts';
import { rememberedTest } from '../remembered-test.ts';
import { firstMatch, SESSION_CUES } from '../triggers.ts';
import { danglingCheckIn } from '../sentence-rules.ts';
import { hasCodeText } from './code-text.ts';
import * as L from './frame-lexicon.ts';
import type { Frame, FrameInput, Region } from './frame.ts';
import { hasFixedTime, sentenceRegion } from './sentence-frames.ts';

const FUTURE_CUE = cueMask('future');
/** A literal of the this-conversation trigger cue is "we": every tutorial "we" holds it. */
const WE_CUE = cueMask('trigger_this_conversation');

/** The tutorial "we": the writer and the reader building the program together, in the explanation. */
const TUTORIAL_WE = /\bwe(?:'ll|\s+will|'re\s+going\s+to|\s+are\s+going\s+to)\s/i;

/** What a program keeps while it runs: "the head and tail pointers", "the low and high indices". */
const PROGRAM_STATE = [
  'pointer', 'pointers', 'index', 'indices', 'indexes', 'variable', 'variables', 'counter', 'counters', 'array', 'arrays', 'list', 'lists',
  'dict', 'dictionary', 'map', 'hashmap', 'hash map', 'set', 'stack', 'queue', 'node', 'nodes', 'key', 'keys', 'state', 'value', 'values',
  'element', 'elements', 'cache', 'buffer', 'flag', 'flags', 'head', 'tail', 'capacity', 'count', 'sum', 'total', 'min', 'max', 'minimum',
  'maximum', 'offset', 'cursor', 'iterator', 'reference', 'references', 'ids', 'visited', 'frequency', 'frequencies',
];
const KEEPING = ['keep track of', 'track', 'store', 'save', 'remember', 'record', 'maintain', 'hold', 'cache', 'keep', 'use'];
/** "we'll keep track of the head and tail pointers", "I'll store the keys in an OrderedDict". */
const KEEPS_PROGRAM_STATE = new RegExp(
  `\\b(?:i|we)(?:'ll|\\s+will|'re\\s+going\\s+to|\\s+are\\s+going\\s+to)\\s+(?:\\w+\\s+)?(?:${phrasesByFirstWord(KEEPING)})\\s+(?!your\\b)(?:[\\w.-]+\\s+){0,5}?(?:${phrasesByFirstWord(PROGRAM_STATE)})\\b`,
  'i',
);
/** The assistant's own later acts for the user stay promises even in a walkthrough. */
const OWN_LATER_ACT = new RegExp(`\\b(?:i|we)(?:'ll|\\s+will)\\s+(?:\\w+\\s+)?${phrasesByFirstWord(L.OWN_LATER_ACTS)}\\b`, 'i');

/** The user asks about programming: "How do I implement a queue in C?", "write a function that…". */
const USER_ASKS_CODE = rememberedTest(
  /\b(?:implement(?:ing|ation)?|code|coding|program(?:ming)?|algorithm|function|script|python|javascript|typescript|java|c\+\+|c#|golang|rust|sql|react|html|css|linked list|data structure|recursion|regex|api|class|method|array|pointer|loop|variable|compile|debug|bug|binary search|sorting algorithm)\b/i,
);

/**
 * A walkthrough of code, in the writer's "we": "We'll keep track of the head and tail pointers",
 * "When a key is accessed, we'll move it to the end", "First we'll create a state variable". In a
 * conversation about code, such sentences say what the program (or the reader writing it) does,
 * not what the assistant will do after the turn. The assistant's own later acts ("we'll remind
 * you", "I'll let you know"), a fixed time or a later session stay promises; so does an announced
 * next step that ends the reply ("Now we'll update the tests", rule 19).
 */
export const codeWalkthroughFrame: Frame = {
  code: 'code_walkthrough',
  level: 'sentence',
  summary: "a walkthrough of code in the writer's \"we\" (what the program keeps and does)",
  mark(input) {
    // hasCodeText is remembered from the code-explanation frame, which asked first: most replies end here.
    if (!hasAnyCue(input.cues, FUTURE_CUE) || !aboutCode(input)) return [];
    const regions: Region[] = [];
    const last = input.sentences.at(-1);
    for (const s of input.sentences) {
      if (!hasAnyCue(s.cues, FUTURE_CUE)) continue;
      if (!(hasAnyCue(s.cues, WE_CUE) && TUTORIAL_WE.test(s.folded)) && !KEEPS_PROGRAM_STATE.test(s.folded)) continue;
      // "Now we'll update the tests and rerun them." as the last words is an agent's next step (rule 19).
      if (s === last && danglingCheckIn(s, true) !== null) continue;
      if (OWN_LATER_ACT.test(s.folded) || hasFixedTime(s.folded, s.cues) || firstMatch(SESSION_CUES, s.folded, s.cues)) continue;
      regions.push(sentenceRegion(s, 'code_walkthrough'));
    }
    return regions;
  },
  marks: [
    { user: 'How do I implement a queue with a linked list in C?', reply: "We'll keep track of the head and tail pointers in the file. When we enqueue, we'll add a node at the tail.", marked: 'head and tail pointers' },
    { user: 'How can I build an LRU cache in Python?', reply: "Here's the idea.\n```py\nfrom collections import OrderedDict\n```\nWhen a key is accessed, we'll move it to the end. That keeps the order.", marked: 'move it to the end' },
    { user: 'Explain binary search.', reply: "I'll keep track of the low and high indices, and halve the range each step.", marked: 'low and high indices' },
    { user: 'Show me a React todo app.', reply: "First we're going to create a state variable for the todos. Then we'll save each new todo in the list. Try it out!", marked: 'save each new todo' },
  ],
  ignores: [
    { user: 'How do I implement a queue in C?', reply: "Here's a queue.\n```c\nstruct q;\n```\nI'll remind you tomorrow at 9 to test it." },
    { user: 'Write a Python script to back up my files.', reply: "```py\nimport shutil\n```\nWe'll let you know when the next version is out." },
    { user: 'Can you plan my week?', reply: "We'll start with Monday. We'll keep track of your goals next time we chat." },
    { user: 'Fix the bug in my function.', reply: "I found the issue in `parse()`.\nNow we'll update the tests and rerun them." },
  ],
};

function aboutCode({ setAside, conversation, text }: FrameInput): boolean {
  return setAside.some((r) => r.frame === 'code') || hasCodeText(text) || USER_ASKS_CODE(conversation.userText);
}
