/**
 * A JSON object with no nesting and no escapes, which is what tool-call arguments and tool
 * results usually are, read without building it. For texts this short JSON.parse costs more
 * than reading them, and the object it builds is garbage at once; every turn reads several.
 * Any other text is left to JSON.parse: the answer is then "not flat", never a guess.
 */

/** Not a flat JSON object (it may still be JSON): ask JSON.parse. */
export const NOT_FLAT = -1;
/** A flat JSON object whose fields report no failure. */
export const FLAT = 0;
/** A flat JSON object that reports a failure, as `reportsError` reads one (see turn.ts). */
export const FLAT_FAILURE = 1;

export type FlatReading = typeof NOT_FLAT | typeof FLAT | typeof FLAT_FAILURE;

/** The `status` words that mean a tool call failed. */
export const ERROR_STATUSES: ReadonlySet<string> = new Set(['error', 'failed', 'failure', 'rejected', 'unavailable', 'declined', 'denied', 'forbidden', 'unauthorized', 'invalid', 'timeout']);

/**
 * A `code` string naming a failure, as APIs spell them: "DEADLINE_PASSED", "SEAT_LIMIT_REACHED",
 * "card_declined", "NOT_FOUND". Not "ORDER_CREATED" or "OK".
 */
export const FAILURE_CODE = /(?:^|[_.-])(?:fail(?:ed|ure)?|errors?|err|denied|declined|rejected|invalid|expired|limit|not[_-]?found|forbidden|unauthori[sz]ed|conflict|unavailable|exceeded|closed|locked|time[_-]?out|timed[_-]?out|insufficient|deadline|blocked|duplicate|missing|required)(?:$|[_.-])/i;

/** Whether a numeric `status` (or `status_code`, `statusCode`) is an HTTP client or server error: 400–599. */
export function isErrorStatusCode(code: number): boolean {
  return code >= 400 && code < 600;
}

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const MINUS = 45;
const PLUS = 43;
const DOT = 46;
const ZERO = 48;
const NINE = 57;

/**
 * Reads `text` as a JSON object whose values are all strings without escapes, numbers, true,
 * false or null, with JSON white space around its tokens; NOT_FLAT for anything else. When it is
 * one, it says whether the object reports a failure: `error` is set (not null or false),
 * `errors` is a non-empty string, `status` is an error word in any case, `status`,
 * `status_code` or `statusCode` is an HTTP error code (400–599), `result` or `outcome` is an error
 * word, `code` names a failure (FAILURE_CODE) or is an HTTP error code, `errorCode`, `error_code`,
 * `errorMessage`, `error_message`, `fault` or `faultstring` is set, or `ok` or `success` is false.
 * A repeated key counts by its last value, as in JSON.parse.
 */
export function readFlatObject(text: string): FlatReading {
  const n = text.length;
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== OPEN_BRACE) return NOT_FLAT;
  i = skipSpace(text, i + 1);
  // A bit per field read for failure, set when its value reports one: a repeated key rewrites its bit.
  let failures = 0;
  if (text.charCodeAt(i) !== CLOSE_BRACE) {
    for (;;) {
      if (text.charCodeAt(i) !== QUOTE) return NOT_FLAT;
      const keyStart = i + 1;
      const keyEnd = stringEnd(text, keyStart);
      if (keyEnd < 0) return NOT_FLAT;
      i = skipSpace(text, keyEnd + 1);
      if (text.charCodeAt(i) !== COLON) return NOT_FLAT;
      i = skipSpace(text, i + 1);
      const valueStart = i;
      const code = text.charCodeAt(i);
      // Which kind of value: 's' string, 'n' number, or the literal's first letter.
      let kind: 's' | 'n' | 't' | 'f' | 'l';
      if (code === QUOTE) {
        const end = stringEnd(text, i + 1);
        if (end < 0) return NOT_FLAT;
        i = end + 1;
        kind = 's';
      } else if (code === MINUS || (code >= ZERO && code <= NINE)) {
        i = numberEnd(text, i);
        if (i < 0) return NOT_FLAT;
        kind = 'n';
      } else if (text.startsWith('true', i)) {
        i += 4;
        kind = 't';
      } else if (text.startsWith('false', i)) {
        i += 5;
        kind = 'f';
      } else if (text.startsWith('null', i)) {
        i += 4;
        kind = 'l';
      } else {
        return NOT_FLAT;
      }
      const field = fieldAt(text, keyStart, keyEnd - keyStart);
      if (field !== NO_FIELD) failures = valueFails(field, text, kind, valueStart, i) ? failures | field : failures & ~field;
      i = skipSpace(text, i);
      const next = text.charCodeAt(i);
      if (next === CLOSE_BRACE) break;
      if (next !== COMMA) return NOT_FLAT;
      i = skipSpace(text, i + 1);
    }
  }
  if (skipSpace(text, i + 1) !== n) return NOT_FLAT;
  return failures !== 0 ? FLAT_FAILURE : FLAT;
}

