/**
 * Whether a text holds code: a fence, an arrow, a line that opens like a program statement, or a
 * line that ends in a brace or semicolon. A hand-written scan of the pattern below (its tests
 * check it against the pattern): the pattern cost more than any other on replies with no code,
 * which are most replies, because no literal starts it.
 *
 *   /```|^\s*(?:import |from \S+ import|def |class |function |const |let |var |#include|public |private |SELECT |<\w+[^>]*>|\$ )|[{};]\s*$|=>/m
 */
import { isAsciiDigit, isAsciiLetter, isSpaceCode } from '../char-codes.ts';

const STATEMENT_OPENERS = ['import ', 'def ', 'class ', 'function ', 'const ', 'let ', 'var ', '#include', 'public ', 'private ', 'SELECT ', '$ '];

export function hasCodeText(text: string): boolean {
  if (text.includes('```') || text.includes('=>')) return true;
  // True from a line's start until its first character that is not white space (`^\s*`).
  let atLineStart = true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isSpaceCode(code)) {
      if (isLineTerminator(code)) atLineStart = true;
      continue;
    }
    if (atLineStart) {
      atLineStart = false;
      if (opensStatement(text, i)) return true;
    }
    if ((code === 123 || code === 125 || code === 59) && blankToLineEnd(text, i + 1)) return true; // { } ;
  }
  return false;
}

/** What `$` and `^` treat as a line end with the `m` flag. */
function isLineTerminator(code: number): boolean {
  return code === 10 || code === 13 || code === 0x2028 || code === 0x2029;
}

/** `\s*$`: only white space from `from` to a line end or the end of the text. */
function blankToLineEnd(text: string, from: number): boolean {
  let i = from;
  for (; i < text.length && isSpaceCode(text.charCodeAt(i)); i++) if (isLineTerminator(text.charCodeAt(i))) return true;
  return i === text.length;
}

const isWordCode = (code: number) => isAsciiLetter(code) || isAsciiDigit(code) || code === 95;

/** A line's first word opens a program statement: a keyword, `from x import`, a tag `<div …>`, a shell prompt `$ `. */
function opensStatement(text: string, at: number): boolean {
  for (const opener of STATEMENT_OPENERS) if (text.startsWith(opener, at)) return true;
  if (text.startsWith('from ', at)) {
    let end = at + 5;
    while (end < text.length && !isSpaceCode(text.charCodeAt(end))) end++;
    return end > at + 5 && text.startsWith(' import', end);
  }
  return text.charCodeAt(at) === 60 && isWordCode(text.charCodeAt(at + 1)) && text.indexOf('>', at + 2) !== -1; // <
}
