/**
 * A pattern's test of a whole message, remembered for the messages that come back: the system
 * prompt is the same in every turn of a deployment, and a benchmark grid sends each request to
 * every model and setup. Bounded: the memory is dropped when it holds `capacity` messages, and a
 * message longer than `MAX_REMEMBERED_CHARS` is tested every time (at most 10 MB held per test).
 */
export const MAX_REMEMBERED_CHARS = 20_000;

export function rememberedTest(pattern: RegExp, capacity = 512): (text: string) => boolean {
  if (pattern.global || pattern.sticky) throw new TypeError(`rememberedTest needs a pattern without g or y (it keeps state): /${pattern.source}/${pattern.flags}`);
  const seen = new Map<string, boolean>();
  return (text) => {
    if (text.length > MAX_REMEMBERED_CHARS) return pattern.test(text);
    const known = seen.get(text);
    if (known !== undefined) return known;
    const result = pattern.test(text);
    if (seen.size >= capacity) seen.clear();
    seen.set(text, result);
    return result;
  };
}
