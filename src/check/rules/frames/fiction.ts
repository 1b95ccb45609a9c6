import { phrasesByFirstWord } from '../lexicon.ts';
import { rememberedTest } from '../remembered-test.ts';
import * as L from './frame-lexicon.ts';
import type { Frame } from './frame.ts';
import { asksForLaterAct, followsUp } from './follow-up.ts';
import { framingBounds } from './framing.ts';

/** A request to write fiction or a scene: "write me a poem", "write a forum conversation where…". */
const CREATIVE_REQUEST = rememberedTest(new RegExp(`\\b${phrasesByFirstWord(L.CREATIVE_VERBS)}\\b[^.?!]{0,60}\\b${phrasesByFirstWord(L.CREATIVE_FORMS)}\\b`, 'i'));

/** A story's marks: a fairy-tale opening or ending, or a line of dialogue with its speech verb ("…," she whispered). */
const STORY_MARKS = /\b(?:once upon a time|the end\.|happily ever after)|["\u201C][^"\u201D\n]{2,200}[,.!?]["\u201D]\s*(?:he|she|they|i|[A-Z][a-z]+)\s+(?:said|asked|whispered|replied|shouted|murmured|cried|muttered)\b/i;

/** The reply before told a story (the request for it may lie beyond the context a log keeps). */
function toldAStory(previous: string | undefined): boolean {
  return previous !== undefined && STORY_MARKS.test(previous.slice(0, 20_000));
}

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
    const { userText, earlierUser, earlierAssistant } = conversation;
    const asked =
      (CREATIVE_REQUEST(userText) && !asksForLaterAct(userText)) ||
      (followsUp(userText) && (earlierUser.some(CREATIVE_REQUEST) || toldAStory(earlierAssistant.at(-1))));
    if (!asked) return [];
    const bounds = framingBounds(text, lines);
    return bounds ? [{ start: bounds.start, end: bounds.end, frame: 'fiction' }] : [];
  },
  marks: [
    { user: 'Write me a short story about a lighthouse keeper.', reply: 'The keeper said, "I will light the lamp at dusk tomorrow."\n\nAnd he did.', marked: 'light the lamp' },
    { user: 'Write a forum conversation where fans react to the news.', reply: "User1: Big news!\n\nUser2: I'll reach out to my local representative.", marked: 'reach out' },
    { earlier: ['Write a story about a girl looking for her brother.'], user: 'Can you add a twist at the end?', reply: "I'll leave the village tomorrow, she decided.", marked: 'leave the village' },
    { earlierAssistant: ['"We ride at dawn," she said, and the fire went out.'], user: 'Continue.', reply: "The next morning I packed my bag. I'll find work in the city by the end of the month.", marked: 'find work' },
  ],
  ignores: [
    { user: 'Remind me about the song contest tomorrow.', reply: "I'll remind you tomorrow." },
    { earlier: ['Write a story about a lost dog.'], user: 'Lovely. Remind me next week to write chapter 2.', reply: "Sure, I'll remind you next week." },
    { earlier: ['Write a story about a lost dog.'], user: 'Is it true that dogs can smell fear?', reply: 'Partly. They will notice stress hormones.' },
    { earlierAssistant: ['Here are three tips for saving money: cook at home.'], user: 'continue', reply: "I'll remind you tomorrow to check your budget." },
  ],
};
