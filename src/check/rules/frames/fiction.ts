import { phrasesByFirstWord } from '../lexicon.ts';
import { rememberedTest } from '../remembered-test.ts';
import * as L from './frame-lexicon.ts';
import type { Frame } from './frame.ts';
import { ASKS_FOR_LATER_ACT, followsUp } from './follow-up.ts';
import { framingBounds } from './framing.ts';

/** A request to write fiction or a scene: "write me a poem", "write a forum conversation where…". */
const CREATIVE_REQUEST = rememberedTest(new RegExp(`\\b${phrasesByFirstWord(L.CREATIVE_VERBS)}\\b[^.?!]{0,60}\\b${phrasesByFirstWord(L.CREATIVE_FORMS)}\\b`, 'i'));

/**
 * The story, poem or scene the user asked for: only its framing paragraphs (a short intro ending in
 * ":" or "!", a short closing, one that speaks to the user about the work) are the assistant's own.
 * A follow-up after such a request ("continue", "make it longer", "add a twist") asks for more of
 * the same; a request that also asks for something after the chat ("…and remind me tonight to read
 * it") is answered in the assistant's own voice.
 */
export const fictionFrame: Frame = {
  code: 'fiction',
  level: 'text',
  summary: 'the story, poem or scene the user asked for',
  mark({ text, lines, conversation }) {
    const { userText, earlierUser } = conversation;
    const asked = (CREATIVE_REQUEST(userText) && !ASKS_FOR_LATER_ACT(userText)) || (followsUp(userText) && earlierUser.some(CREATIVE_REQUEST));
    if (!asked) return [];
    const bounds = framingBounds(text, lines);
    return bounds ? [{ start: bounds.start, end: bounds.end, frame: 'fiction' }] : [];
  },
  marks: [
    { user: 'Write me a short story about a lighthouse keeper.', reply: 'The keeper said, "I will light the lamp at dusk tomorrow."\n\nAnd he did.', marked: 'light the lamp' },
    { user: 'Write a forum conversation where fans react to the news.', reply: "User1: Big news!\n\nUser2: I'll reach out to my local representative.", marked: 'reach out' },
    { earlier: ['Write a story about a girl looking for her brother.'], user: 'Can you add a twist at the end?', reply: "I'll leave the village tomorrow, she decided.", marked: 'leave the village' },
  ],
  ignores: [
    { user: 'Remind me about the song contest tomorrow.', reply: "I'll remind you tomorrow." },
    { earlier: ['Write a story about a lost dog.'], user: 'Lovely. Remind me next week to write chapter 2.', reply: "Sure, I'll remind you next week." },
    { earlier: ['Write a story about a lost dog.'], user: 'Is it true that dogs can smell fear?', reply: 'Partly. They will notice stress hormones.' },
  ],
};
