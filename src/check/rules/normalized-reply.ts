/**
 * The reply as the user reads it, for the rules to match: characters that hide a cue without
 * changing what is seen are taken out or mapped before any rule runs. A zero-width space inside
 * "I'll", terminal colour codes around a promise, a Cyrillic "І", a full-width apostrophe or
 * mathematical bold letters would otherwise turn an empty promise into `other`.
 *
 * - removed: C0 and C1 control characters but tab and line breaks, whole terminal escape
 *   sequences (CSI, and the introducer and terminator of OSC and other strings, whose payload is
 *   kept as text: a chat window shows it), zero-width and other invisible format characters
 *   (soft hyphen, bidi controls, tag characters; joiners and variation selectors where they
 *   touch a word, not in emoji);
 * - NFKC, for the blocks whose compatibility forms spell ASCII letters, digits or the apostrophe
 *   (full-width forms, ligatures, mathematical alphanumerics, letterlike and enclosed forms);
 * - Cyrillic, Greek, Armenian, small-capital and IPA letters that look like Latin ones, mapped to
 *   them inside a word that holds Latin letters, or as a word of their own beside a Latin word
 *   ("І will"), never in a run of Cyrillic or Greek text (a Russian reply stays Russian);
 * - HTML character references (`&#39;`, `&#x27;`, `&rsquo;`): a Markdown chat shows the character;
 * - apostrophe-like marks (modifier letters, accents, primes, a backtick between two letters);
 * - ASCII letters standing for others: a capital I or the digit 1 for l after a lower-case letter
 *   or an apostrophe where no camel hump follows ("wiII", "I'II", "wi11"), a small l for the
 *   pronoun I in its contractions ("l'll").
 *
 * Ordinary text is not touched: one pattern test finds no such character in almost every reply,
 * and then the rules read the reply itself (`normalizeReply` returns undefined). Every offset of
 * the normalized text maps back to the original, so spans are still copied exactly as written.
 */

/**
 * Any character the slow path might change, and some it never does (NBSP, combining accents, the
 * euro sign, most of Latin Extended): it decides exactly, and returns undefined when nothing
 * changed. The class is coarse on purpose: each range it holds costs on every character of every
 * reply, and with these few (and the u flag) the test runs about 1.5 ns a character, 5 times
 * faster than the exact class (one range from U+0100 tested 5 times faster than U+0131, U+01C0
 * and U+0250 on their own).
 */
import { asciiSuspicious, mapAsciiConfusables } from './ascii-confusables.ts';

const SUSPICIOUS = /[\x00-\x08\x0E-\x1F\x7F-\xAD\u0100-\u05FF\u1D00-\u1D2B\u1FEF\u1FFD\u200B-\u200F\u202A-\u2035\u2060-\u218F\u2460-\u24FF\u3164\uA730\uA731\uA78C\uFB00-\uFFFF\u{1D400}-\u{1D7FF}\u{E0000}-\u{E01EF}]/u;


/** Invisible format characters, removed wherever they stand. */
const INVISIBLE = /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]/;

