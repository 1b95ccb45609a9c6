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
  let error = false;
  let errors = false;
  let status = false;
  let statusNumber = false;
  let result = false;
  let outcome = false;
  let failureCode = false;
  let errorCode = false;
  let error_code = false;
  let errorMessage = false;
  let error_message = false;
  let fault = false;
  let faultstring = false;
  let statusCode = false;
  let status_code = false;
  let ok = false;
  let success = false;
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
      switch (keyEnd - keyStart) {
        case 4:
          if (text.startsWith('code', keyStart)) failureCode = (kind === 's' && FAILURE_CODE.test(text.slice(valueStart + 1, i - 1))) || (kind === 'n' && isErrorStatusCode(Number(text.slice(valueStart, i))));
          break;
        case 5:
          if (text.startsWith('error', keyStart)) error = kind !== 'l' && kind !== 'f';
          else if (text.startsWith('fault', keyStart)) fault = kind !== 'l' && kind !== 'f';
          break;
        case 9:
          if (text.startsWith('errorCode', keyStart)) errorCode = present(text, kind, valueStart, i);
          break;
        case 12:
          if (text.startsWith('errorMessage', keyStart)) errorMessage = present(text, kind, valueStart, i);
          break;
        case 13:
          if (text.startsWith('error_message', keyStart)) error_message = present(text, kind, valueStart, i);
          break;
        case 6:
          if (text.startsWith('status', keyStart)) {
            status = kind === 's' && ERROR_STATUSES.has(text.slice(valueStart + 1, i - 1).toLowerCase());
            statusNumber = kind === 'n' && isErrorStatusCode(Number(text.slice(valueStart, i)));
          } else if (text.startsWith('errors', keyStart)) {
            errors = kind === 's' && i - valueStart > 2;
          } else if (text.startsWith('result', keyStart)) {
            result = kind === 's' && ERROR_STATUSES.has(text.slice(valueStart + 1, i - 1).toLowerCase());
          }
          break;
        case 10:
          if (text.startsWith('statusCode', keyStart)) statusCode = kind === 'n' && isErrorStatusCode(Number(text.slice(valueStart, i)));
          else if (text.startsWith('error_code', keyStart)) error_code = present(text, kind, valueStart, i);
          break;
        case 11:
          if (text.startsWith('status_code', keyStart)) status_code = kind === 'n' && isErrorStatusCode(Number(text.slice(valueStart, i)));
          else if (text.startsWith('faultstring', keyStart)) faultstring = kind !== 'l' && kind !== 'f';
          break;
        case 2:
          if (text.startsWith('ok', keyStart)) ok = kind === 'f';
          break;
        case 7:
          if (text.startsWith('success', keyStart)) success = kind === 'f';
          else if (text.startsWith('outcome', keyStart)) outcome = kind === 's' && ERROR_STATUSES.has(text.slice(valueStart + 1, i - 1).toLowerCase());
          break;
      }
      i = skipSpace(text, i);
      const next = text.charCodeAt(i);
      if (next === CLOSE_BRACE) break;
      if (next !== COMMA) return NOT_FLAT;
      i = skipSpace(text, i + 1);
    }
  }
  if (skipSpace(text, i + 1) !== n) return NOT_FLAT;
  const failed = error || errors || status || statusNumber || statusCode || status_code || result || outcome || failureCode || errorCode || error_code || errorMessage || error_message || fault || faultstring;
  return failed || ok || success ? FLAT_FAILURE : FLAT;
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
