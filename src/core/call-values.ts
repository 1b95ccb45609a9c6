/**
 * What one call carried, as a report is compared with it: the words of its arguments and result
 * (names, titles, ids, channels), and the targets its result lists as failed ("failed": [{"name":
 * "Patio sprinkler"}]). Pure; bounded, because results are untrusted.
 */
import type { ToolActivity } from './turn.ts';

/** Characters of arguments and result read for values. */
const MAX_VALUE_CHARS = 4_000;

/** The call's arguments and result as lower-case words joined by single spaces, with a space at each end ("#social" → " social "). */
export function callValues(call: ToolActivity): string {
  const raw = `${call.rawArguments.slice(0, MAX_VALUE_CHARS)} ${(call.result ?? '').slice(0, MAX_VALUE_CHARS)}`;
  return ` ${valueWords(raw)} `;
}

/** Lower-case runs of letters and digits, joined by single spaces: how a value is compared ("Q1-Budget" = "q1 budget"). */
export function valueWords(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

/** Keys under which a result lists what it could not do, and what it did. */
const FAILED_KEYS = /^(?:failed|failures|failed_?(?:targets|entities|items|devices)|unsuccessful)$/i;
const DONE_KEYS = /^(?:success|succeeded|successful|done)$/i;
/** The opening of a quoted failure key: one scan of the result. */
const FAILED_KEY_OPENING = /"(?:fail|unsuccessful)/i;

/** A failed target of a call: its name as the result gives it, and its words no target done shares. */
export interface FailedTarget {
  name: string;
  ownWords: string[];
}

/**
 * The targets a successful call's result lists as failed, or undefined when it lists none: each
 * entry's `name`, `title`, `entity_id` or `id` (or the entry itself, a string), with the words of it
 * that no target listed as done shares ("patio" is in "Patio lights" too; "sprinkler" is its own).
 *
 *   reads:   {"success": [{"name": "Patio lights"}], "failed": [{"name": "Patio sprinkler"}]} → patio sprinkler (sprinkler)
 *   ignores: {"failed": []} / {"status": "failed"} (a failed call: LABELING.md rule 21) / text results
 */
export function failedTargets(result: string | null): FailedTarget[] | undefined {
  // A key of a failure list is quoted: most results hold none and are not parsed.
  if (result === null || result.length > 100_000 || !FAILED_KEY_OPENING.test(result)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(result);
  } catch {
    return undefined;
  }
  const failed: string[] = [];
  const done: string[] = [];
  collect(parsed, 0, failed, done);
  if (failed.length === 0) return undefined;
  const doneWords = new Set(done.flatMap((name) => valueWords(name).split(' ')));
  return failed.map((name) => ({ name, ownWords: valueWords(name).split(' ').filter((word) => word.length > 1 && !doneWords.has(word)) }));
}

function collect(value: unknown, depth: number, failed: string[], done: string[]): void {
  if (depth > 4 || value === null || typeof value !== 'object' || failed.length >= 50) return;
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 50)) collect(item, depth + 1, failed, done);
    return;
  }
  for (const [key, inner] of Object.entries(value)) {
    const list = FAILED_KEYS.test(key) ? failed : DONE_KEYS.test(key) ? done : undefined;
    if (list !== undefined && Array.isArray(inner)) {
      for (const entry of inner.slice(0, 50)) {
        const name = typeof entry === 'string' ? entry : entry !== null && typeof entry === 'object' ? nameOf(entry as Record<string, unknown>) : undefined;
        if (name !== undefined && name.length <= 200) list.push(name);
      }
    } else collect(inner, depth + 1, failed, done);
  }
}

function nameOf(entry: Record<string, unknown>): string | undefined {
  for (const key of ['name', 'title', 'entity_id', 'id']) if (typeof entry[key] === 'string') return entry[key] as string;
  return undefined;
}