/** Blocks whose NFKC form may spell ASCII letters, digits or the apostrophe. */
const COMPATIBILITY = /[\u2100-\u218F\u2460-\u24FF\uFB00-\uFB06\uFF01-\uFF5E]/;
const ASCII_WORD = /^[A-Za-z0-9']+$/;

/** Apostrophe lookalikes that `fold` leaves alone (it folds ’ ʼ ´ ′): modifier letters, accents, Armenian and Hebrew marks, the full-width grave. */
const APOSTROPHES: Record<number, string> = {
  0x02b9: "'", 0x02bb: "'", 0x02bd: "'", 0x02c8: "'", 0x02ca: "'", 0x02cb: "'", 0x055a: "'", 0x05f3: "'", 0x1fef: "'", 0x1ffd: "'", 0x2035: "'", 0xa78c: "'", 0xff40: "'",
};

/** Cyrillic and Greek letters drawn like Latin ones (the letters of the rules' cue words and more). */
const LOOKALIKES: Record<number, string> = {
  // Cyrillic
  0x0430: 'a', 0x0435: 'e', 0x043e: 'o', 0x0440: 'p', 0x0441: 'c', 0x0443: 'y', 0x0445: 'x', 0x0455: 's', 0x0456: 'i', 0x0458: 'j',
  0x04bb: 'h', 0x0501: 'd', 0x051b: 'q', 0x051d: 'w', 0x04cf: 'l', 0x0457: 'i',
  0x0410: 'A', 0x0412: 'B', 0x0415: 'E', 0x041a: 'K', 0x041c: 'M', 0x041d: 'H', 0x041e: 'O', 0x0420: 'P', 0x0421: 'C', 0x0422: 'T',
  0x0425: 'X', 0x0423: 'Y', 0x0405: 'S', 0x0406: 'I', 0x0408: 'J', 0x04ae: 'Y', 0x04c0: 'I', 0x051c: 'W',
  // Greek
  0x03bf: 'o', 0x03b9: 'i', 0x03bd: 'v', 0x03ba: 'k', 0x03c1: 'p', 0x03c5: 'u', 0x03b1: 'a',
  0x0391: 'A', 0x0392: 'B', 0x0395: 'E', 0x0396: 'Z', 0x0397: 'H', 0x0399: 'I', 0x039a: 'K', 0x039c: 'M', 0x039d: 'N', 0x039f: 'O',
  0x03a1: 'P', 0x03a4: 'T', 0x03a5: 'Y', 0x03a7: 'X',
  // Armenian
  0x0585: 'o', 0x057d: 'u', 0x0578: 'n', 0x0570: 'h',
  // Latin: dotless i, the dental click, IPA letters and small capitals
  0x0131: 'i', 0x01c0: 'l', 0x0269: 'i', 0x0251: 'a', 0x0261: 'g',
  0x1d00: 'a', 0x0299: 'b', 0x1d04: 'c', 0x1d05: 'd', 0x1d07: 'e', 0xa730: 'f', 0x0262: 'g', 0x029c: 'h', 0x026a: 'i', 0x1d0a: 'j',
  0x1d0b: 'k', 0x029f: 'l', 0x1d0d: 'm', 0x0274: 'n', 0x1d0f: 'o', 0x1d18: 'p', 0x0280: 'r', 0xa731: 's', 0x1d1b: 't', 0x1d1c: 'u',
  0x1d20: 'v', 0x1d21: 'w', 0x028f: 'y', 0x1d22: 'z',
};

/** Named character references a chat may show decoded; numeric ones are read for any character. */
const NAMED_ENTITIES: Record<string, number> = {
  amp: 0x26, lt: 0x3c, gt: 0x3e, quot: 0x22, apos: 0x27, nbsp: 0xa0, rsquo: 0x2019, lsquo: 0x2018, rdquo: 0x201d, ldquo: 0x201c,
  acute: 0xb4, grave: 0x60, prime: 0x2032, ndash: 0x2013, mdash: 0x2014, hellip: 0x2026,
};
const ENTITY = /&(?:#([0-9]{1,7})|#[xX]([0-9A-Fa-f]{1,6})|([A-Za-z]{2,6}));/y;
const AMPERSAND = 0x26;
const BACKTICK = 0x60;

const ESC = 0x1b;
const CSI_8BIT = 0x9b;
const BEL = 0x07;

export class NormalizedReply {
  readonly #original: string;
  /** The original text behind text[i] is original.slice(starts[i], ends[i]). */
  readonly #starts: Uint32Array;
  readonly #ends: Uint32Array;

  constructor(
    /** What the rules read. */
    readonly text: string,
    original: string,
    starts: Uint32Array,
    ends: Uint32Array,
  ) {
    this.#original = original;
    this.#starts = starts;
    this.#ends = ends;
  }

  /** The original text behind text.slice(start, end), hidden characters within it included. */
  original(start: number, end: number): string {
    if (end <= start) return '';
    return this.#original.slice(this.#starts[start]!, this.#ends[end - 1]!);
  }

  /** The original text behind a piece of `text` (its first occurrence); the piece itself when it is not in `text`. */
  restore(piece: string): string {
    const at = piece === '' ? -1 : this.text.indexOf(piece);
    return at === -1 ? piece : this.original(at, at + piece.length);
  }
}

/** The reply as the rules should read it; undefined when nothing in it needs changing (almost always). */
export function normalizeReply(text: string): NormalizedReply | undefined {
  return SUSPICIOUS.test(text) || asciiSuspicious(text) ? normalizeSuspicious(text) : undefined;
}

function normalizeSuspicious(text: string): NormalizedReply | undefined {
  const out: number[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const lookalikes: number[] = [];
  let changed = false;
  const emit = (code: number, start: number, end: number): void => {
    out.push(code);
    starts.push(start);
    ends.push(end);
  };
  /** Inside an OSC (or other string) sequence: its terminator becomes a space, ending the payload's last word. */
  let inString = false;
  /** A character a reference decodes to, standing for the reference's text [start, end). */
  const emitDecoded = (point: number, start: number, end: number): void => {
    if (point < 0x20 ? point !== 0x09 && point !== 0x0a && point !== 0x0d : point >= 0x7f && point <= 0x9f) return;
    const apostrophe = APOSTROPHES[point];
    if (apostrophe !== undefined) return emit(39, start, end);
    if (LOOKALIKES[point] !== undefined) lookalikes.push(out.length);
    if (point <= 0xffff) return emit(point, start, end);
    const pair = String.fromCodePoint(point);
    emit(pair.charCodeAt(0), start, end);
    emit(pair.charCodeAt(1), start, end);
  };

  for (let i = 0; i < text.length; ) {
    const code = text.charCodeAt(i);
    if (code === ESC || code === CSI_8BIT) {
      changed = true;
      const next = text.charCodeAt(i + 1);
      if (code === ESC && isStringIntroducer(next)) {
        inString = true;
        i += 2;
        continue;
      }
      if (code === ESC && next === 0x5c && inString) {
        emit(32, i, i + 2); // ESC \ ends the string
        inString = false;
        i += 2;
        continue;
      }
      i = escapeEnd(text, i);
      continue;
    }
    if (code === BEL && inString) {
      changed = true;
      emit(32, i, i + 1);
      inString = false;
      i++;
      continue;
    }
    if (code < 0x20 ? code < 0x09 || code > 0x0d : code >= 0x7f && code <= 0x9f) {
      changed = true; // a control character: nothing a reader sees
      i++;
      continue;
    }
    if (code === AMPERSAND) {
      const end = entityEnd(text, i, emitDecoded);
      if (end > i) {
        changed = true;
        i = end;
        continue;
      }
    }
    if (code === BACKTICK && isAsciiLetterCode(out[out.length - 1] ?? NaN) && isAsciiLetterCode(text.charCodeAt(i + 1))) {
      changed = true; // a backtick between two letters stands for the apostrophe ("I`ll"); around code it stays
      emit(39, i, i + 1);
      i++;
      continue;
    }
    if (code < 0x80) {
      emit(code, i, i + 1);
      i++;
      continue;
    }
    const char = text[i]!;
    if (INVISIBLE.test(char) && !(isEmojiGlue(code) && !touchesWord(text, i))) {
      changed = true;
      i++;
      continue;
    }
    const apostrophe = APOSTROPHES[code];
    if (apostrophe !== undefined) {
      changed = true;
      emit(39, i, i + 1);
      i++;
      continue;
    }
    if (LOOKALIKES[code] !== undefined) {
      lookalikes.push(out.length); // decided below, once the words around it are known
      emit(code, i, i + 1);
      i++;
      continue;
    }
    if (COMPATIBILITY.test(char)) {
      const compatible = char.normalize('NFKC');
      // Letterlike and enclosed forms count only as one letter ("ℓ", "Ⓘ"), not as "TM" or "No".
      if (ASCII_WORD.test(compatible) && (compatible.length === 1 || code >= 0xfb00)) {
        changed = true;
        for (let k = 0; k < compatible.length; k++) emit(compatible.charCodeAt(k), i, i + 1);
        i++;
        continue;
      }
    }
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const point = text.codePointAt(i)!;
      if (point >= 0xe0000 && point <= 0xe01ef) {
        changed = true; // tag characters and variation selectors: invisible
        i += 2;
        continue;
      }
      if (point >= 0x1d400 && point <= 0x1d7ff) {
        const compatible = String.fromCodePoint(point).normalize('NFKC');
        if (ASCII_WORD.test(compatible)) {
          changed = true;
          for (let k = 0; k < compatible.length; k++) emit(compatible.charCodeAt(k), i, i + 2);
          i += 2;
          continue;
        }
      }
      emit(code, i, i + 1);
      emit(text.charCodeAt(i + 1), i + 1, i + 2);
      i += 2;
      continue;
    }
    emit(code, i, i + 1);
    i++;
  }

  if (mapLookalikes(out, lookalikes)) changed = true;
  if (mapAsciiConfusables(out)) changed = true;
  if (!changed) return undefined;
  let normalized = '';
  for (let k = 0; k < out.length; k += 8192) normalized += String.fromCharCode(...out.slice(k, k + 8192));
  return new NormalizedReply(normalized, text, Uint32Array.from(starts), Uint32Array.from(ends));
}

/**
 * Where a character reference starting at `start` ends, after handing its character to `emit`;
 * `start` when there is none there (an unknown name, a code point no character has).
 */
function entityEnd(text: string, start: number, emit: (point: number, start: number, end: number) => void): number {
  ENTITY.lastIndex = start;
  const m = ENTITY.exec(text);
  if (m === null) return start;
  const point = m[1] !== undefined ? Number(m[1]) : m[2] !== undefined ? parseInt(m[2], 16) : NAMED_ENTITIES[m[3]!.toLowerCase()];
  if (point === undefined || point === 0 || point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff)) return start;
  const end = start + m[0].length;
  emit(point, start, end);
  return end;
}


/**
 * Joiners and variation selectors are part of how emoji are written ("❤️", "👩‍💻"): they are kept
 * there, and removed only where they touch a word character, the place they would hide a cue.
 */
function isEmojiGlue(code: number): boolean {
  return code === 0x200c || code === 0x200d || (code >= 0xfe00 && code <= 0xfe0f);
}

function touchesWord(text: string, at: number): boolean {
  return isWordCode(text.charCodeAt(at - 1)) || isWordCode(text.charCodeAt(at + 1));
}

/** An ASCII letter or digit or the apostrophe (NaN, off either end of the text, is none). */
function isWordCode(code: number): boolean {
  return code === 39 || (code >= 48 && code <= 57) || isAsciiLetterCode(code);
}

/** ESC ] (OSC), P (DCS), X (SOS), ^ (PM), _ (APC): a string follows, up to BEL or ESC \. */
function isStringIntroducer(code: number): boolean {
  return code === 0x5d || code === 0x50 || code === 0x58 || code === 0x5e || code === 0x5f;
}

/** Where the escape sequence starting at `start` ends: CSI with its parameters and final byte, or ESC, intermediates and a final. */
function escapeEnd(text: string, start: number): number {
  let j = start + 1;
  if (text.charCodeAt(start) === CSI_8BIT || text.charCodeAt(j) === 0x5b) {
    if (text.charCodeAt(start) === ESC) j++; // "["
    while (j < text.length && text.charCodeAt(j) >= 0x30 && text.charCodeAt(j) <= 0x3f) j++;
    while (j < text.length && text.charCodeAt(j) >= 0x20 && text.charCodeAt(j) <= 0x2f) j++;
    if (j < text.length && text.charCodeAt(j) >= 0x40 && text.charCodeAt(j) <= 0x7e) j++;
    return j;
  }
  while (j < text.length && text.charCodeAt(j) >= 0x20 && text.charCodeAt(j) <= 0x2f) j++;
  if (j < text.length && text.charCodeAt(j) >= 0x30 && text.charCodeAt(j) <= 0x7e) j++;
  return j;
}

const LETTER = /\p{L}/u;
const isAsciiLetterCode = (code: number): boolean => (code | 32) >= 97 && (code | 32) <= 122;
const isLetterCode = (code: number): boolean => code === 39 || isAsciiLetterCode(code) || (code >= 0xc0 && LETTER.test(String.fromCharCode(code)));

/**
 * Maps the lookalikes at `positions` to Latin letters where they stand for Latin: in a word that
 * holds a Latin letter, or in a word of lookalikes only whose neighbour word is Latin. Returns
 * whether any was mapped.
 */
function mapLookalikes(out: number[], positions: readonly number[]): boolean {
  let mapped = false;
  let wordEnd = -1;
  for (const position of positions) {
    if (position < wordEnd) continue; // its word was decided with an earlier lookalike
    let start = position;
    while (start > 0 && isLetterCode(out[start - 1]!)) start--;
    let end = position + 1;
    while (end < out.length && isLetterCode(out[end]!)) end++;
    wordEnd = end;
    let latin = false;
    let foreign = false;
    for (let k = start; k < end; k++) {
      const code = out[k]!;
      if (isAsciiLetterCode(code)) latin = true;
      else if (code !== 39 && LOOKALIKES[code] === undefined) foreign = true;
    }
    if (!latin && (foreign || !(neighbourIsLatin(out, start, -1) || neighbourIsLatin(out, end, 1)))) continue;
    for (let k = start; k < end; k++) {
      const latinLetter = LOOKALIKES[out[k]!];
      if (latinLetter !== undefined) {
        out[k] = latinLetter.charCodeAt(0);
        mapped = true;
      }
    }
  }
  return mapped;
}

/** Whether the nearest word before (`step` -1) or after (+1) `from` is written in Latin letters only. */
function neighbourIsLatin(out: readonly number[], from: number, step: 1 | -1): boolean {
  let k = step === 1 ? from : from - 1;
  while (k >= 0 && k < out.length && !isLetterCode(out[k]!)) k += step;
  let latin = false;
  for (; k >= 0 && k < out.length && isLetterCode(out[k]!); k += step) {
    const code = out[k]!;
    if (isAsciiLetterCode(code)) latin = true;
    else if (code !== 39) return false;
  }
  return latin;
}
