/**
 * A read-only view of one agent turn in OpenAI chat format: the turn is everything after the
 * last user message (SPEC §4). Pure: no parsing errors are thrown here; problems are reported
 * as data so the caller decides what counts as bad input.
 */
import { ERROR_STATUSES, FAILURE_CODE, FLAT_FAILURE, isErrorStatusCode, NOT_FLAT, readFlatObject } from './flat-json.ts';
import type { ChatMessage, ContentPart } from './types.ts';

export interface ToolActivity {
  id: string;
  name: string;
  rawArguments: string;
  /** Parsed arguments, or undefined when they are not a JSON object. */
  arguments: Record<string, unknown> | undefined;
  /** The tool message answering this call, if any. */
  result: string | null;
  /** False when the result reports an error: such a call performed nothing. */
  succeeded: boolean;
}

export interface TurnView {
  /** Index in `messages` of the last user message, or -1 when there is none. */
  userIndex: number;
  userText: string;
  /** Assistant text of the turn, in order (narration before calls, then the final reply). */
  assistantTexts: string[];
  /** The last assistant text of the turn: the reply the user reads. */
  finalText: string;
  calls: ToolActivity[];
}

export function textOf(content: string | ContentPart[] | null | undefined): string {
  if (content == null) return '';
  if (typeof content === 'string') return content;
  return content
    .map((part) => (typeof part?.text === 'string' ? part.text : ''))
    .filter(Boolean)
    .join('\n');
}

export function viewTurn(messages: readonly ChatMessage[]): TurnView {
  let userIndex = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.role === 'user') {
      userIndex = i;
      break;
    }
  }
  const assistantTexts: string[] = [];
  for (let i = userIndex + 1; i < messages.length; i++) {
    const message = messages[i]!;
    if (message.role !== 'assistant') continue;
    const text = textOf(message.content);
    if (text.trim()) assistantTexts.push(text);
  }
  const calls = callsIn(messages, userIndex + 1, messages.length);
  return {
    userIndex,
    userText: userIndex >= 0 ? textOf(messages[userIndex]!.content) : '',
    assistantTexts,
    finalText: assistantTexts.at(-1) ?? '',
    calls,
  };
}

/** The tool calls of `messages[start, end)`, each with the result that answers it there (null when none). */
export function callsIn(messages: readonly ChatMessage[], start: number, end: number): ToolActivity[] {
  const calls: ToolActivity[] = [];
  let results: Map<string, string> | undefined;
  for (let i = start; i < end; i++) {
    const message = messages[i]!;
    if (message.role !== 'assistant' || !message.tool_calls || message.tool_calls.length === 0) continue;
    // Most turns make no call: the results are gathered only for one that does.
    results ??= resultsIn(messages, start, end);
    for (const call of message.tool_calls) {
      const result = results.get(call.id) ?? null;
      calls.push(new Call(call.id, call.function?.name ?? '', call.function?.arguments, result, result === null || !reportsError(result)));
    }
  }
  return calls;
}

function resultsIn(messages: readonly ChatMessage[], start: number, end: number): Map<string, string> {
  const results = new Map<string, string>();
  for (let i = start; i < end; i++) {
    const message = messages[i]!;
    if (message.role === 'tool') results.set(message.tool_call_id, textOf(message.content));
  }
  return results;
}

/** A tool call as `callsIn` sees it; its arguments are parsed only when read (the rules never read them). */
class Call implements ToolActivity {
  readonly rawArguments: string;
  #raw: string | undefined;
  #parsed = false;
  #arguments: Record<string, unknown> | undefined;

  constructor(
    readonly id: string,
    readonly name: string,
    raw: string | undefined,
    readonly result: string | null,
    readonly succeeded: boolean,
  ) {
    this.rawArguments = raw ?? '';
    this.#raw = raw;
  }

  get arguments(): Record<string, unknown> | undefined {
    if (!this.#parsed) {
      this.#arguments = parseArguments(this.#raw);
      this.#parsed = true;
    }
    return this.#arguments;
  }
}

