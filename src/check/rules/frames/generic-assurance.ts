import { cueMask, hasAnyCue } from '../cues.ts';
import { phrasesByFirstWord } from '../lexicon.ts';
import type { Frame } from './frame.ts';
import * as L from './frame-lexicon.ts';
import { firstMatch, SESSION_CUES } from '../triggers.ts';
import { FUTURE, hasFixedTime, sentenceRegion } from './sentence-frames.ts';
import { assuresAnAct } from '../own-work.ts';
import { classifyAct, type ActKind } from '../acts.ts';

const FUTURE_CUE = cueMask('future');

/** A future marker, adverbs, then effort or goodwill ("we will always do our very best"). */
const ASSURANCE = new RegExp(
  `(?:\\b(?:will|shall)|'ll)\\s+(?:${phrasesByFirstWord(L.ASSURANCE_ADVERBS)}\\s+)*(?:${[
    phrasesByFirstWord(L.EFFORTS),
    `be (?:${phrasesByFirstWord(L.GLADNESS_DEGREES)} )?${phrasesByFirstWord(L.GLAD)} to ${phrasesByFirstWord(L.GLAD_TO)}`,
    `${phrasesByFirstWord(L.BE_THERE)}\\b`,
    'treat (?:this|your \\w+) (?:with|as)',
  ].join('|')})`,
  'i',
);

/** Acts for the user after the turn; being there, the plan of this reply and narration are none. */
const CONCRETE_ACTS: ReadonlySet<ActKind> = new Set(['email', 'sms', 'call', 'file', 'notify', 'deliver', 'watch', 'recall', 'delegate', 'ask_person']);

/** "we'll do our best to email you the details": the effort names a concrete act after it (LABELING: a generic assurance has none). */
function effortNamesAnAct(text: string): boolean {
  const effort = ASSURANCE.exec(text);
  if (!effort) return false;
  const act = /^\s+to\s+(.+)$/i.exec(text.slice(effort.index + effort[0].length));
  const kind = act ? classifyAct(act[1]!)?.kind : undefined;
  return kind !== undefined && CONCRETE_ACTS.has(kind);
}

/**
 * Effort and goodwill with no concrete later act: "we will do our best to assist you", "our team
 * will work diligently to resolve this", "we'll be happy to help". A fixed time ("we'll do our best
 * to call you back tomorrow") makes it a promise again, and so does an act made sure of ("we'll
 * do our best to ensure the details are sent to you today", "I'll ensure you receive an update") or
 * a concrete act the effort is for ("I'll do my best to email you the details").
 */
export const genericAssuranceFrame: Frame = {
  code: 'generic_assurance',
  level: 'sentence',
  summary: 'effort and goodwill with no concrete later act',
  mark({ sentences }) {
    return sentences.filter((s) => hasAnyCue(s.cues, FUTURE_CUE) && FUTURE.test(s.folded) && ASSURANCE.test(s.folded) && !hasFixedTime(s.folded, s.cues) && !firstMatch(SESSION_CUES, s.folded, s.cues) && !assuresAnAct(s.folded) && !effortNamesAnAct(s.folded)).map((s) => sentenceRegion(s, 'generic_assurance'));
  },
  marks: [
    { reply: 'We will do our best to assist you with this matter.', marked: 'do our best' },
    { reply: "Our dedicated team will work diligently to identify the root cause.", marked: 'work diligently' },
    { reply: "If you reach us by phone, we'll be happy to help.", marked: 'happy to help' },
  ],
  ignores: [{ reply: "We'll do our best to call you back tomorrow at 10." }, { reply: "Next time we chat about it, I'll work within your budget." }, { reply: 'Someone from billing will call you tomorrow.' }, { reply: 'I will ensure that you receive the refund details promptly.' }, { reply: 'We will work hard to make sure the documents are forwarded to you.' }, { reply: "I'll do my best to email you the details." }],
};
