/**
 * Splits a reply into the sentences the assistant says in its own voice. Text it writes for the
 * user (a drafted email, a quoted line, a code block, a story) carries no commitment of its own,
 * so those regions are set aside before any rule runs. Offsets always point into the original
 * text, so spans are copied exactly as written.
 */

import { EMPTY_CONVERSATION, SENTENCE_FRAMES, TEXT_FRAMES, type Conversation, type FrameCode, type Region } from './frames/index.ts';
import { lineSpans, type FrameInput } from './frames/frame.ts';
import { cuesIn, scanCues } from './cues.ts';
import { Hits, type CueMask } from './literal-scanner.ts';
import { isAsciiDigit, isAsciiLetter, isSpaceCode } from './char-codes.ts';

export interface Sentence {
  /** Exact text, as written, without leading or trailing white space (so a question ends in "?"). */
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
  /** The reply as read (the first MAX_REPLY_CHARS), folded. */
  folded: string;
  sentences: Sentence[];
  /** Text set aside by the text frames (drafts, quotations, code, stories, role-play). */
  setAside: SetAside[];
  /** Sentences of the assistant's own text that a sentence frame marks (code explanation, process, plan, assurance). */
  framed: ReadonlyMap<Sentence, FrameCode>;
}

/** The cue literals of `folded` (a reply, folded), as frames read them: `FrameInput.cues` and `.hits`. */
export function replyCues(folded: string): { cues: CueMask; hits: Hits } {
  const hits = scanCues(folded);
  return { cues: cuesIn(hits, 0, folded.length), hits };
}

/** Same-length folding: typographic apostrophes and quotes become ASCII, so offsets stay valid. */
export function fold(text: string): string {
  // Most replies hold none of these (emoji and accents are not folded): one test, no copies.
  if (!TYPOGRAPHIC.test(text)) return text;
  return text.replace(/[\u2018\u2019\u02BC\u00B4\u2032]/g, "'").replace(/[\u201C\u201D\u201E]/g, '"');
}

const TYPOGRAPHIC = /[\u2018\u2019\u02BC\u00B4\u2032\u201C\u201D\u201E]/;

/**
 * Replies are untrusted and may be huge: only the first MAX_REPLY_CHARS are read, and a "sentence"
 * without punctuation is cut every MAX_SENTENCE_CHARS, so every rule runs on bounded text.
 */
export const MAX_REPLY_CHARS = 50_000;
const NO_SENTENCES: readonly Sentence[] = [];
/** Refilled for each reply and read only while it is split (ownVoice is synchronous). */
const HITS = new Hits();
export const MAX_SENTENCE_CHARS = 1_000;

export function ownVoice(fullText: string, conversation: Conversation = EMPTY_CONVERSATION): Regions {
  const text = fullText.length > MAX_REPLY_CHARS ? fullText.slice(0, MAX_REPLY_CHARS) : fullText;
  const folded = fold(text);
  const lines = lineSpans(folded);
  const marked: Region[] = [];
  const hits = scanCues(folded, HITS);
  const cues = cuesIn(hits, 0, folded.length);
  // One input for every text frame: each sees the regions of the frames before it as they grow.
  const textInput: FrameInput = { text: folded, lines, conversation, setAside: marked, sentences: NO_SENTENCES, cues, hits };
  for (const frame of TEXT_FRAMES) {
    const regions = frame.mark(textInput);
    for (let i = 0; i < regions.length; i++) marked.push(regions[i]!);
  }
  // Most replies have nothing set aside: then there is nothing to mask, cut or merge.
  if (marked.length === 0) {
    const sentences = splitSentences(text, folded, NOTHING_SET_ASIDE, hits);
    return { folded, sentences, setAside: [], framed: framedSentences(textInput, sentences) };
  }
  const setAside: SetAside[] = marked.map((r) => ({ start: r.start, end: r.end, frame: r.frame, reason: r.frame }));

  // Quotations and inline code sit inside a sentence: mask them there; blocks cut sentences apart.
  const inline = setAside.filter((r) => r.reason === 'quotation' || r.reason === 'reported_speech' || (r.reason === 'code' && !folded.startsWith('```', r.start)));
  const masked = inline.reduce((t, r) => t.slice(0, r.start) + '\u00B7'.repeat(r.end - r.start) + t.slice(r.end), folded);
  const blocks = setAside.filter((r) => !inline.includes(r));
  const sentences = splitSentences(text, masked, mergeRanges(blocks), hits);
  return { folded, sentences, setAside: mergeRanges(setAside), framed: framedSentences(textInput, sentences) };
}

const NOTHING_SET_ASIDE: SetAside[] = [];
const NOTHING_FRAMED: ReadonlyMap<Sentence, FrameCode> = new Map();

/** The sentences each sentence frame marks (the first frame to mark one names it). */
function framedSentences(textInput: FrameInput, sentences: Sentence[]): ReadonlyMap<Sentence, FrameCode> {
  let framed: Map<Sentence, FrameCode> | undefined;
  const { text, lines, conversation, setAside, cues, hits } = textInput;
  const sentenceInput: FrameInput = { text, lines, conversation, setAside, sentences, cues, hits };
  for (const frame of SENTENCE_FRAMES) {
    for (const region of frame.mark(sentenceInput)) {
      for (const sentence of sentences) {
        if (sentence.start < region.start || sentence.end > region.end) continue;
        framed ??= new Map();
        if (!framed.has(sentence)) framed.set(sentence, frame.code);
      }
    }
  }
  return framed ?? NOTHING_FRAMED;
}

