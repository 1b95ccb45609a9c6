/**
 * Where the work the user asked for (a story, a chapter, an e-mail) runs in the reply, and where the
 * assistant speaks around it: a short intro ending in ":" or "!", a short closing paragraph, and an
 * opening or closing paragraph that speaks to the user about the work in the future ("I'll send you
 * chapter 2 next week", "I'll email you the final article tonight"). Those stay the assistant's own.
 */
import { phrasesByFirstWord } from '../lexicon.ts';
import { firstMatch, SESSION_CUES } from '../triggers.ts';
import { hasFixedTime } from './sentence-frames.ts';
import * as L from './frame-lexicon.ts';
import type { Line } from './frame.ts';

/** The assistant's future ("I'll", "let me") and the rest of its sentence (on one line). */
const OWN_FUTURE_SENTENCE = /\b(?:i(?:'ll|\s+will|\s+shall|'m\s+going\s+to|\s+am\s+going\s+to)|let\s+me)\b[^.!?\n]{0,120}/gi;
/** The work named as a thing ("the final article", "chapter 3", "part two"), not a verb ("I'll post a lesson"). */
const THE_WORK = new RegExp(
  `\\b(?:${phrasesByFirstWord(L.WORK_DETERMINERS)})\\s+(?:[\\w-]+\\s+)?${phrasesByFirstWord(L.WORK_NOUNS)}\\b|\\b(?:chapter|part|section|episode)\\s+(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten)\\b`,
  'i',
);
const TO_THE_USER = /\byour?\b/i;
/** Dialogue: a quotation mark or a speech verb makes the paragraph a character's, not the assistant's. */
const SPOKEN = /["\u201C\u201D]|\b(?:said|says|asked|whispered|replied|shouted|murmured|told (?:him|her|them|myself))\b/i;

/**
 * Whether a paragraph at the edge of the work speaks to the user in the future, in one sentence,
 * about the work, a later conversation or at a fixed time: "I'll send you chapter 2 next week",
 * "I'll remember you like nature poems for our next conversation", "I'll check back with you
 * tomorrow". Not a character's words ("'I'll tell you the story tomorrow,' she said").
 */
export function speaksAboutTheWork(paragraph: string, timeCounts = true): boolean {
  if (!TO_THE_USER.test(paragraph) || SPOKEN.test(paragraph)) return false;
  for (const m of paragraph.matchAll(OWN_FUTURE_SENTENCE)) {
    const sentence = m[0];
    if (TO_THE_USER.test(sentence) && (THE_WORK.test(sentence) || firstMatch(SESSION_CUES, sentence) !== null || (timeCounts && hasFixedTime(sentence)))) return true;
  }
  return false;
}

/** Where the asked-for text runs: all but the framing paragraphs around it. */
export function framingBounds(text: string, lines: readonly Line[]): { start: number; end: number } | null {
  const paragraphs = paragraphsOf(lines);
  if (paragraphs.length === 0) return null;
  // A reply of one paragraph that speaks to the user about the work or a later conversation is the
  // assistant's, not the work ("I'll send you the translation tomorrow"); a time alone is the work's
  // own ("I'll post a new lesson every Friday" in a welcome message).
  if (paragraphs.length === 1 && speaksAboutTheWork(text.slice(paragraphs[0]!.start, paragraphs[0]!.end), false)) return null;
  const first = paragraphs[0]!;
  const last = paragraphs.at(-1)!;
  const firstText = text.slice(first.start, first.end);
  const lastText = text.slice(last.start, last.end);
  const introIsFraming = paragraphs.length > 1 && ((/[:!]\s*$/.test(firstText) && first.end - first.start < 160) || speaksAboutTheWork(firstText));
  const closingIsFraming = (paragraphs.length > 2 && last.end - last.start < 240) || (paragraphs.length > 1 && speaksAboutTheWork(lastText));
  const start = introIsFraming ? paragraphs[1]!.start : first.start;
  const end = closingIsFraming ? paragraphs.at(-2)!.end : last.end;
  return end > start ? { start, end } : null;
}

function paragraphsOf(lines: readonly Line[]): Line[] {
  const paragraphs: Line[] = [];
  let current: Line | null = null;
  for (const line of lines) {
    if (line.text.trim() === '') {
      current = null;
      continue;
    }
    if (current) current.end = line.end;
    else paragraphs.push((current = { text: line.text, start: line.start, end: line.end }));
  }
  return paragraphs;
}
