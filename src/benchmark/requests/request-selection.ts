/**
 * Which requests of a file a run uses: all, the first N (`--limit`) or a stratified sample
 * (`--sample N --seed S`), and whether a new selection extends a run's earlier one — every
 * earlier request still there, unchanged — so that a finished run can grow without redoing work.
 */
import type { RunConfig } from '../run-config.ts';
import type { RequestRecord } from './request-record.ts';
import { requestSetHash } from './request-set-hash.ts';
import { sampleRequests } from './sample-requests.ts';

export interface Selection {
  limit: number | null;
  sample?: { size: number; seed: number };
}

export function selectRequests(records: readonly RequestRecord[], selection: Selection): RequestRecord[] {
  if (selection.sample !== undefined) return sampleRequests(records, selection.sample.size, selection.sample.seed).sample;
  return selection.limit === null ? [...records] : records.slice(0, selection.limit);
}

/**
 * Why `selected` (from `file`, now) does not extend the run's `earlier` configuration, or
 * undefined when it does. The earlier requests are found in the file as they are now: by the
 * earlier --limit/--sample applied to it, or as its first requests (the file grew at the end);
 * either must reproduce the earlier request-set hash exactly.
 */
export function extensionProblem(file: readonly RequestRecord[], selected: readonly RequestRecord[], earlier: RunConfig): string | undefined {
  const candidates = [selectRequests(file, { limit: earlier.requests.limit, ...(earlier.requests.sample ? { sample: earlier.requests.sample } : {}) }), file.slice(0, earlier.requests.count)];
  const before = candidates.find((c) => c.length === earlier.requests.count && requestSetHash(c) === earlier.requests.hash);
  if (before === undefined) return `the request file no longer holds the run's ${earlier.requests.count} requests unchanged (set hash ${earlier.requests.hash})`;
  const now = new Set(selected.map((r) => r.id));
  const dropped = before.filter((r) => !now.has(r.id));
  if (dropped.length > 0) {
    const shown = dropped.slice(0, 3).map((r) => r.id).join(', ');
    return `this selection leaves out ${dropped.length} of the run's requests (${shown}${dropped.length > 3 ? ', …' : ''}); pick a larger --sample or --limit`;
  }
  return undefined;
}
