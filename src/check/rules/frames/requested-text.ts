import { rememberedTest } from '../remembered-test.ts';
import type { Frame, Region } from './frame.ts';
import { framingBounds } from './framing.ts';

/** The user asks for text to send or publish: "write a cover letter", "draft an ad for my shop". */
const TEXT_NOUN =
  '(?:e-?mails?|letters?|cover letter|messages?|posts?|blog(?: post)?|articles?|essays?|speech|toast|announcement|advert(?:isement)?|ad copy|ads?|product description|bio|press release|statement|newsletter|caption|tweet|review|proposal|pitch|slogan|tagline|notice|invitation|memo)';
const WRITING_REQUEST = rememberedTest(
  new RegExp(
  `\\b(?:write|draft|compose|help me (?:write|draft|compose))\\b[^.?!]{0,50}\\b${TEXT_NOUN}\\b|\\b(?:give me|create|generate|come up with|make|prepare)\\s+(?:me\\s+)?(?:a|an|the|some|my|our)?\\s*(?:[\\w-]+\\s+){0,2}?${TEXT_NOUN}\\b`,
    'i',
  ),
);
/** The user also asks for something later: the reply's own words may promise it, so read them all. */
export const ALSO_LATER = rememberedTest(/\b(?:remind|reminder|later|tomorrow|tonight|next (?:week|time|month)|follow up|check back|keep an eye|let me know when|schedule)\b/i);
/** A speech written out: it opens by addressing the audience. */
const SPEECH_OPENING = /^\s*(?:\*\*)?(?:ladies and gentlemen|good (?:morning|afternoon|evening),? (?:everyone|all|ladies)|dear (?:friends|colleagues|guests|all|members)|distinguished guests|respected)\b/i;

/**
 * Text the user asked for, to send or publish in their own voice or their company's: a cover
 * letter's "I will bring…", an ad's "our team will help you choose", a post's "Stay tuned". Only
 * the framing paragraphs around it are the assistant's own.
 */
export const requestedTextFrame: Frame = {
  code: 'requested_text',
  level: 'text',
  summary: 'an e-mail, post, ad, speech or other text the user asked for',
  mark({ text, lines, conversation }) {
    const asked = WRITING_REQUEST(conversation.userText) && !ALSO_LATER(conversation.userText);
    if (!asked && !SPEECH_OPENING.test(text)) return [];
    const bounds = framingBounds(text, lines);
    return bounds ? [{ start: bounds.start, end: bounds.end, frame: 'requested_text' } satisfies Region] : [];
  },
  marks: [
    { user: 'Write an ad for QC Handyman flooring.', reply: "Transform your home! QC Handyman's team will assist you in choosing the perfect floor.", marked: 'will assist you' },
    { user: 'Give me a speech on health and wealth.', reply: 'Ladies and gentlemen,\n\nIn the next three minutes, I will offer you my opinions.', marked: 'I will offer you' },
  ],
  ignores: [
    { user: 'Draft a text to my landlord and remind me tomorrow to send it.', reply: "Here's a draft. I'll remind you tomorrow at 9." },
    { user: 'Please remember to give me large-print bills and keep your messages short.', reply: "I'll remember that next time you contact us." },
  ],
};