/** The keys read for failure, one bit each (a repeated key rewrites only its own bit). */
const NO_FIELD = 0;
const ERROR = 1 << 0;
const FAULT = 1 << 1;
const FAULTSTRING = 1 << 2;
const ERRORS = 1 << 3;
const STATUS = 1 << 4;
const STATUS_CODE = 1 << 5;
const STATUS_CODE_CAMEL = 1 << 6;
const RESULT = 1 << 7;
const OUTCOME = 1 << 8;
const CODE = 1 << 9;
const ERROR_CODE = 1 << 10;
const ERROR_CODE_CAMEL = 1 << 11;
const ERROR_MESSAGE = 1 << 12;
const ERROR_MESSAGE_CAMEL = 1 << 13;
const OK = 1 << 14;
const SUCCESS = 1 << 15;

/** Keys that fail alike: set to anything but null or false; an HTTP error code only; anything but nothing. */
const SET = ERROR | FAULT | FAULTSTRING;
const HTTP_CODE = STATUS_CODE | STATUS_CODE_CAMEL;
const PRESENT = ERROR_CODE | ERROR_CODE_CAMEL | ERROR_MESSAGE | ERROR_MESSAGE_CAMEL;

/** Which field the key `text[start, start + length)` is, told apart by its length first (no slice). */
function fieldAt(text: string, start: number, length: number): number {
  switch (length) {
    case 2:
      return text.startsWith('ok', start) ? OK : NO_FIELD;
    case 4:
      return text.startsWith('code', start) ? CODE : NO_FIELD;
    case 5:
      return text.startsWith('error', start) ? ERROR : text.startsWith('fault', start) ? FAULT : NO_FIELD;
    case 6:
      return text.startsWith('status', start) ? STATUS : text.startsWith('errors', start) ? ERRORS : text.startsWith('result', start) ? RESULT : NO_FIELD;
    case 7:
      return text.startsWith('success', start) ? SUCCESS : text.startsWith('outcome', start) ? OUTCOME : NO_FIELD;
    case 9:
      return text.startsWith('errorCode', start) ? ERROR_CODE_CAMEL : NO_FIELD;
    case 10:
      return text.startsWith('statusCode', start) ? STATUS_CODE_CAMEL : text.startsWith('error_code', start) ? ERROR_CODE : NO_FIELD;
    case 11:
      return text.startsWith('status_code', start) ? STATUS_CODE : text.startsWith('faultstring', start) ? FAULTSTRING : NO_FIELD;
    case 12:
      return text.startsWith('errorMessage', start) ? ERROR_MESSAGE_CAMEL : NO_FIELD;
    case 13:
      return text.startsWith('error_message', start) ? ERROR_MESSAGE : NO_FIELD;
    default:
      return NO_FIELD;
  }
}

/** Whether the value `text[start, end)` of this kind reports a failure for that key. */
function valueFails(field: number, text: string, kind: 's' | 'n' | 't' | 'f' | 'l', start: number, end: number): boolean {
  if (field & SET) return kind !== 'l' && kind !== 'f';
  if (field & PRESENT) return present(text, kind, start, end);
  if (field & (OK | SUCCESS)) return kind === 'f';
  if (field & ERRORS) return kind === 's' && end - start > 2;
  // The rest read a number as an HTTP status, a string as an error word (or, for `code`, a failure code).
  if (kind === 'n') return (field & (HTTP_CODE | STATUS | CODE)) !== 0 && isErrorStatusCode(Number(text.slice(start, end)));
  if (kind !== 's' || field & HTTP_CODE) return false;
  const word = text.slice(start + 1, end - 1);
  return field === CODE ? FAILURE_CODE.test(word) : ERROR_STATUSES.has(word.toLowerCase());
}

/** A value `text[start, end)` of this kind that says something is there: true, a non-empty string, a non-zero number. */
function present(text: string, kind: string, start: number, end: number): boolean {
  return kind === 't' || (kind === 's' && end - start > 2) || (kind === 'n' && Number(text.slice(start, end)) !== 0);
}

/** JSON's white space: space, tab, line feed, carriage return (not the wider set of String.trim). */
function skipSpace(text: string, i: number): number {
  for (;;) {
    const code = text.charCodeAt(i);
    if (code !== 32 && code !== 10 && code !== 13 && code !== 9) return i;
    i++;
  }
}

/** The index of the quote closing a string whose text starts at `i`, or -1 at an escape, a control character or the end. */
function stringEnd(text: string, i: number): number {
  const n = text.length;
  for (; i < n; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) return i;
    if (code === BACKSLASH || code < 32) return -1;
  }
  return -1;
}

/** The end of a JSON number starting at `i` (-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?), or -1 when it is not one. */
function numberEnd(text: string, i: number): number {
  if (text.charCodeAt(i) === MINUS) i++;
  const first = text.charCodeAt(i);
  if (first === ZERO) i++;
  else if (first > ZERO && first <= NINE) i = digitsEnd(text, i + 1);
  else return -1;
  if (text.charCodeAt(i) === DOT) {
    const end = digitsEnd(text, i + 1);
    if (end === i + 1) return -1;
    i = end;
  }
  const e = text.charCodeAt(i);
  if (e === 101 || e === 69) {
    i++;
    const sign = text.charCodeAt(i);
    if (sign === PLUS || sign === MINUS) i++;
    const end = digitsEnd(text, i);
    if (end === i) return -1;
    i = end;
  }
  return i;
}

function digitsEnd(text: string, i: number): number {
  for (;;) {
    const code = text.charCodeAt(i);
    // Written so that NaN (past the end) stops it too.
    if (!(code >= ZERO && code <= NINE)) return i;
    i++;
  }
}
