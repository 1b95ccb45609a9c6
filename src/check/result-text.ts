/**
 * What one labelled line prints: its label record (JSON, one line) and its messages for stderr
 * (a bad line, an errored response, a failed judgment, a truncation warning, the explanation).
 * Shared by `felicity check` in one thread and by its worker threads, so both print the same bytes.
 */
import type { LineResult } from './check-jsonl.ts';
import { truncationWarning } from './check-jsonl.ts';
import { formatExplanation } from './explanation.ts';

export interface ResultText {
  /** The label record as one JSON line with its newline, or undefined when the line was not labelled. */
  label: string | undefined;
  /** Lines for stderr, each with its newline ('' when none). */
  messages: string;
}

export function resultText(result: LineResult, source: string, explain: boolean): ResultText {
  if ('problem' in result) return { label: undefined, messages: `${source}:${result.line}: ${result.problem.field}: ${result.problem.message}\n` };
  if ('errored' in result) return { label: undefined, messages: `${source}:${result.line}: error: the model call failed (${result.errored.error}); not labelled\n` };
  if ('failed' in result) return { label: undefined, messages: `${source}:${result.line}: ${result.failed.id}: ${result.failed.message}; not labelled\n` };
  const warning = result.label.truncated ? `${source}:${result.line}: warning: ${truncationWarning()}\n` : '';
  const explanation = explain ? `${formatExplanation(result.label.id, result.explanation)}\n` : '';
  return { label: `${JSON.stringify(result.label)}\n`, messages: warning + explanation };
}
