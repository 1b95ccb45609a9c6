import { boundedJson } from './bounded-json.ts';

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

/** Characters of an offending value an error quotes. */
const SHOWN = 60;

/**
 * A short rendering of an offending value for an error message. Only what is shown is read: the
 * value may nest deeper than the stack, or (from a library caller) hold a cycle or a BigInt.
 */
export function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  return boundedJson(value, SHOWN);
}
