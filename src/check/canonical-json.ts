/**
 * JSON with object keys sorted at every level, so equal values always give equal text (and equal
 * cache keys) whatever order their fields were built in. `undefined` fields are dropped, as
 * JSON.stringify drops them.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const field = (value as Record<string, unknown>)[key];
    if (field !== undefined) out[key] = sortKeys(field);
  }
  return out;
}
