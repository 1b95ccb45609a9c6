import { phrasesByFirstWord } from '../lexicon.ts';
import { rememberedTest } from '../remembered-test.ts';
import * as L from './frame-lexicon.ts';
import type { Frame, Region } from './frame.ts';
import { framingBounds } from './framing.ts';
import { mentionsLaterAct } from './follow-up.ts';

/** "Translate this to English: …", "rewrite the following", "proofread my essay". */
const REWORK_REQUEST = rememberedTest(new RegExp(`\\b${phrasesByFirstWord(L.REWORK_VERBS)}\\b[^.?!\\n]{0,40}?\\b${phrasesByFirstWord(L.REWORK_OBJECTS)}\\b`, 'i'));
/** A message long enough to be the text itself, not a question about it. */
const MATERIAL_CHARS = 300;
/** Where in the message the request is looked for: its opening, before the text it is about. */
const REQUEST_CHARS = 200;
const TRANSLATE = /\btranslat(?:e|ion)\b/i;
/** How much of each text is read to tell its script. */
const SCRIPT_SAMPLE = 600;

/** The share of a text's letters that are ASCII letters (1 for English, near 0 for Korean or Farsi). */
function asciiLetterShare(text: string): number {
  let ascii = 0;
  let letters = 0;
  for (let i = 0; i < Math.min(text.length, SCRIPT_SAMPLE); i++) {
    const code = text.charCodeAt(i);
    if ((code | 32) >= 97 && (code | 32) <= 122) ascii++, letters++;
    else if (code > 127 && /\p{L}/u.test(text[i]!)) letters++;
  }
  return letters === 0 ? 1 : ascii / letters;
}

/** A translation: the user's text and the reply are written in different scripts. */
function otherScript(userText: string, reply: string): boolean {
  return Math.abs(asciiLetterShare(userText) - asciiLetterShare(reply)) > 0.5;
}

/** A long text in one script given back at least as long in another: a translation, asked for or not (a chapter pasted with no word). */
const UNASKED_MATERIAL_CHARS = 1_000;
function unaskedTranslation(userText: string, reply: string): boolean {
  return userText.length >= UNASKED_MATERIAL_CHARS && reply.length >= userText.length && (mostlyAscii(userText) !== mostlyAscii(reply)) && otherScript(userText, reply);
}

/** A first look at a text's script: most of its first characters below 128. */
function mostlyAscii(text: string): boolean {
  let ascii = 0;
  const n = Math.min(text.length, 200);
  for (let i = 0; i < n; i++) if (text.charCodeAt(i) < 128) ascii++;
  return ascii * 2 > n;
}

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
    if (userText.length < MATERIAL_CHARS) return [];
    // The request opens the message ("Rewrite this: …"), or the message before asked for a
    // translation and this one is the text, in another script than the reply.
    const opening = userText.slice(0, REQUEST_CHARS);
    const previous = earlierUser.at(-1);
    const asked =
      REWORK_REQUEST(opening) || (previous !== undefined && previous.length < MATERIAL_CHARS && TRANSLATE.test(previous) && otherScript(userText, text)) || unaskedTranslation(userText, text);
    // Only an ask for something after the chat turns it off: the text itself may say "next week".
    if (!asked || mentionsLaterAct(userText)) return [];
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
      user: 'Дождь шёл уже три дня. '.repeat(16),
      reply: 'It had been raining for three days.\n\n"I will find him," he swore.',
      marked: 'I will find him',
    },
    {
      user: `${'그는 괴물을 이용하기로 했다. 나를 위해서. '.repeat(45)}`,
      reply: `${'He decided to use the monster, for his own sake. '.repeat(45)}'I'll use that monster, for my sake.'`,
      marked: "I'll use that monster",
    },
  ],
  ignores: [
    { user: `${'밤이 깊었다. '.repeat(150)}\n이 이야기 어때?`, reply: "It's moody and tense. I'll remind you tomorrow to send the next chapter." },
    { user: 'Translate this to Spanish please.', reply: "I'll translate it as soon as you send it." },
    { earlier: ['Rewrite my essay.'], user: `Also remind me tomorrow to submit it. ${'It is long. '.repeat(30)}`, reply: "I'll remind you tomorrow." },
    { earlier: ['Translate this to English.'], user: `Why has this not been done yet? ${'The method is old. '.repeat(20)}`, reply: 'Because nobody will fund it until 2030.' },
  ],
};
