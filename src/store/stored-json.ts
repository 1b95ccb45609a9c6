/**
 * The JSON text columns of a felicity database (messages, usage, labels, fix steps), decoded and
 * checked for their shape. The database may have been edited by hand or by another program (a
 * shared PostgreSQL database is writable by a whole team): a damaged value is a typed error naming
 * the response, its request and the field, with what was expected and what was found, never a
 * SyntaxError from deep inside an export or a report.
 */

export class DamagedRecordError extends Error {
  constructor(
    readonly responseId: string,
    readonly field: string,
    readonly expected: string,
    readonly got: string,
    readonly requestId?: string,
  ) {
    super(`${damagedRecord(responseId, requestId, field, expected, got)} (repair or delete that row, or restore the database from a copy)`);
    this.name = 'DamagedRecordError';
  }

  /** The record and what is wrong with it, without the advice (a command says that once, after listing them all). */
  get record(): string {
    return damagedRecord(this.responseId, this.requestId, this.field, this.expected, this.got);
  }

  static isInstance(error: unknown): error is DamagedRecordError {
    return error instanceof Error && error.name === 'DamagedRecordError' && 'field' in error;
  }
}

/** What a command reading many records does with each damaged one: report it and go on with the others. */
export type DamageSink = (error: DamagedRecordError) => void;

/** What to tell the user once after damaged records were skipped. */
export const REPAIR_ADVICE = 'repair or delete those rows, or restore the database from a copy';

function damagedRecord(responseId: string, requestId: string | undefined, field: string, expected: string, got: string): string {
  const request = requestId === undefined ? '' : ` (request "${requestId}")`;
  return `response "${responseId}"${request}: field ${field} is damaged: expected ${expected}, got ${got}`;
}

export type StoredShape = 'list' | 'object';

/** The value of a JSON text column, which must be a list or an object. */
export function storedJson<T>(text: string, responseId: string, field: string, shape: StoredShape, requestId?: string): T {
  const expected = shape === 'list' ? 'a list' : 'an object';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const at = /at position (\d+)/.exec(error instanceof Error ? error.message : '');
    throw new DamagedRecordError(responseId, field, expected, `text that is not valid JSON${at ? ` (at character ${at[1]})` : ''}`, requestId);
  }
  const isList = Array.isArray(value);
  if (shape === 'list' ? !isList : value === null || typeof value !== 'object' || isList) {
    const got = isList ? 'a list' : value === null ? 'null' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
    throw new DamagedRecordError(responseId, field, expected, got, requestId);
  }
  return value as T;
}

/** `decode(value)`, or undefined after telling `onDamaged` when the value is damaged; without `onDamaged` the error is thrown. */
export function decodedOrSkipped<R, T>(value: R, decode: (value: R) => T, onDamaged: DamageSink | undefined): T | undefined {
  if (onDamaged === undefined) return decode(value);
  try {
    return decode(value);
  } catch (error) {
    if (!DamagedRecordError.isInstance(error)) throw error;
    onDamaged(error);
    return undefined;
  }
}
