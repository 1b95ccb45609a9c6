/**
 * What one labelled line prints: its label record (JSON, one line) and its messages for stderr
 * (a bad line, an errored response, a failed judgment, a truncation warning, the explanation).
 * Shared by `felicity check` in one thread and by its worker threads, so both print the same bytes.
 */
import type { LineResult } from './check-jsonl.ts';
import { truncationWarning } from './check-jsonl.ts';
import { formatExplanation } from './explanation.ts';
import { terminalSafe, terminalSafeJson } from './terminal-text.ts';
import type { InputWarning } from './input-formats/input-format.ts';

export interface ResultText {
  /** The label record as one JSON line with its newline, or undefined when the line was not labelled. */
  label: string | undefined;
  /** Lines for stderr, each with its newline ('' when none). */
  messages: string;
}

export interface ResultTextOptions {
  /** Add each label's explanation to the messages (`--explain`). */
  explain: boolean;
  /** Labels go to a terminal: escape in JSON what `JSON.stringify` leaves raw (DEL, C1, bidi). */
  toTerminal: boolean;
}

/** `FILE:LINE: warning: FIELD: what was not read`, one line each; the field and type names are untrusted. */
function inputWarnings(warnings: readonly InputWarning[], source: string, line: number): string {
  let text = '';
  for (const warning of warnings) text += `${terminalSafe(`${source}:${line}: warning: ${warning.field}: ${warning.message}`)}\n`;
  return text;
}

/** Messages show the reply's escape codes, never send them raw: they are untrusted text bound for a terminal. */
export function resultText(result: LineResult, source: string, options: ResultTextOptions): ResultText {
  const read = result.notes === undefined ? '' : inputWarnings(result.notes.warnings, source, result.line);
  if ('problem' in result) return { label: undefined, messages: `${read}${terminalSafe(`${source}:${result.line}: ${result.problem.field}: ${result.problem.message}`)}\n` };
  if ('errored' in result) return { label: undefined, messages: `${read}${terminalSafe(`${source}:${result.line}: error: the model call failed (${result.errored.error}); not labelled`)}\n` };
  if ('failed' in result) return { label: undefined, messages: `${read}${terminalSafe(`${source}:${result.line}: ${result.failed.id}: ${result.failed.message}; not labelled`)}\n` };
  if ('notLabelled' in result) {
    // Written where its label would be, so the output still joins back to the input by id and order.
    const json = JSON.stringify(result.notLabelled);
    return { label: `${options.toTerminal ? terminalSafeJson(json) : json}\n`, messages: read };
  }
  const warning = `${read}${result.label.truncated ? `${source}:${result.line}: warning: ${truncationWarning()}\n` : ''}`;
  const explanation = options.explain ? `${terminalSafe(formatExplanation(result.label.id, result.explanation))}\n` : '';
  const json = JSON.stringify(result.label);
  return { label: `${options.toTerminal ? terminalSafeJson(json) : json}\n`, messages: warning + explanation };
}
