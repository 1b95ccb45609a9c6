/**
 * Numeric ids, read exactly. An id may be a number (`7` is read as `"7"`), but JSON.parse reads
 * every number as a double: integers past 2^53 − 1 (64-bit database keys, snowflake ids) come back
 * rounded, and neighbours share one value (`12345678901234567890123` and `…124` are both
 * `1.2345678901234568e+22`), so two records would share an id. A line's own top-level id is read
 * again from its digits; any other number that does not stand for exactly one id is refused.
 */

/** What a numeric id may be, for the error that refuses one. */
export const EXACT_ID = 'a string id, or a number up to 2^53 − 1';

/** Whether a number stands for one id: finite, and no integer past 2^53 − 1 (a fraction is read as written, `1.5`). */
export function isExactId(value: number): boolean {
  return Number.isSafeInteger(value) || (Number.isFinite(value) && !Number.isInteger(value));
}

/**
 * The digits of the top-level `"id"` in a JSON object's text when it is an integer written out
 * (`-?[0-9]+`), else undefined. The text must be valid JSON (it was just parsed); as JSON.parse
 * does, the last `"id"` wins. Only the top level is read: an "id" in a message or in a string is
 * skipped with it. Called only for an id JSON.parse could not read exactly, so it is rare.
 */
export function integerIdAsWritten(json: string): string | undefined {
  let depth = 0;
  let found: string | undefined;
  // At depth 1, whether the next string is a key (after `{` or `,`), and the key just read.
  let keyNext = false;
  let key: string | undefined;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(json, i);
      if (depth === 1 && keyNext) key = json.slice(i, end);
      keyNext = false;
      i = end - 1;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
      keyNext = depth === 1 && c === OPEN_BRACE;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    } else if (depth === 1 && c === COMMA) {
      keyNext = true;
      key = undefined;
    } else if (depth === 1 && c === COLON && key !== undefined && isIdKey(key)) {
      INTEGER.lastIndex = i + 1;
      const number = INTEGER.exec(json);
      found = number === null ? undefined : number[1];
    }
  }
  return found;
}

const QUOTE = 34;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const COMMA = 44;
const COLON = 58;

/** After the colon: white space, then an integer that the value ends with (not `1.5`, not `1e22`). */
const INTEGER = /[ \t\r\n]*(-?[0-9]+)(?![0-9.eE])/y;

/** The index just past the string token that opens at `start`. */
function stringEnd(json: string, start: number): number {
  for (let i = start + 1; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c === 92) i++; // a backslash escapes the next character
    else if (c === QUOTE) return i + 1;
  }
  return json.length;
}

/** `"id"` as written, or spelled with escapes (`"\u0069d"`), as JSON.parse reads it. */
function isIdKey(token: string): boolean {
  return token === '"id"' || (token.includes('\\') && JSON.parse(token) === 'id');
}
