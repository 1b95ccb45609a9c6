/**
 * Runs `fn` over a stream with at most `limit` calls in flight and yields the results in input
 * order, so model judgments overlap while output stays line by line. Memory holds the window only.
 * A throw from `fn` is rethrown when its turn to be yielded comes.
 */
export async function* mapOrdered<T, R>(source: AsyncIterable<T> | Iterable<T>, limit: number, fn: (item: T) => Promise<R>): AsyncGenerator<R> {
  type Settled = { ok: true; value: R } | { ok: false; error: unknown };
  const window: Promise<Settled>[] = [];
  const start = (item: T): Promise<Settled> =>
    fn(item).then(
      (value) => ({ ok: true, value }),
      (error: unknown) => ({ ok: false, error }),
    );
  const take = async (): Promise<R> => {
    const settled = await window.shift()!;
    if (!settled.ok) throw settled.error;
    return settled.value;
  };
  for await (const item of source) {
    window.push(start(item));
    if (window.length >= Math.max(1, limit)) yield await take();
  }
  while (window.length > 0) yield await take();
}
