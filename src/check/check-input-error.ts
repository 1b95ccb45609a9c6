/**
 * Bad input to the checker, as data: which field, what was expected, what was found. The CLI
 * adds the file and line; the library caller gets the same facts.
 */
export class CheckInputError extends Error {
  override readonly name = 'CheckInputError';
  constructor(
    readonly field: string,
    readonly problem: string,
    readonly expected?: string,
    readonly got?: string,
  ) {
    super(`${field}: ${problem}${expected ? ` (expected ${expected}${got !== undefined ? `, got ${got}` : ''})` : ''}`);
  }

  static isInstance(error: unknown): error is CheckInputError {
    return error instanceof Error && error.name === 'CheckInputError' && 'field' in error;
  }
}

/** A short, bounded rendering of an offending value for an error message. */
export function show(value: unknown): string {
  const text = value === undefined ? 'nothing' : typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