function parseArguments(raw: string | undefined): Record<string, unknown> | undefined {
  if (raw === undefined) return undefined;
  if (raw.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a tool result says the call failed, in any of the forms tools use (LABELING.md rule 21):
 * a JSON object whose `error` is set, whose `status` is an error word, or whose `ok`/`success` is
 * false, at the top or one level down in a wrapper (`{"result": {"error": …}}`, `{"data": {"status":
 * "failed"}}`); or plain text opening with an error ("Error: not found", "ValueError: …",
 * "Traceback (most recent call last)", "[ERROR] …").
 */
export function reportsError(result: string): boolean {
  const text = result.trim();
  if (text.startsWith('{')) {
    // The usual result, a flat object, is read without JSON.parse; the same answer either way.
    const flat = readFlatObject(text);
    if (flat !== NOT_FLAT) return flat === FLAT_FAILURE;
    try {
      const value = JSON.parse(text) as Record<string, unknown>;
      if (value && typeof value === 'object') {
        if (objectReportsError(value)) return true;
        // One level down: a wrapper's single answer ("result", "data", "response"), never a list of records.
        for (const key of WRAPPER_KEYS) {
          const inner = value[key];
          if (inner !== null && typeof inner === 'object' && !Array.isArray(inner) && objectReportsError(inner as Record<string, unknown>)) return true;
        }
        return false;
      }
    } catch {
      // not JSON: fall through to the text check
    }
  }
  return ERROR_TEXT.test(text) || STATUS_LINE.test(text) || (text.startsWith('<') && MARKUP_FAILURE.test(text.slice(0, 2_000)));
}

/**
 * A failure in markup, read in its first 2,000 characters: a SOAP fault (`<soap:Fault>`,
 * `<Fault>`), or an HTML error page whose title or heading is an HTTP error status
 * (`<title>502 Bad Gateway</title>`, nginx's and most proxies' pages).
 */
const MARKUP_FAILURE = /<(?:[\w-]+:)?Fault\b|<(?:title|h1)>\s*(?:error\s+)?[45]\d\d\b/i;

/** Keys under which a tool wraps its one answer object. */
const WRAPPER_KEYS = ['result', 'data', 'response', 'body', 'output'] as const;

function objectReportsError(value: Record<string, unknown>): boolean {
  if (value.error !== undefined && value.error !== null && value.error !== false) return true;
  if (typeof value.status === 'string' && ERROR_STATUSES.has(value.status.toLowerCase())) return true;
  if (isHttpError(value.status) || isHttpError(value.status_code) || isHttpError(value.statusCode)) return true;
  if (nonEmpty(value.errors)) return true;
  if (isErrorWord(value.result) || isErrorWord(value.outcome)) return true;
  if ((typeof value.code === 'string' && FAILURE_CODE.test(value.code)) || isHttpError(value.code)) return true;
  if (present(value.errorCode) || present(value.error_code) || present(value.errorMessage) || present(value.error_message)) return true;
  if (isSet(value.fault) || isSet(value.faultstring)) return true;
  return value.ok === false || value.success === false;
}

function isErrorWord(word: unknown): boolean {
  return typeof word === 'string' && ERROR_STATUSES.has(word.toLowerCase());
}

/** Set to anything but null or false. */
function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== false;
}

/** Set to something that says an error is there: not null, false, 0 or "". */
function present(value: unknown): boolean {
  return isSet(value) && value !== 0 && value !== '';
}

function isHttpError(code: unknown): boolean {
  return typeof code === 'number' && isErrorStatusCode(code);
}

/** `"errors": [...]` with an entry, `{…}` with a key, or a string with text (GraphQL and REST validation bodies). */
function nonEmpty(errors: unknown): boolean {
  if (typeof errors === 'string') return errors !== '';
  if (Array.isArray(errors)) return errors.length > 0;
  return errors !== null && typeof errors === 'object' && Object.keys(errors).length > 0;
}

/**
 * Text that opens with a failure: "Error: …", "Failed to …", "Exception in tool", a Python or JS
 * exception name ("ValueError: …", "KeyError: 'x'", "TypeError: …"), a traceback, "[ERROR] …",
 * git's "fatal: …", or an HTTP error status line ("HTTP/1.1 500 Internal Server Error",
 * "HTTP 422 Unprocessable Entity", "404 Not Found").
 */
const ERROR_TEXT = /^(?:\[?(?:error|failed|failure|exception|fatal)\b|[A-Z][A-Za-z]*(?:Error|Exception)\b\s*[:(]|Traceback \(most recent call last\)|HTTP(?:\/\d(?:\.\d)?)?\s+[45]\d\d\b)/i;
/** A bare status line, its reason phrase in title case as servers send it: "404 Not Found", not "500 items imported". */
const STATUS_LINE = /^[45]\d\d[ \t]+[A-Z][a-z]+(?:[ \t]+[A-Z][a-z]+)*[ \t]*(?:\r?\n|$)/;
