/**
 * Whether the guard may send a reply as checked: it passed the check, and the check read all of
 * it. A reply longer than the checker reads (MAX_REPLY_CHARS) may hide a promise past the cut, so
 * its label certifies only the part read, not the reply.
 */
import type { LabelRecord } from '../core/types.ts';

export function certifies(label: LabelRecord): boolean {
  return !label.failure && label.truncated !== true;
}