function mergeRanges(ranges: SetAside[]): SetAside[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const merged: SetAside[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ start: range.start, end: range.end, frame: range.frame, reason: range.reason });
  }
  return merged;
}

/**
 * Sentences end at a run of . ! ? followed by space, a closing bracket, emphasis or a quote
 * (`) ] * _ " '`) or by the end, at line breaks (list items, paragraphs) and at the edges of
 * set-aside regions. Abbreviations common in replies ("e.g.", "a.m.") are kept whole. The pattern
 * finds the next candidate: irregexp skips through a reply about twice as fast as a loop over its
 * characters here.
 */
const BOUNDARY = /\n|[.!?]+(?=[\s)\]*_"']|$)/g;

function isStopMark(code: number): boolean {
  return code === 46 || code === 33 || code === 63; // . ! ?
}

/** Where the next boundary starts at or after `from`: a line break, or a run of stop marks that ends a sentence; -1 when none. */
function nextBoundary(piece: string, from: number): number {
  BOUNDARY.lastIndex = from;
  if (!BOUNDARY.test(piece)) return -1;
  // `test` gives where the match ends; a run of stop marks starts at the first of them (the match is leftmost).
  let start = BOUNDARY.lastIndex - 1;
  if (piece.charCodeAt(start) !== 10) while (start > from && isStopMark(piece.charCodeAt(start - 1))) start--;
  return start;
}

/** The end of the boundary starting at `index`: the whole run of line breaks or of stop marks. */
function boundaryEnd(piece: string, index: number): number {
  const newline = piece.charCodeAt(index) === 10;
  let j = index + 1;
  while (j < piece.length && (newline ? piece.charCodeAt(j) === 10 : isStopMark(piece.charCodeAt(j)))) j++;
  return j;
}

const ABBREVIATIONS = ['e.g', 'i.e', 'etc', 'vs', 'mr', 'mrs', 'ms', 'dr', 'st', 'no', 'approx', 'a.m', 'p.m', 'u.k', 'u.s'];

/** ABBREVIATIONS by their last letter: most stops follow a letter that ends none of them. */
const ABBREVIATIONS_BY_LAST: (string[] | undefined)[] = Array.from({ length: 128 }, () => undefined);
for (const word of ABBREVIATIONS) (ABBREVIATIONS_BY_LAST[word.charCodeAt(word.length - 1)] ??= []).push(word);

/** How far back from a full stop the abbreviation and list-number checks look. */
const LOOK_BACK = 6;

/** `\w`. */
const isWordChar = (code: number) => isAsciiLetter(code) || isAsciiDigit(code) || code === 95;

/**
 * The full stop at `stop` ends one of ABBREVIATIONS ("e.g.", "Dr."), read within the LOOK_BACK
 * characters before it: the word starts there or after a character that is not a word character.
 */
export function endsInAbbreviation(piece: string, stop: number): boolean {
  const last = piece.charCodeAt(stop - 1) | 32; // lower case, for a letter
  const candidates = last < 128 ? ABBREVIATIONS_BY_LAST[last] : undefined;
  if (!candidates) return false;
  const from = Math.max(0, stop - LOOK_BACK);
  for (const word of candidates) {
    const start = stop - word.length;
    if (start < from) continue;
    if (start > from && isWordChar(piece.charCodeAt(start - 1))) continue;
    let same = true;
    for (let k = 0; k < word.length && same; k++) same = (piece.charCodeAt(start + k) | (word.charCodeAt(k) === 46 ? 0 : 32)) === word.charCodeAt(k);
    if (same) return true;
  }
  return false;
}

/** The full stop at `stop` follows a list number ("1. Passport"): one to three digits alone at the start of a line, within LOOK_BACK characters. */
export function endsInListNumber(piece: string, stop: number): boolean {
  const from = Math.max(0, stop - LOOK_BACK);
  let i = stop;
  while (i > from && isAsciiDigit(piece.charCodeAt(i - 1))) i--;
  const digits = stop - i;
  if (digits < 1 || digits > 3) return false;
  while (i > from && (piece.charCodeAt(i - 1) === 32 || piece.charCodeAt(i - 1) === 9)) i--;
  return i === from || piece.charCodeAt(i - 1) === 10;
}


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
    for (let index = nextBoundary(piece, 0); index !== -1; index = nextBoundary(piece, index)) {
      const mark = piece.charCodeAt(index);
      const end = boundaryEnd(piece, index);
      const isStop = mark === 46; // "."
      if (isStop && endsInAbbreviation(piece, index)) {
        index = end;
        continue;
      }
      // "1. Passport": a list number, not the end of a sentence.
      if (isStop && endsInListNumber(piece, index)) {
        index = end;
        continue;
      }
      pushSentence(split, start, end);
      start = index = end;
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

function pushBounded(split: Split, from: number, to: number): void {
  const { text } = split;
  let a = split.pieceStart + from;
  let b = split.pieceStart + to;
  while (a < b && isSpaceCode(text.charCodeAt(a))) a++;
  while (b > a && isSpaceCode(text.charCodeAt(b - 1))) b--;
  if (b - a < 2) return;
  const exact = text.slice(a, b);
  // Most replies hold nothing to fold or mask: then the folded text is the text itself.
  const folded = split.folded === text ? exact : split.folded.slice(a, b);
  split.sentences.push({ text: exact, start: a, end: b, folded, cues: cuesIn(split.hits, a, b) });
}
