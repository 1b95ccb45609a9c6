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
  if (text.includes('```') || text.includes('=>')) return true;
  if (endsALine(text, '{') || endsALine(text, '}') || endsALine(text, ';')) return true;
  if (opensStatement(text, 0)) return true;
  // `^` follows any line terminator; replies nearly always break lines with "\n" alone.
  if (text.includes('\r') || text.includes('\u2028') || text.includes('\u2029')) {
    for (let i = 0; i < text.length; i++) if (isLineTerminator(text.charCodeAt(i)) && opensStatement(text, i + 1)) return true;
    return false;
  }
  for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', nl + 1)) if (opensStatement(text, nl + 1)) return true;
  return false;
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

/** `^\s*(?:…)` at a line start: after white space, a keyword, `from x import`, a tag `<div …>`, or a shell prompt `$ `. */
function opensStatement(text: string, lineStart: number): boolean {
  let at = lineStart;
  while (at < text.length && isSpaceCode(text.charCodeAt(at))) at++;
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
      return isWordCode(text.charCodeAt(at + 1)) && text.indexOf('>', at + 2) !== -1;
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
