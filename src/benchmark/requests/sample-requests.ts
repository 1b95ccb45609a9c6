/**
 * `run --sample N --seed S`: a representative sample of a request set, stratified by category and
 * source. Deterministic (the same file, N and seed give the same requests), proportional with
 * largest-remainder allocation, and every stratum gets at least one request when N is at least the
 * number of strata. Within a stratum, requests are ranked by a hash of the seed and their id, so
 * the ranking does not depend on file order and a record appended later takes its own place
 * without moving the others. The sample keeps the file's order.
 */
import { createHash } from 'node:crypto';

export interface SampledRecord {
  id: string;
  category: string;
  source?: string;
}

export interface Stratum {
  key: string;
  size: number;
  take: number;
}

function stratumKey(record: SampledRecord): string {
  return record.source === undefined ? record.category : `${record.category}/${record.source}`;
}

function rank(seed: number, id: string): string {
  return createHash('sha256').update(`${seed}\u0000${id}`).digest('hex');
}

/**
 * How many of each stratum a sample of `n` takes: the integer parts of the proportional shares,
 * then one more to the largest remainders (ties: the larger stratum, then the key). When n allows,
 * a stratum left at zero takes one from the stratum holding the most.
 */
export function allocate(sizes: ReadonlyMap<string, number>, n: number): Map<string, number> {
  const keys = [...sizes.keys()].sort();
  const total = keys.reduce((sum, k) => sum + sizes.get(k)!, 0);
  const take = new Map<string, number>();
  if (n >= total) {
    for (const k of keys) take.set(k, sizes.get(k)!);
    return take;
  }
  const shares = keys.map((k) => ({ k, size: sizes.get(k)!, exact: (n * sizes.get(k)!) / total }));
  for (const s of shares) take.set(s.k, Math.floor(s.exact));
  let left = n - shares.reduce((sum, s) => sum + Math.floor(s.exact), 0);
  const byRemainder = [...shares].sort((a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)) || b.size - a.size || (a.k < b.k ? -1 : 1));
  for (const s of byRemainder) {
    if (left === 0) break;
    take.set(s.k, take.get(s.k)! + 1);
    left--;
  }
  if (n >= keys.length) {
    for (const k of keys) {
      if (take.get(k)! > 0) continue;
      const donor = keys.reduce((best, c) => (take.get(c)! > take.get(best)! ? c : best), keys[0]!);
      take.set(donor, take.get(donor)! - 1);
      take.set(k, 1);
    }
  }
  return take;
}

/** The sample of `n` requests (all of them when n is at least their number), in file order. */
export function sampleRequests<R extends SampledRecord>(records: readonly R[], n: number, seed: number): { sample: R[]; strata: Stratum[] } {
  const groups = new Map<string, R[]>();
  for (const r of records) {
    const key = stratumKey(r);
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const take = allocate(new Map([...groups].map(([k, rs]) => [k, rs.length])), n);
  const chosen = new Set<string>();
  for (const [key, members] of groups) {
    const ranked = members.map((r) => ({ id: r.id, rank: rank(seed, r.id) })).sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
    for (const m of ranked.slice(0, take.get(key)!)) chosen.add(m.id);
  }
  const strata = [...groups.keys()].sort().map((key) => ({ key, size: groups.get(key)!.length, take: take.get(key)! }));
  return { sample: records.filter((r) => chosen.has(r.id)), strata };
}
