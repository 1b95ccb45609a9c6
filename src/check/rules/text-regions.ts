/**
 * Splits a reply into the sentences the assistant says in its own voice. Text it writes for the
 * user (a drafted email, a quoted line, a code block, a story) carries no commitment of its own,
 * so those regions are set aside before any rule runs. Offsets always point into the original
 * text, so spans are copied exactly as written.
 */

import { EMPTY_CONVERSATION, SENTENCE_FRAMES, TEXT_FRAMES, type Conversation, type FrameCode, type Region } from './frames/index.ts';
import { lineSpans } from './frames/frame.ts';
import { cuesIn, scanCues } from './cues.ts';
import type { CueMask, Hits } from './literal-scanner.ts';

export interface Sentence {
  /** Exact text, as written. */
  text: string;
  start: number;
  end: number;
  /** The same text with typographic quotes and apostrophes folded to ASCII (same length). */
  folded: string;
  /** The cue literals it holds (`cues.ts`): a rule whose cues are absent skips the sentence. */
  cues: CueMask;
}

export type SetAside = Region & { reason: FrameCode };

export interface Regions {
  sentences: Sentence[];
  /** Text set aside by the text frames (drafts, quotations, code, stories, role-play). */
  setAside: SetAside[];
  /** Sentences of the assistant's own text that a sentence frame marks (code explanation, process, plan, assurance). */
  framed: ReadonlyMap<Sentence, FrameCode>;
}

/** Same-length folding: typographic apostrophes and quotes become ASCII, so offsets stay valid. */
export function fold(text: string): string {
  if (!NON_ASCII.test(text)) return text;
  return text.replace(/[\u2018\u2019\u02BC\u00B4\u2032]/g, "'").replace(/[\u201C\u201D\u201E]/g, '"');
}

const NON_ASCII = /[^\x00-\x7f]/;

/**
 * Replies are untrusted and may be huge: only the first MAX_REPLY_CHARS are read, and a "sentence"
 * without punctuation is cut every MAX_SENTENCE_CHARS, so every rule runs on bounded text.
 */
export const MAX_REPLY_CHARS = 50_000;
export const MAX_SENTENCE_CHARS = 1_000;

export function ownVoice(fullText: string, conversation: Conversation = EMPTY_CONVERSATION): Regions {
  const text = fullText.length > MAX_REPLY_CHARS ? fullText.slice(0, MAX_REPLY_CHARS) : fullText;
  const folded = fold(text);
  const lines = lineSpans(folded);
  const marked: Region[] = [];
  for (const frame of TEXT_FRAMES) marked.push(...frame.mark({ text: folded, lines, conversation, setAside: marked, sentences: [] }));
  const setAside = marked.map((r) => ({ ...r, reason: r.frame }));

  // Quotations and inline code sit inside a sentence: mask them there; blocks cut sentences apart.
  const inline = setAside.filter((r) => r.reason === 'quotation' || (r.reason === 'code' && !folded.startsWith('```', r.start)));
  const masked = inline.reduce((t, r) => t.slice(0, r.start) + '\u00B7'.repeat(r.end - r.start) + t.slice(r.end), folded);
  const blocks = setAside.filter((r) => !inline.includes(r));
  const sentences = splitSentences(text, masked, mergeRanges(blocks), scanCues(folded));

  const framed = new Map<Sentence, FrameCode>();
  for (const frame of SENTENCE_FRAMES) {
    for (const region of frame.mark({ text: folded, lines, conversation, setAside: marked, sentences })) {
      for (const sentence of sentences) if (sentence.start >= region.start && sentence.end <= region.end && !framed.has(sentence)) framed.set(sentence, frame.code);
    }
  }
  return { sentences, setAside: mergeRanges(setAside), framed };
}

function mergeRanges(ranges: SetAside[]): SetAside[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const merged: SetAside[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/**
 * Sentences end at . ! ? (followed by space or end), at line breaks (list items, paragraphs) and
 * at the edges of set-aside regions. Abbreviations common in replies ("e.g.", "a.m.") are kept whole.
 */
const BOUNDARY = /[.!?]+(?=[\s)\]*_"']|$)|\n+/g;
const ABBREVIATION = /\b(?:e\.g|i\.e|etc|vs|mr|mrs|ms|dr|st|no|approx|a\.m|p\.m|u\.k|u\.s)\.$/i;

function splitSentences(text: string, folded: string, setAside: SetAside[], hits: Hits): Sentence[] {
  const sentences: Sentence[] = [];
  let cursor = 0;
  const pieces: [number, number][] = [];
  for (const range of setAside) {
    if (range.start > cursor) pieces.push([cursor, range.start]);
    cursor = Math.max(cursor, range.end);
  }
  if (cursor < text.length) pieces.push([cursor, text.length]);

  for (const [pieceStart, pieceEnd] of pieces) {
    const piece = folded.slice(pieceStart, pieceEnd);
    const split: Split = { text, folded, hits, piece, pieceStart, sentences };
    let start = 0;
    BOUNDARY.lastIndex = 0;
    for (let match = BOUNDARY.exec(piece); match; match = BOUNDARY.exec(piece)) {
      const end = match.index + match[0].length;
      if (match[0][0] === '.' && ABBREVIATION.test(piece.slice(Math.max(0, match.index - 6), match.index + 1))) continue;
      // "1. Passport": a list number, not the end of a sentence.
      if (match[0][0] === '.' && /(?:^|\n)[ \t]*\d{1,3}$/.test(piece.slice(Math.max(0, match.index - 6), match.index))) continue;
      pushSentence(split, start, end);
      start = end;
    }
    pushSentence(split, start, piece.length);
  }
  return sentences;
}

interface Split {
  text: string;
  folded: string;
  hits: Hits;
  piece: string;
  pieceStart: number;
  sentences: Sentence[];
}

function pushSentence(split: Split, from: number, to: number): void {
  for (; to - from > MAX_SENTENCE_CHARS; ) {
    const cut = split.piece.lastIndexOf(' ', from + MAX_SENTENCE_CHARS);
    const at = cut > from ? cut : from + MAX_SENTENCE_CHARS;
    pushBounded(split, from, at);
    from = at;
  }
  pushBounded(split, from, to);
}

const SPACE = /\s/;

function pushBounded(split: Split, from: number, to: number): void {
  const { text } = split;
  let a = split.pieceStart + from;
  let b = split.pieceStart + to;
  while (a < b && SPACE.test(text[a]!)) a++;
  while (b > a && SPACE.test(text[b - 1]!)) b--;
  if (b - a < 2) return;
  split.sentences.push({ text: text.slice(a, b), start: a, end: b, folded: split.folded.slice(a, b), cues: cuesIn(split.hits, a, b) });
}
