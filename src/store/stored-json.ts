/**
 * The JSON text columns of a felicity database (messages, usage, labels, fix steps), decoded and
 * checked for their shape. The database may have been edited by hand or by another program (a
 * shared PostgreSQL database is writable by a whole team): a damaged value is a typed error naming
 * the response and the field, never a SyntaxError from deep inside an export or a report.
 */

export class DamagedRecordError extends Error {
  constructor(
    readonly responseId: string,
    readonly field: string,
    readonly problem: string,
  ) {
    super(`response "${responseId}": field ${field} is damaged: ${problem} (repair or delete that row, or restore the database from a copy)`);
    this.name = 'DamagedRecordError';
  }
}

export type StoredShape = 'list' | 'object';

/** The value of a JSON text column, which must be a list or an object. */
export function storedJson<T>(text: string, responseId: string, field: string, shape: StoredShape): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const at = /at position (\d+)/.exec(error instanceof Error ? error.message : '');
    throw new DamagedRecordError(responseId, field, `not valid JSON${at ? ` (at character ${at[1]})` : ''}`);
  }
  const isList = Array.isArray(value);
  if (shape === 'list' ? !isList : value === null || typeof value !== 'object' || isList) {
    const got = isList ? 'a list' : value === null ? 'null' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
    throw new DamagedRecordError(responseId, field, `expected ${shape === 'list' ? 'a list' : 'an object'}, got ${got}`);
  }
  return value as T;
}
