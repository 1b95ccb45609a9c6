/**
 * Matching predicted commitment spans to gold ones by normalised text overlap: both spans are
 * lowercased, apostrophes and dashes folded, punctuation dropped; two spans match when one holds
 * the other or their words overlap by at least half of the shorter span (overlap coefficient).
 * Matching is one-to-one, best overlap first (then closest in length), so one long predicted span
 * cannot claim two gold ones.
 */

export const MIN_OVERLAP = 0.5;

export function normaliseSpan(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc\u2032`]/g, "'")
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/[^\p{L}\p{N}'\s-]+/gu, ' ')
    .split(/\s+/)
    .filter((w) => w !== '' && w !== "'" && w !== '-');
}

export function spanOverlap(a: string, b: string): number {
  const x = normaliseSpan(a);
  const y = normaliseSpan(b);
  if (x.length === 0 || y.length === 0) return 0;
  const joinedX = ` ${x.join(' ')} `;
  const joinedY = ` ${y.join(' ')} `;
  if (joinedX.includes(joinedY) || joinedY.includes(joinedX)) return 1;
  const bag = new Map<string, number>();
  for (const w of x) bag.set(w, (bag.get(w) ?? 0) + 1);
  let shared = 0;
  for (const w of y) {
    const n = bag.get(w) ?? 0;
    if (n > 0) {
      shared++;
      bag.set(w, n - 1);
    }
  }
  return shared / Math.min(x.length, y.length);
}

/** Pairs [goldIndex, predictedIndex] of matched spans. */
export function matchSpans(gold: readonly string[], predicted: readonly string[]): [number, number][] {
  const candidates: { g: number; p: number; score: number; closeness: number }[] = [];
  gold.forEach((g, gi) =>
    predicted.forEach((p, pi) => {
      const score = spanOverlap(g, p);
      // Among equal overlaps, spans of similar length pair first (an exact span beats a containing one).
      const [x, y] = [normaliseSpan(g).length, normaliseSpan(p).length];
      if (score >= MIN_OVERLAP) candidates.push({ g: gi, p: pi, score, closeness: Math.min(x, y) / Math.max(x, y) });
    }),
  );
  candidates.sort((a, b) => b.score - a.score || b.closeness - a.closeness || a.g - b.g || a.p - b.p);
  const usedGold = new Set<number>();
  const usedPredicted = new Set<number>();
  const pairs: [number, number][] = [];
  for (const c of candidates) {
    if (usedGold.has(c.g) || usedPredicted.has(c.p)) continue;
    usedGold.add(c.g);
    usedPredicted.add(c.p);
    pairs.push([c.g, c.p]);
  }
  return pairs.sort((a, b) => a[0] - b[0]);
}
