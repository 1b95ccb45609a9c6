/**
 * ASCII written for other ASCII, for normalized-reply.ts: a capital I or the digit 1 standing for
 * l ("wiII", "I'II", "wi11"), a small l for the pronoun I ("l'll"); and the quick test for these
 * and for character references and backticks, which the slow path decodes.
 */

/**
 * The ASCII spellings the slow path may change (a character reference, a backtick between letters,
 * I or 1 after a lower-case letter or an apostrophe, "l'"), found with indexOf: a pattern with
 * these alternatives beside the class of normalized-reply.ts tested three times slower on the bench replies.
 */
export function asciiSuspicious(text: string): boolean {
  if (text.indexOf('&') !== -1 && ENTITY_ANYWHERE.test(text)) return true;
  if (text.indexOf('`') !== -1 && BACKTICK_IN_WORD.test(text)) return true;
  return followsLowerOrApostrophe(text, 'I') || followsLowerOrApostrophe(text, '1') || pronounL(text);
}

/** An apostrophe after an l that starts a word ("l'll"). */
function pronounL(text: string): boolean {
  for (let at = text.indexOf("'", 1); at !== -1; at = text.indexOf("'", at + 1)) {
    if (text.charCodeAt(at - 1) === 108 && !isAsciiLetterCode(text.charCodeAt(at - 2))) return true;
  }
  return false;
}

const ENTITY_ANYWHERE = /&#?[0-9A-Za-z]{1,8};/;
const BACKTICK_IN_WORD = /[A-Za-z]`[A-Za-z]/;

function followsLowerOrApostrophe(text: string, char: string): boolean {
  for (let at = text.indexOf(char, 1); at !== -1; at = text.indexOf(char, at + 1)) {
    const before = text.charCodeAt(at - 1);
    if (before === 39 || (before >= 97 && before <= 122)) return true;
  }
  return false;
}

const CAPITAL_I = 73;
const SMALL_L = 108;
const DIGIT_ONE = 49;
const isLowerCode = (code: number): boolean => code >= 97 && code <= 122;
const isDigitCode = (code: number): boolean => code >= 48 && code <= 57;

/**
 * ASCII letters written for others, decided per word (a run of ASCII letters, digits and
 * apostrophes): a capital I or a 1 for l after a lower-case letter, an apostrophe or an l it
 * became, when what follows is the word's end, I, l or 1 (not a camel hump: "getItem",
 * "LinkedIn"), in a word whose other capitals and digits do not say it is a name or a code; and
 * a small l for the pronoun I in "l'll", "l'm", "l've", "l'd". Returns whether any changed.
 */
export function mapAsciiConfusables(out: number[]): boolean {
  let changed = false;
  for (let start = 0; start < out.length; ) {
    if (!isAsciiWordCode(out[start]!)) {
      start++;
      continue;
    }
    let end = start + 1;
    while (end < out.length && isAsciiWordCode(out[end]!)) end++;
    if (end - start >= 3 && mapWord(out, start, end)) changed = true;
    start = end;
  }
  return changed;
}

const isAsciiWordCode = (code: number): boolean => code === 39 || isDigitCode(code) || isAsciiLetterCode(code);

function mapWord(out: number[], start: number, end: number): boolean {
  // "l'll", "l'm", "l've", "l'd": the pronoun, not a letter l.
  if (out[start] === SMALL_L && out[start + 1] === 39 && (start === 0 || !isLetterCode(out[start - 1]!)) && isPronounTail(out, start + 2, end)) {
    out[start] = CAPITAL_I;
    return true;
  }
  let letters = 0;
  for (let k = start; k < end; k++) {
    const code = out[k]!;
    // Other capitals after the first letter, or other digits, make it a name, an acronym or a code.
    if (k > start && code >= 65 && code <= 90 && code !== CAPITAL_I) return false;
    if (isDigitCode(code) && code !== DIGIT_ONE) return false;
    if (isAsciiLetterCode(code)) letters++;
  }
  let changed = false;
  for (let k = start + 1; k < end; k++) {
    const code = out[k]!;
    if (code !== CAPITAL_I && code !== DIGIT_ONE) continue;
    const before = out[k - 1]!;
    const after = k + 1 < end ? out[k + 1]! : -1;
    if (!(isLowerCode(before) || before === 39)) continue;
    if (!(after === -1 || after === CAPITAL_I || after === SMALL_L || after === DIGIT_ONE)) continue;
    // A 1 after a single letter is a name (h1, v1); "wi11" has two letters before its ones.
    if (code === DIGIT_ONE && letters < 2) continue;
    out[k] = SMALL_L;
    changed = true;
  }
  return changed;
}

function isPronounTail(out: readonly number[], from: number, end: number): boolean {
  const tail = String.fromCharCode(...out.slice(from, end)).toLowerCase();
  return tail === 'll' || tail === 'm' || tail === 've' || tail === 'd';
}

const LETTER = /\p{L}/u;
const isAsciiLetterCode = (code: number): boolean => (code | 32) >= 97 && (code | 32) <= 122;
const isLetterCode = (code: number): boolean => code === 39 || isAsciiLetterCode(code) || (code >= 0xc0 && LETTER.test(String.fromCharCode(code)));
