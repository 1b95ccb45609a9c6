/** "did you mean …?" for a mistyped name: the closest known name within a small edit distance. */

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1, d[(i - 1) * cols + j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = value;
    }
  }
  return d[rows * cols - 1]!;
}

/** The known name closest to `name` (case-insensitive), if within a third of its length (at least 2 edits); or one that starts with it. */
export function closest(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  let best: { name: string; d: number } | undefined;
  for (const k of known) {
    const d = editDistance(lower.slice(0, 64), k.toLowerCase());
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
