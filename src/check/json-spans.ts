/**
 * Where the parts of a JSON object's text are, without parsing them: the span of each top-level
 * key and value, and of each item of one list-valued field. A conversation line can be megabytes
 * of one object; parsing it piece by piece (JSON.parse of each span) holds one piece's value at a
 * time instead of the whole tree, and each value is exactly what JSON.parse of the whole would give.
 *
 * Only the structure between pieces is checked here (brackets, commas, colons, whitespace, string
 * ends): the text of each piece is checked by JSON.parse when it is read. Text this does not
 * recognise is answered with undefined, and the caller parses the whole text to say what is wrong.
 */

export interface Span {
  start: number;
  end: number;
}

export interface ObjectSpans {
  /** The top-level fields in text order: the key's span (with its quotes) and the value's. */
  fields: { key: Span; value: Span }[];
  /** The items of the field named `listKey`, when it holds a list: each item's start and end, flat (two numbers an item, not an object). */
  items: number[] | undefined;
}

/** Reads a character code at a position: a string's UTF-16 unit or a byte of UTF-8 (the structure is ASCII in both). */
type Text = string | Uint8Array;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * The spans of a JSON object `text[from..]`, with the items of its `listKey` field; undefined when
 * the text is not one object followed by whitespace only, or `listKey` is written twice (JSON.parse
 * keeps the last; the whole is parsed then).
 */
export function objectSpans(text: Text, listKey: string, from = 0): ObjectSpans | undefined {
  const at = codeAt(text);
  const length = text.length;
  let i = skipSpace(at, length, from);
  if (at(i) !== OPEN_BRACE) return undefined;
  i = skipSpace(at, length, i + 1);
  const fields: ObjectSpans['fields'] = [];
  let items: number[] | undefined;
  const wanted = `"${listKey}"`;
  let seen = false;
  if (at(i) === CLOSE_BRACE) return trailingSpace(at, length, i + 1) ? { fields, items } : undefined;
  for (;;) {
    if (at(i) !== QUOTE) return undefined;
    const keyEnd = stringEnd(at, length, i);
    if (keyEnd < 0) return undefined;
    const key = { start: i, end: keyEnd };
    i = skipSpace(at, length, keyEnd);
    if (at(i) !== COLON) return undefined;
    i = skipSpace(at, length, i + 1);
    const isList = sliceEquals(text, key, wanted);
    if (isList) {
      if (seen) return undefined;
      seen = true;
    }
    let end: number;
    if (isList && at(i) === OPEN_BRACKET) {
      items = [];
      end = listItems(at, length, i, items);
    } else {
      end = valueEnd(at, length, i);
    }
    if (end < 0) return undefined;
    fields.push({ key, value: { start: i, end } });
    i = skipSpace(at, length, end);
    const c = at(i);
    if (c === CLOSE_BRACE) return trailingSpace(at, length, i + 1) ? { fields, items } : undefined;
    if (c !== COMMA) return undefined;
    i = skipSpace(at, length, i + 1);
  }
}

/** The text of a span: a string's slice, or bytes to decode. */
export function sliceOf(text: Text, span: Span): string | Uint8Array {
  return typeof text === 'string' ? text.slice(span.start, span.end) : text.subarray(span.start, span.end);
}

function codeAt(text: Text): (i: number) => number {
  return typeof text === 'string' ? (i) => text.charCodeAt(i) : (i) => text[i] ?? NaN;
}

function sliceEquals(text: Text, span: Span, wanted: string): boolean {
  if (span.end - span.start !== wanted.length) return false;
  for (let k = 0; k < wanted.length; k++) {
    const c = typeof text === 'string' ? text.charCodeAt(span.start + k) : text[span.start + k];
    if (c !== wanted.charCodeAt(k)) return false;
  }
  return true;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function skipSpace(at: (i: number) => number, length: number, i: number): number {
  while (i < length && isSpace(at(i))) i++;
  return i;
}

function trailingSpace(at: (i: number) => number, length: number, i: number): boolean {
  return skipSpace(at, length, i) === length;
}

/** The end (after the closing quote) of the string starting at `i`, or -1 when it is not closed. */
function stringEnd(at: (i: number) => number, length: number, i: number): number {
  for (let j = i + 1; j < length; j++) {
    const c = at(j);
    if (c === BACKSLASH) j++;
    else if (c === QUOTE) return j + 1;
  }
  return -1;
}

/** The end of the value starting at `i` (a string, an object or list with all it holds, a number or literal), or -1. */
function valueEnd(at: (i: number) => number, length: number, i: number): number {
  const first = at(i);
  if (first === QUOTE) return stringEnd(at, length, i);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    let depth = 0;
    for (let j = i; j < length; j++) {
      const c = at(j);
      if (c === QUOTE) {
        j = stringEnd(at, length, j) - 1;
        if (j < 0) return -1;
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    return -1;
  }
  // A number or a literal: up to the next structural character or space; JSON.parse checks it.
  let j = i;
  while (j < length) {
    const c = at(j);
    if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || isSpace(c)) break;
    j++;
  }
  return j > i ? j : -1;
}

/** Pushes the start and end of each item of the list starting at `i`; returns the list's end, or -1. */
function listItems(at: (i: number) => number, length: number, i: number, items: number[]): number {
  let j = skipSpace(at, length, i + 1);
  if (at(j) === CLOSE_BRACKET) return j + 1;
  for (;;) {
    const end = valueEnd(at, length, j);
    if (end < 0) return -1;
    items.push(j, end);
    j = skipSpace(at, length, end);
    const c = at(j);
    if (c === CLOSE_BRACKET) return j + 1;
    if (c !== COMMA) return -1;
    j = skipSpace(at, length, j + 1);
  }
}
