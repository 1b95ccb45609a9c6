import { cueMask, hasAnyCue } from '../cues.ts';
import type { Frame } from './frame.ts';
import { firstMatch, SESSION_CUES } from '../triggers.ts';
import { FUTURE, hasFixedTime, sentenceRegion } from './sentence-frames.ts';

const FUTURE_CUE = cueMask('future');

const ASSURANCE = new RegExp(
  [
    "(?:\\b(?:will|shall)|'ll)\\s+(?:(?:always|also|certainly|definitely|continue to|promptly|gladly|truly|sincerely)\\s+)*",
    '(?:do (?:our|my) (?:very |absolute |utmost )?best|do (?:everything|all|whatever) (?:we|i) can|do everything (?:possible|in (?:our|my) power)',
    '|do (?:our|my) utmost|make every (?:effort|attempt)|(?:work|strive|endeavou?r) (?:diligently|hard|tirelessly|closely|towards|to (?:resolve|address|ensure|find|identify|fix|get|make|provide|improve|understand))|strive|endeavou?r|be (?:more than |very |truly |always |so )?(?:happy|glad|delighted|pleased|thrilled|willing|eager) to (?:help|assist|support|answer|guide|address|be of)',
    '|be (?:here|there|available) (?:to|for)\\b|be with you every step|ensure (?:your|that you|a|the best|utmost|you (?:receive|get|have) the best) ?(?:satisfaction|smooth|seamless|positive|pleasant|best|excellent)?|prioriti[sz]e (?:your|this)|take (?:good |great )?care of (?:you|your (?:concerns?|needs))|treat (?:this|your \\w+) (?:with|as)|appreciate)',
  ].join(''),
  'i',
);

/**
 * Effort and goodwill with no concrete later act: "we will do our best to assist you", "our team
 * will work diligently to resolve this", "we'll be happy to help". A fixed time ("we'll do our best
 * to call you back tomorrow") makes it a promise again.
 */
export const genericAssuranceFrame: Frame = {
  code: 'generic_assurance',
  level: 'sentence',
  summary: 'effort and goodwill with no concrete later act',
  mark({ sentences }) {
    return sentences.filter((s) => hasAnyCue(s.cues, FUTURE_CUE) && FUTURE.test(s.folded) && ASSURANCE.test(s.folded) && !hasFixedTime(s.folded) && !firstMatch(SESSION_CUES, s.folded)).map((s) => sentenceRegion(s, 'generic_assurance'));
  },
  marks: [
    { reply: 'We will do our best to assist you with this matter.', marked: 'do our best' },
    { reply: "Our dedicated team will work diligently to identify the root cause.", marked: 'work diligently' },
    { reply: "If you reach us by phone, we'll be happy to help.", marked: 'happy to help' },
  ],
  ignores: [{ reply: "We'll do our best to call you back tomorrow at 10." }, { reply: "Next time we chat about it, I'll work within your budget." }, { reply: 'Someone from billing will call you tomorrow.' }],
};
