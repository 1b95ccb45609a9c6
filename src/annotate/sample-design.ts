/**
 * Which items to annotate, the paper's way (pure): stratified (setup × category for a run, any
 * field for logs), half flagged by the checker and half not within each stratum when it has both,
 * a set of overlap items every annotator labels (for agreement), the rest split between them.
 */
import { Rng } from '../stats/rng.ts';
import { allocate, drawWithoutReplacement } from '../audit/two-stage.ts';

export interface Candidate {
  stratum: string;
  flagged: boolean;
}

export interface Assignment {
  /** Index into the candidates. */
  index: number;
  overlap: boolean;
  annotators: string[];
}

export function designAnnotation(candidates: readonly Candidate[], options: { size: number; overlap: number; annotators: readonly string[]; seed: number }): Assignment[] {
  const { size, overlap, annotators, seed } = options;
  if (annotators.length === 0) throw new RangeError('at least one annotator is needed');
  if (overlap > size) throw new RangeError(`overlap (${overlap}) cannot exceed the sample size (${size})`);
  const rng = new Rng(seed);
  const strata = new Map<string, { flagged: number[]; clear: number[] }>();
  candidates.forEach((c, i) => {
    let s = strata.get(c.stratum);
    if (!s) strata.set(c.stratum, (s = { flagged: [], clear: [] }));
    (c.flagged ? s.flagged : s.clear).push(i);
  });
  const names = [...strata.keys()].sort();
  const quotas = allocate(names.map((n) => strata.get(n)!.flagged.length + strata.get(n)!.clear.length), Math.min(size, candidates.length));
  const chosen: number[] = [];
  names.forEach((name, i) => {
    const s = strata.get(name)!;
    const quota = quotas[i]!;
    // Half flagged, half not; a side that runs short gives its places to the other.
    const flagged = Math.min(s.flagged.length, Math.max(Math.ceil(quota / 2), quota - s.clear.length));
    chosen.push(...drawWithoutReplacement(s.flagged, flagged, rng), ...drawWithoutReplacement(s.clear, quota - flagged, rng));
  });
  // Shuffle, so neither the order nor the position tells an annotator the stratum or the flag.
  for (let i = chosen.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [chosen[i], chosen[j]] = [chosen[j]!, chosen[i]!];
  }
  const overlapSet = new Set(drawWithoutReplacement(chosen, annotators.length > 1 ? overlap : 0, rng));
  let next = 0;
  return chosen.map((index) => {
    if (overlapSet.has(index)) return { index, overlap: true, annotators: [...annotators] };
    return { index, overlap: false, annotators: [annotators[next++ % annotators.length]!] };
  });
}
