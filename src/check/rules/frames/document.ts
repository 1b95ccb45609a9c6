import { phrasesByFirstWord } from '../lexicon.ts';
import { rememberedTest } from '../remembered-test.ts';
import * as L from './frame-lexicon.ts';
import type { Frame, Region } from './frame.ts';
import { followsUp } from './follow-up.ts';
import { framingBounds } from './framing.ts';
import { ALSO_LATER } from './requested-text.ts';

/**
 * A request for a document: "write chapter 3 of my book", "provide a short paragraph about…",
 * "create a lesson plan". The document is named as one ("a", "my", "the next"): "make sure I book
 * the vet" asks for no book.
 */
const DOCUMENT_REQUEST = rememberedTest(
  new RegExp(
    `\\b${phrasesByFirstWord(L.DOCUMENT_VERBS)}\\b(?:(?!\\b(?:${phrasesByFirstWord(L.NOT_A_DOCUMENT_OBJECT)})\\b)[^.?!]){0,60}?(?:\\b${phrasesByFirstWord(L.DOCUMENT_DETERMINERS)}\\s+(?:[\\w-]+\\s+){0,3}?${phrasesByFirstWord(L.DOCUMENT_FORMS)}|\\b(?:chapter|section|part)\\s+(?:\\d+|${phrasesByFirstWord(L.DOCUMENT_NUMBERS)}))\\b`,
    'i',
  ),
);

/**
 * A chapter, guide, outline, course description or web page the user asked for: its previews ("In
 * the next chapter, we will explore…", "This guide will show you…") and its promises to readers
 * ("we'll deliver your cake on the day") are the document's voice, not the assistant's. Only the
 * framing paragraphs around it are the assistant's own, and so is a request that also asks for
 * something later ("write the report and remind me on Friday").
 */
export const documentFrame: Frame = {
  code: 'document',
  level: 'text',
  summary: 'a chapter, guide, outline or other document the user asked for',
  mark({ text, lines, conversation }) {
    // A reply with a code block answers about code (a web page to build), not a document to publish.
    if (text.includes('```')) return [];
    const { userText, earlierUser } = conversation;
    const asked = DOCUMENT_REQUEST(userText) || (followsUp(userText) && earlierUser.some(DOCUMENT_REQUEST));
    if (!asked || ALSO_LATER(userText)) return [];
    const bounds = framingBounds(text, lines);
    return bounds ? [{ start: bounds.start, end: bounds.end, frame: 'document' } satisfies Region] : [];
  },
  marks: [
    { user: 'Write chapter 1 of a book about personal finance.', reply: 'Chapter 1: Why Money Matters\n\nMoney touches every part of life. In the next chapter, we will explore budgeting.', marked: 'we will explore' },
    { user: 'Write an introduction for my YouTube video about budgeting.', reply: "Hey everyone! Next week I'll be posting a video on saving, so subscribe.", marked: "I'll be posting" },
    { user: 'Please provide a short paragraph about how our firm helps with flooring.', reply: 'Our team will assist you in choosing the flooring that suits your budget.', marked: 'will assist you' },
    { user: 'continue', earlier: ['Write the first section of a guide to composting.'], reply: 'Next, we will turn the pile every week.', marked: 'turn the pile' },
  ],
  ignores: [
    { user: 'Write an outline for my thesis and remind me tomorrow to start.', reply: "1. Introduction\n2. Method\n\nI'll remind you tomorrow." },
    { user: 'What does chapter 3 of the book say?', reply: 'It says the hero will return.' },
    { user: 'Please make sure I book the vet appointment on Friday.', reply: "I'll remind you on Friday to book it." },
    { user: 'Please make sure I submit the expense report on Monday.', reply: 'Someone from billing will call you back on Monday.' },
    { user: 'Create a landing page for my app with a signup form.', reply: "Here's the page:\n```html\n<form></form>\n```\nI'll add validation next." },
    { user: 'Did the guilds have real power? Write your answer in paragraphs.', reply: 'They did. The king will not act without them.' },
  ],
};
