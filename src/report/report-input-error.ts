/**
 * Why `felicity report` cannot use its input: a bad record line, runs from different request
 * sets, or a run without labels from the engine asked for. Each carries the facts it names.
 */
export class ReportInputError extends Error {
  readonly code: 'BAD_RECORD' | 'MIXED_REQUEST_SETS' | 'NO_JUDGMENTS' | 'NO_RESPONSES' | 'AMBIGUOUS_ENGINE';

  constructor(code: ReportInputError['code'], message: string, readonly facts: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ReportInputError';
    this.code = code;
  }

  static isInstance(error: unknown): error is ReportInputError {
    return error instanceof Error && error.name === 'ReportInputError' && 'code' in error;
  }
}
