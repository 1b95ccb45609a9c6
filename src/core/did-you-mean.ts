/** "did you mean …?" for a mistyped name: the closest known name within a small edit distance. */

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** The known name closest to `name` (case-insensitive), if within a third of its length (at least 2 edits); or one that starts with it. */
export function closest(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  let best: { name: string; d: number } | undefined;
  for (const k of known) {
    const d = distance(lower, k.toLowerCase());
    if (best === undefined || d < best.d) best = { name: k, d };
  }
  if (best !== undefined && best.d <= Math.max(2, Math.floor(name.length / 3))) return best.name;
  return lower.length >= 3 ? known.find((k) => k.toLowerCase().startsWith(lower)) : undefined;
}

/** ` (did you mean "x"?)`, or nothing. */
export function didYouMean(name: string, known: readonly string[]): string {
  const match = closest(name, known);
  return match === undefined ? '' : ` (did you mean "${match}"?)`;
}
