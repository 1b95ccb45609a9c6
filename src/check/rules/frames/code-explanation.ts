import { completedForms } from '../../../setups/action-verbs.ts';
import { phrases, phrasesByFirstWord } from '../lexicon.ts';
import { hasCodeText } from './code-text.ts';
import * as L from './frame-lexicon.ts';
import { rememberedTest } from '../remembered-test.ts';
import type { Frame, FrameInput } from './frame.ts';
import { FUTURE, hasFixedTime, sentenceRegion } from './sentence-frames.ts';

/** A thing code is or makes, in the singular or plural. */
const CODE_NOUN = `${phrasesByFirstWord(L.CODE_NOUNS)}s?`;
/** A future clause about code or what it produces: "This code will extract images", "the scraped data will be saved". */
const ABOUT_CODE = new RegExp(
  [
    `\\b${phrasesByFirstWord(L.CODE_DETERMINERS)}\\s+(?:[\\w.-]+\\s+){0,3}?${CODE_NOUN}\\b[^.!?]{0,60}?(?:\\b${phrasesByFirstWord(L.CODE_FUTURES)}\\b|'ll\\b)`,
    `\\b${phrasesByFirstWord(L.CODE_SUBJECTS)}\\s+${phrasesByFirstWord(L.CODE_MODALS)}\\s+(?:${phrasesByFirstWord(L.CODE_ADVERBS)}\\s+)?${phrasesByFirstWord(L.CODE_ACTS)}\\b`,
    `\\bwill be ${phrasesByFirstWord(L.CODE_PASSIVES)}\\b`,
    `\\bwhen ${phrasesByFirstWord(L.CODE_RUNS)}`,
  ].join('|'),
  'i',
);
/** What code does, in the present: "The selected options are stored in the `options` state variable". */
const CODE_DOES = new RegExp(
  `\\b${phrasesByFirstWord(L.CODE_DOES_DETERMINERS)}\\s+(?:[\\w.-]+\\s+){0,3}?${CODE_NOUN}\\b[^.!?]{0,40}?\\b${phrasesByFirstWord(L.CODE_GETS)} (?:${phrasesByFirstWord(L.CODE_ADVERBS)} )?${phrasesByFirstWord(L.CODE_PRESENT_PASSIVES)}\\b|\\u00B7{3,}`,
  'i',
);
/**
 * A sentence that opens as a report of an act ("Merged `#412` into `main`", "I've pushed `fix/csp`",
 * "Issue created with the `p0` label") reports the agent's act, whatever code it names: it is not
 * about what code does. A subject never holds an auxiliary ("The selected options are stored…" is
 * still about code).
 */
const OPENS_AS_REPORT = new RegExp(
  `^\\W*(?:(?:i|we)(?:'ve|\\s+have)?\\s+(?:just\\s+|also\\s+|now\\s+)?|(?:(?:your|the|a|an)\\s+)?(?:(?!(?:is|are|was|were|be|been|will|would|can|could|should|it|this|that|they|you)\\b)[\\w#@'.\\u00B7-]+\\s+){0,3}?)${phrases(completedForms())}\\b`,
  'i',
);
/**
 * "Now I'll update the `.nvmrc`": the assistant opening with its own next act, no time given, speaks
 * of its next step (rule 19), not of what code does. With a time ("I'll merge #420 at 23:00") it
 * stays as before: what a scheduled job will run.
 */
const OPENS_WITH_OWN_ACT = /^\W*(?:(?:now|next|then|first|so),?\s+)?(?:i|we)(?:'ll|\s+will|\s+am\s+going\s+to|'m\s+going\s+to|\s+are\s+going\s+to|'re\s+going\s+to)\s/i;
/**
 * The assistant's own later acts stay promises even in a reply about code, timed or not: "When the
 * test passes, I'll email you the summary" is the assistant's act, not what the test does.
 */
const OWN_LATER_ACT = new RegExp(`\\b(?:i|we)(?:'ll|\\s+will)\\s+(?:\\w+\\s+)?${phrasesByFirstWord(L.OWN_LATER_ACTS)}\\b`, 'i');

/**
 * What code, a command or a system will do: "This code will extract images from both doc and docx
 * files", "the scraped data will be saved to an Excel file when the spider finishes", "evaluation
 * results will be stored in the specified directories". Only in a conversation that has code in it.
 */
export const codeExplanationFrame: Frame = {
  code: 'code_explanation',
  level: 'sentence',
  summary: 'what code, a command or a system will do, in a conversation about code',
  mark(input) {
    if (!hasCode(input)) return [];
    return input.sentences
      .filter((s) => (ABOUT_CODE.test(s.folded) || CODE_DOES.test(s.folded)) && !OWN_LATER_ACT.test(s.folded) && !OPENS_AS_REPORT.test(s.folded) && !(OPENS_WITH_OWN_ACT.test(s.folded) && !hasFixedTime(s.folded, s.cues)))
      .map((s) => sentenceRegion(s, 'code_explanation'));
  },
  marks: [
    { reply: 'This code will extract images from both doc and docx files.\n```py\nextract()\n```', marked: 'extract images' },
    { user: 'Here is my spider:\n```py\nclass S(Spider): pass\n```', reply: 'The scraped data will be saved to an Excel file when the spider finishes.', marked: 'saved to an Excel file' },
  ],
  ignores: [
    { reply: "The report will be ready tomorrow and I'll email it to you." },
    { reply: "```py\nx = 1\n```\nI'll remind you tomorrow at 9 to run it." },
    { user: 'Here is my test:\n```py\ndef test_total(): assert total() == 3\n```', reply: "When the test passes, I'll email you the summary." },
    { user: 'Here is the fix:\n```ts\nexport const CSP = 1;\n```', reply: 'Merged `#412` into `main`.' },
    { user: 'Here is the fix:\n```ts\nexport const CSP = 1;\n```', reply: 'Issue created with the `p0` and `bug` labels.' },
    { user: 'Bump node:\n```\n18\n```', reply: 'Branch created. Now I\'ll update the `.nvmrc` and the CI matrix.' },
  ],
};

function hasCode({ setAside, conversation, text }: FrameInput): boolean {
  return setAside.some((r) => r.frame === 'code') || USER_HAS_CODE(conversation.userText) || conversation.earlierUser.some(USER_HAS_CODE) || hasCodeText(text);
}

/** The user's messages come back (a grid, a conversation): their test is remembered. */
const USER_HAS_CODE = rememberedTest({ test: hasCodeText });
