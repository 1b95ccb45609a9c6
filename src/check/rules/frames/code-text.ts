/**
 * Whether a text holds code: a fence, an arrow, a line that opens like a program statement, or a
 * line that ends in a brace or semicolon. It stands in for the pattern below (its tests check it
 * against the pattern on random texts). No literal starts that pattern, so it is tried at every
 * character of every reply, and most replies hold no code; here each piece is looked for with
 * `indexOf`, which skips through text far faster than a pattern or a character loop.
 *
 *   /```|^\s*(?:import |from \S+ import|def |class |function |const |let |var |#include|public |private |SELECT |<\w+[^>]*>|\$ )|[{};]\s*$|=>/m
 */
import { isAsciiDigit, isAsciiLetter, isSpaceCode } from '../char-codes.ts';

export function hasCodeText(text: string): boolean {
  // Two frames ask of the same reply, one after the other: the last answer is kept.
  if (text === lastText) return lastAnswer;
  lastAnswer = scanForCode(text);
  lastText = text;
  return lastAnswer;
}

let lastText: string | undefined;
let lastAnswer = false;

function scanForCode(text: string): boolean {
  if (text.includes('```') || text.includes('=>')) return true;
  if (endsALine(text, '{') || endsALine(text, '}') || endsALine(text, ';')) return true;
  // `^\s*` crosses line ends, so every line start inside one run of white space reaches the same
  // first character: it is read once, and the search for the next line start goes on from it.
  // (Read from every line start, 100,000 blank lines took 23 s.)
  const tag = new TagClose();
  let at = firstNonSpace(text, 0);
  if (opensStatement(text, at, tag)) return true;
  // `^` follows any line terminator; replies nearly always break lines with "\n" alone.
  if (text.includes('\r') || text.includes('\u2028') || text.includes('\u2029')) {
    for (let i = at; i < text.length; i++) {
      if (!isLineTerminator(text.charCodeAt(i))) continue;
      at = firstNonSpace(text, i + 1);
      if (opensStatement(text, at, tag)) return true;
      i = at - 1;
    }
    return false;
  }
  for (let nl = text.indexOf('\n', at); nl !== -1; nl = text.indexOf('\n', at)) {
    at = firstNonSpace(text, nl + 1);
    if (opensStatement(text, at, tag)) return true;
  }
  return false;
}

function firstNonSpace(text: string, from: number): number {
  let at = from;
  while (at < text.length && isSpaceCode(text.charCodeAt(at))) at++;
  return at;
}

/**
 * Whether a `>` follows a position, for `<tag …>` at a line start. The positions asked about only
 * grow, and once none follows one, none follows any later one: that search is not repeated
 * (lines of `<a` with no `>` after them would each search to the end).
 */
class TagClose {
  private none = false;

  after(text: string, from: number): boolean {
    if (this.none) return false;
    if (text.indexOf('>', from) !== -1) return true;
    this.none = true;
    return false;
  }
}

/** What `$` and `^` treat as a line end with the `m` flag. */
function isLineTerminator(code: number): boolean {
  return code === 10 || code === 13 || code === 0x2028 || code === 0x2029;
}

/** `[{};]\s*$` for one of the marks: it is followed by white space only, up to a line end or the end of the text. */
function endsALine(text: string, mark: string): boolean {
  for (let at = text.indexOf(mark); at !== -1; at = text.indexOf(mark, at + 1)) {
    let i = at + 1;
    for (; i < text.length && isSpaceCode(text.charCodeAt(i)); i++) if (isLineTerminator(text.charCodeAt(i))) return true;
    if (i === text.length) return true;
  }
  return false;
}

const isWordCode = (code: number) => isAsciiLetter(code) || isAsciiDigit(code) || code === 95;

/** `(?:…)` at the first character after a line start and its white space (`at`): a keyword, `from x import`, a tag `<div …>`, or a shell prompt `$ `. */
function opensStatement(text: string, at: number, tag: TagClose): boolean {
  switch (text.charCodeAt(at)) {
    case 105: // i
      return text.startsWith('import ', at);
    case 100: // d
      return text.startsWith('def ', at);
    case 99: // c
      return text.startsWith('class ', at) || text.startsWith('const ', at);
    case 102: // f
      return text.startsWith('function ', at) || importsFrom(text, at);
    case 108: // l
      return text.startsWith('let ', at);
    case 118: // v
      return text.startsWith('var ', at);
    case 35: // #
      return text.startsWith('#include', at);
    case 112: // p
      return text.startsWith('public ', at) || text.startsWith('private ', at);
    case 83: // S
      return text.startsWith('SELECT ', at);
    case 36: // $
      return text.startsWith('$ ', at);
    case 60: // <
      return isWordCode(text.charCodeAt(at + 1)) && tag.after(text, at + 2);
    default:
      return false;
  }
}

/** `from \S+ import`. */
function importsFrom(text: string, at: number): boolean {
  if (!text.startsWith('from ', at)) return false;
  let end = at + 5;
  while (end < text.length && !isSpaceCode(text.charCodeAt(end))) end++;
  return end > at + 5 && text.startsWith(' import', end);
}
