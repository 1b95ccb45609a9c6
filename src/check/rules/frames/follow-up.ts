/**
 * What the user's message says about the piece written just before: more of it or a change to it
 * ("make it longer", "add more dialogue", "what happens after she leaves?"), or a request for
 * something after the chat ("remind me tonight to read it"), which the assistant answers in its
 * own voice.
 */
import { phrasesByFirstWord } from '../lexicon.ts';
import { rememberedTest } from '../remembered-test.ts';
import * as L from './frame-lexicon.ts';

/** A follow-up is a short message: a long one brings a new request or the user's own text. */
const MAX_FOLLOW_UP_CHARS = 300;

const FOLLOW_UP = rememberedTest(
  new RegExp(`^\\W*(?:${phrasesByFirstWord(L.FOLLOW_UP_LEADS)}\\b[\\s,.!]*)*${phrasesByFirstWord(L.FOLLOW_UP_ASKS)}\\b`, 'i'),
);
const ASKS_FOR_LATER_ACT = rememberedTest(new RegExp(`\\b${phrasesByFirstWord(L.LATER_ASKS)}\\b`, 'i'));
/** A long message is a prompt or a setting ("…the villain keeps an eye on them…"), not an aside to the assistant. */
const MAX_ASIDE_CHARS = 300;

/** "remind me", "email me", "will you remember…": the user asks the assistant for an act after the chat. */
export function asksForLaterAct(userText: string): boolean {
  return userText.length <= MAX_ASIDE_CHARS && ASKS_FOR_LATER_ACT(userText);
}

/** The same words anywhere in a message of any length ("Rewrite this: … and remind me at 5 to post it"). */
export function mentionsLaterAct(userText: string): boolean {
  return ASKS_FOR_LATER_ACT(userText);
}

/** The message asks for more of the piece before, or a change to it, and for nothing after the chat. */
export function followsUp(userText: string): boolean {
  return userText.length <= MAX_FOLLOW_UP_CHARS && FOLLOW_UP(userText) && !ASKS_FOR_LATER_ACT(userText);
}
