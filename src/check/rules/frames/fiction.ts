import { phrasesByFirstWord } from '../lexicon.ts';
import { rememberedTest } from '../remembered-test.ts';
import * as L from './frame-lexicon.ts';
import type { Frame } from './frame.ts';
import { framingBounds } from './framing.ts';

/** A request to write fiction or a scene: "write me a poem", "write a forum conversation where…". */
const CREATIVE_REQUEST = rememberedTest(new RegExp(`\\b${phrasesByFirstWord(L.CREATIVE_VERBS)}\\b[^.?!]{0,60}\\b${phrasesByFirstWord(L.CREATIVE_FORMS)}\\b`, 'i'));
const CONTINUE = new RegExp(`^\\W*${phrasesByFirstWord(L.CONTINUE_ASKS)}\\b`, 'i');

/**
 * The story, poem or scene the user asked for: only its framing paragraphs (a short intro ending in
 * ":" or "!", a short closing) are the assistant's own. A "continue" after such a request asks for
 * more of the same.
 */
export const fictionFrame: Frame = {
  code: 'fiction',
  level: 'text',
  summary: 'the story, poem or scene the user asked for',
  mark({ text, lines, conversation }) {
    const asked = CREATIVE_REQUEST(conversation.userText) || (CONTINUE.test(conversation.userText) && conversation.earlierUser.some(CREATIVE_REQUEST));
    if (!asked) return [];
    const bounds = framingBounds(text, lines);
    return bounds ? [{ start: bounds.start, end: bounds.end, frame: 'fiction' }] : [];
  },
  marks: [
    { user: 'Write me a short story about a lighthouse keeper.', reply: 'The keeper said, "I will light the lamp at dusk tomorrow."\n\nAnd he did.', marked: 'light the lamp' },
    { user: 'Write a forum conversation where fans react to the news.', reply: "User1: Big news!\n\nUser2: I'll reach out to my local representative.", marked: 'reach out' },
  ],
  ignores: [{ user: 'Remind me about the song contest tomorrow.', reply: "I'll remind you tomorrow." }],
};
