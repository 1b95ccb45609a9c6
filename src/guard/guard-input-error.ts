/** A conversation the guard cannot work on: it names the field and what was expected. */
export class GuardInputError extends Error {
  readonly code = 'GUARD_INPUT';

  constructor(
    readonly field: string,
    readonly expected: string,
    readonly got: string,
  ) {
    super(`guardTurn: ${field}: expected ${expected}, got ${got}`);
    this.name = 'GuardInputError';
  }

  static isInstance(error: unknown): error is GuardInputError {
    return error instanceof Error && (error as { code?: unknown }).code === 'GUARD_INPUT';
  }
}
