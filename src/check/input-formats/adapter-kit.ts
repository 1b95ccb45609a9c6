/**
 * What the adapters share: reading untrusted values without trusting their shape, turning object
 * arguments into the JSON text the turn record holds, and writing a failed tool result so the
 * checker reads it as failed. Loops only, no recursion over input: a record can nest deeper than
 * the stack (hostile-input.test.ts).
 */
import { reportsError } from '../../core/turn.ts';
import { CheckInputError, show } from '../check-input-error.ts';
import type { WarningSink } from './input-format.ts';

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Call arguments as the turn record holds them: JSON text. A string is kept as written; an object
 * (as the AI SDK, Anthropic and LangChain give them, and several OpenAI-compatible SDKs) is written
 * as JSON; anything else is returned as it is, for validation to reject at its field.
 */
export function argumentsText(value: unknown, field: string): unknown {
  if (!isObject(value)) return value;
  return jsonText(value, field);
}

/** JSON.stringify, with a value too deep for it (it recurses) reported as bad input at its field. */
export function jsonText(value: unknown, field: string): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch (error) {
    const why = error instanceof RangeError ? 'nests too deeply to read' : 'cannot be written as JSON';
    throw new CheckInputError(field, why, 'a JSON value of ordinary depth', show(value));
  }
}

/**
 * A tool result the source marks as failed (`is_error`, `error-text`, `status: "error"`) in words
 * the checker reads as failed (core/turn.ts `reportsError`): as written when it already says so,
 * else after "Error: ".
 */
export function failedResult(text: string): string {
  return reportsError(text) ? text : `Error: ${text}`;
}

/** Part types that carry no text the rules read and are expected (images, files, audio): read as nothing, without a warning. */
export const MEDIA_PARTS: ReadonlySet<string> = new Set([
  'image', 'image_url', 'input_image', 'file', 'input_file', 'input_audio', 'audio', 'document', 'video', 'file-data', 'file-url', 'file-id', 'image-data', 'image-url', 'image-file-id', 'media', 'search_result',
]);

/**
 * The text of a list of content parts whose text sits in `text` (and, for a refusal, `refusal`),
 * for a tool result or a message: parts named in `silent` and media are read as nothing; any other
 * part without text is a warning at its field.
 */
export function partsText(parts: readonly unknown[], field: string, warn: WarningSink, silent: ReadonlySet<string> = NONE): string {
  const texts: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (typeof part === 'string') {
      texts.push(part);
      continue;
    }
    if (!isObject(part)) {
      warn({ field: `${field}[${i}]`, message: 'not a content part (ignored)' });
      continue;
    }
    if (typeof part.text === 'string') texts.push(part.text);
    else if (typeof part.refusal === 'string') texts.push(part.refusal);
    else if (typeof part.type === 'string' && (silent.has(part.type) || MEDIA_PARTS.has(part.type))) continue;
    else warn(unknownPart(`${field}[${i}]`, part.type));
  }
  return texts.join('\n');
}

export function unknownPart(field: string, type: unknown): { field: string; message: string } {
  const name = typeof type === 'string' ? `"${type.length > 40 ? `${type.slice(0, 40)}…` : type}"` : 'with no type';
  return { field, message: `unknown content part ${name}: not read (the checker reads text, tool calls and tool results)` };
}

const NONE: ReadonlySet<string> = new Set();

/** A tool result's content as text: a string as written, a list of parts as their text, anything else as JSON. */
export function resultText(value: unknown, field: string, warn: WarningSink): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  if (Array.isArray(value) && value.every((part) => isObject(part) && typeof part.type === 'string')) return partsText(value, field, warn);
  return jsonText(value, field);
}

/** An id as the turn record takes it: a string or a number, else '' (validation names it as missing). */
export function idOf(value: unknown): string | number {
  return typeof value === 'string' || typeof value === 'number' ? value : '';
}
