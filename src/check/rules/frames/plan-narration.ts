import { cueMask, hasAnyCue } from '../cues.ts';
import { phrasesByFirstWord } from '../lexicon.ts';
import { HERE_WORDS, PLAN_ADVERBS, PLAN_VERBS } from './frame-lexicon.ts';
import type { Frame, FrameInput, Region } from './frame.ts';
import { FUTURE, hasAnyLater, sentenceRegion } from './sentence-frames.ts';

const FUTURE_CUE = cueMask('future');

/** "I'll now show", "we are going to define": a future marker of the assistant, adverbs, then a plan verb. */
const PLAN = new RegExp(
  `\\b(?:i|we)(?:'ll|\\s+will|\\s+shall|(?:'m|\\s+am|'re|\\s+are)\\s+going\\s+to)\\s+(?:${phrasesByFirstWord(PLAN_ADVERBS)}\\s+)*(?:${phrasesByFirstWord(PLAN_VERBS)}|update (?!you\\b))\\b`,
  'i',
);
/** Words that point at content in this very reply, or a sentence ending in a colon. */
const HERE = new RegExp(`:\\s*$|\\b${phrasesByFirstWord(HERE_WORDS)}\\b`, 'i');

/**
 * The plan of this very reply, carried out in it: "I will update the code to use the correct
 * function names… Here's the corrected code", "below I'll provide the required modifications",
 * "For this example, we will stick to a local development environment". Never a sentence with a
 * time or a later session, and never a plan the reply does not go on to carry out.
 */
export const planNarrationFrame: Frame = {
  code: 'plan_narration',
  level: 'sentence',
  summary: 'the plan of this reply, carried out in it',
  mark(input) {
    const regions: Region[] = [];
    input.sentences.forEach((s, index) => {
      if (!hasAnyCue(s.cues, FUTURE_CUE) || !FUTURE.test(s.folded) || !PLAN.test(s.folded) || hasAnyLater(s.folded, s.cues)) return;
      if (HERE.test(s.folded) || contentFollows(input, index)) regions.push(sentenceRegion(s, 'plan_narration'));
    });
    return regions;
  },
  marks: [
    { reply: "Below I'll provide the required modifications.\n```cpp\nint main() {}\n```", marked: 'provide' },
    { reply: 'For this example, we will stick to a local development environment. Install Node first.', marked: 'stick to' },
    { reply: "I will update the code to use the correct function names.\n```py\nprint('hi')\n```", marked: 'update the code' },
  ],
  ignores: [{ reply: "I'll send you the checklist tomorrow morning. Here it is for now:\n- milk" }, { reply: "I'll update you when the price drops." }],
};

/** Code, or a list of three items or more, after the sentence: the plan is carried out here. */
function contentFollows(input: FrameInput, index: number): boolean {
  const sentence = input.sentences[index]!;
  if (input.setAside.some((r) => r.frame === 'code' && r.start >= sentence.end && input.text.startsWith('```', r.start))) return true;
  const after = input.sentences.slice(index + 1);
  return after.filter((s) => /^\s*(?:[-*\u2022]|\d+[.)])\s/.test(s.text) || /^#{1,4}\s/.test(s.text)).length >= 3;
}
