/**
 * Near-duplicate detection by token Jaccard similarity. Requests are short (5–20 words), where a
 * set-of-words measure is stable and easy to explain; two requests that differ in one content word
 * out of ten score 0.82, so the threshold sits at 0.8.
 */

export const NEAR_DUPLICATE_THRESHOLD = 0.8;

/** Lower-cased word tokens with punctuation and apostrophes dropped ("Don't" → "dont"). */
export function tokenSet(text: string): Set<string> {
  const words = text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
  return new Set(words);
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared += 1;
  return shared / (a.size + b.size - shared);
}

export interface NearDuplicate {
  /** Index of the earlier item. */
  first: number;
  /** Index of the later item, the one reported. */
  second: number;
  similarity: number;
}

/**
 * Each later item that is a near-duplicate of an earlier one, paired with its most similar
 * predecessor. Quadratic, which is fine for sets of a few thousand requests.
 */
export function findNearDuplicates(texts: readonly string[], threshold = NEAR_DUPLICATE_THRESHOLD): NearDuplicate[] {
  const sets = texts.map(tokenSet);
  const found: NearDuplicate[] = [];
  for (let j = 1; j < sets.length; j++) {
    let best: NearDuplicate | undefined;
    for (let i = 0; i < j; i++) {
      const s = jaccard(sets[i]!, sets[j]!);
      if (s >= threshold && (!best || s > best.similarity)) best = { first: i, second: j, similarity: s };
    }
    if (best) found.push(best);
  }
  return found;
}
