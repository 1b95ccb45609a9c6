/** Helpers the sentence frames share. */
import type { Sentence } from '../text-regions.ts';
import { firstMatch, SESSION_CUES, STRONG_TIME_CUES, TIME_CUES, UNSPECIFIED_CUES } from '../triggers.ts';
import type { FrameCode, Region } from './frame.ts';
import { ALL_CUES, type CueMask } from '../literal-scanner.ts';

export const FUTURE = /(?:\b(?:will|shall|won't)\b|'ll\b|\bgoing to\b)/i;

export function sentenceRegion(sentence: Sentence, frame: FrameCode): Region {
  return { start: sentence.start, end: sentence.end, frame };
}

/** A date, clock time or weekday ("tomorrow at 9"): a concrete later act, never generic. */
export function hasFixedTime(text: string, cues: CueMask = ALL_CUES): boolean {
  const time = firstMatch(STRONG_TIME_CUES, text, cues);
  return time !== null && time.id !== 'relative span' && time.id !== 'deadline';
}

/** Any time, later session or "later"/"soon". */
export function hasAnyLater(text: string, cues: CueMask = ALL_CUES): boolean {
  return firstMatch(TIME_CUES, text, cues) !== null || firstMatch(SESSION_CUES, text, cues) !== null || firstMatch(UNSPECIFIED_CUES, text, cues) !== null;
}
