import { phrasesByFirstWord } from '../lexicon.ts';
import { rememberedTest } from '../remembered-test.ts';
import * as L from './frame-lexicon.ts';
import type { Frame, Region } from './frame.ts';
import { framingBounds } from './framing.ts';
import { ALSO_LATER } from './requested-text.ts';

/** "Translate this to English: …", "rewrite the following", "proofread my essay". */
const REWORK_REQUEST = rememberedTest(new RegExp(`\\b${phrasesByFirstWord(L.REWORK_VERBS)}\\b[^.?!\\n]{0,40}?\\b${phrasesByFirstWord(L.REWORK_OBJECTS)}\\b`, 'i'));
/** A message long enough to be the text itself, not a question about it. */
const MATERIAL_CHARS = 300;

/**
 * The user's own text given back reworked: a translation, a rewrite, a corrected or shortened
 * version. Its "I'll use that monster, for my sake" (a translated novel) or "we will deliver on
 * time" (a polished ad) is the user's text, not the assistant's promise. The request and the text
 * come in one message ("Rewrite this: …") or the text follows a request made just before
 * ("translate to English" and then the passage). Only the framing paragraphs are the assistant's own.
 */
export const reworkFrame: Frame = {
  code: 'rework',
  level: 'text',
  summary: "the user's own text given back translated, rewritten or corrected",
  mark({ text, lines, conversation }) {
    const { userText, earlierUser } = conversation;
    if (userText.length < MATERIAL_CHARS || ALSO_LATER(userText.slice(0, 200))) return [];
    const asked = REWORK_REQUEST(userText) || earlierUser.slice(-2).some(REWORK_REQUEST);
    if (!asked) return [];
    const bounds = framingBounds(text, lines);
    return bounds ? [{ start: bounds.start, end: bounds.end, frame: 'rework' } satisfies Region] : [];
  },
  marks: [
    {
      user: `Rewrite this to sound professional: ${'Our crew is here for property managers and we handle repairs of every kind. '.repeat(4)}`,
      reply: 'Our team will respond promptly and keep your properties running smoothly.',
      marked: 'will respond promptly',
    },
    {
      earlier: ["Translate to English and don't change the line breaks."],
      user: 'Il pleuvait depuis trois jours. '.repeat(12),
      reply: 'It had been raining for three days.\n\n"I will find him," he swore.',
      marked: 'I will find him',
    },
  ],
  ignores: [
    { user: 'Translate this to Spanish please.', reply: "I'll translate it as soon as you send it." },
    { earlier: ['Rewrite my essay.'], user: `Also remind me tomorrow to submit it. ${'It is long. '.repeat(30)}`, reply: "I'll remind you tomorrow." },
  ],
};
