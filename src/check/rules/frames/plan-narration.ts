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
 * time or a later session, and never a plan the reply does not go on to carry out. Reasoning in a
 * `<thinking>` block (or `<think>`, `<reasoning>`…) that more reply text follows is read the same way
 * (LABELING.md rule 18), whatever verb it uses: "I'll ask the user which day they mean".
 */
export const planNarrationFrame: Frame = {
  code: 'plan_narration',
  level: 'sentence',
  summary: 'the plan of this reply, carried out in it',
  mark(input) {
    const regions: Region[] = [];
    const blocks = reasoningBlocks(input.text);
    input.sentences.forEach((s, index) => {
      // Reasoning the reply then carries out (LABELING.md rule 18): the assistant's own voice, its plan for this turn.
      if (blocks !== null && inCarriedOutBlock(blocks, s.start) && !hasAnyLater(s.folded, s.cues)) {
        regions.push(sentenceRegion(s, 'plan_narration'));
        return;
      }
      if (!hasAnyCue(s.cues, FUTURE_CUE) || !FUTURE.test(s.folded) || !PLAN.test(s.folded) || hasAnyLater(s.folded, s.cues)) return;
      if (HERE.test(s.folded) || contentFollows(input, index)) regions.push(sentenceRegion(s, 'plan_narration'));
    });
    return regions;
  },
  marks: [
    { reply: "<thinking>I'll ask the user which day they mean before I look anything up.</thinking>\nWhich day do you mean, today or tomorrow?", marked: 'ask the user' },
    { reply: "<think>I will create the event once the user confirms the time.</think>\nWhat time should lunch with Ann start?", marked: 'create the event' },
    { reply: "Below I'll provide the required modifications.\n```cpp\nint main() {}\n```", marked: 'provide' },
    { reply: 'For this example, we will stick to a local development environment. Install Node first.', marked: 'stick to' },
    { reply: "I will update the code to use the correct function names.\n```py\nprint('hi')\n```", marked: 'update the code' },
  ],
  ignores: [
    { reply: "I'll send you the checklist tomorrow morning. Here it is for now:\n- milk" },
    { reply: "I'll update you when the price drops." },
    { reply: "<thinking>I'll remind the user tomorrow at 9.</thinking>\nSure, noted." },
    { reply: "Sure.\n<thinking>I will look up the hotel's address.</thinking>" },
  ],
};

/** Code, or a list of three items or more, after the sentence: the plan is carried out here. */
function contentFollows(input: FrameInput, index: number): boolean {
  const sentence = input.sentences[index]!;
  if (input.setAside.some((r) => r.frame === 'code' && r.start >= sentence.end && input.text.startsWith('```', r.start))) return true;
  const after = input.sentences.slice(index + 1);
  return after.filter((s) => /^\s*(?:[-*\u2022]|\d+[.)])\s/.test(s.text) || /^#{1,4}\s/.test(s.text)).length >= 3;
}

/** Tags of a reasoning block: `<thinking>`, `<think>`, `<reasoning>`, `<scratchpad>`, `<reflection>`. */
const REASONING_BLOCK = /<(thinking|think|reasoning|scratchpad|reflection)>[\s\S]*?<\/\1>/gi;

/** The reasoning blocks of a reply that more reply text follows, as [start, end) pairs; null when there is none. */
function reasoningBlocks(text: string): number[] | null {
  if (!text.includes('</')) return null;
  let blocks: number[] | null = null;
  REASONING_BLOCK.lastIndex = 0;
  for (let m = REASONING_BLOCK.exec(text); m !== null; m = REASONING_BLOCK.exec(text)) {
    const end = m.index + m[0].length;
    // A block that ends the reply is carried out by nothing in this turn (rule 19: dangling).
    if (text.slice(end).trim() === '') continue;
    (blocks ??= []).push(m.index, end);
  }
  return blocks;
}

function inCarriedOutBlock(blocks: readonly number[], at: number): boolean {
  for (let i = 0; i < blocks.length; i += 2) if (at >= blocks[i]! && at < blocks[i + 1]!) return true;
  return false;
}
