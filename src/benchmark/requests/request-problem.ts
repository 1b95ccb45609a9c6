/**
 * A problem found in a request file: data, not an exception, so one pass reports all of them.
 * RequestFileError is the exception for input that cannot be read at all.
 */
export interface RequestProblem {
  file: string;
  /** 1-based line of the offending record (0 when the problem concerns the whole file). */
  line: number;
  /** The field at fault (`request`, `provenance.row_id`, …) or `(line)` for the record as a whole. */
  field: string;
  reason: string;
}

export function formatProblem(p: RequestProblem): string {
  return `${p.file}:${p.line}: ${p.field}: ${p.reason}`;
}

/** Thrown when a request or corpus file cannot be used at all; carries the facts for one line of stderr. */
export class RequestFileError extends Error {
  readonly file: string;
  readonly line: number;
  readonly expected: string;
  readonly got: string;

  constructor(facts: { file: string; line: number; expected: string; got: string }) {
    super(`${facts.file}:${facts.line}: expected ${facts.expected}, got ${facts.got}`);
    this.name = 'RequestFileError';
    this.file = facts.file;
    this.line = facts.line;
    this.expected = facts.expected;
    this.got = facts.got;
  }
}
