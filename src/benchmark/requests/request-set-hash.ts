/**
 * The request set's version: a content hash the runner records with every run, so results can be
 * tied to the exact requests they came from. It is computed over a canonical form (records in file
 * order, keys sorted, compact JSON, one per line), so reformatting a file does not change it but
 * any change to a value does.
 */
import { createHash } from 'node:crypto';
import type { RequestRecord } from './request-record.ts';

export const HASH_LENGTH = 12;

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = canonical((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/** The canonical file content: one compact, key-sorted JSON object per line. */
export function canonicalRequestText(records: readonly unknown[]): string {
  return records.map((r) => `${JSON.stringify(canonical(r))}\n`).join('');
}

/**
 * First 12 hex digits of sha256 over the canonical content. Text is parsed line by line (blank
 * lines ignored); a line that is not JSON throws, because a hash of a broken file names nothing.
 */
export function requestSetHash(input: string | readonly RequestRecord[] | readonly unknown[]): string {
  const records =
    typeof input === 'string'
      ? input
          .split('\n')
          .filter((l) => l.trim() !== '')
          .map((l) => JSON.parse(l) as unknown)
      : input;
  return createHash('sha256').update(canonicalRequestText(records)).digest('hex').slice(0, HASH_LENGTH);
}
