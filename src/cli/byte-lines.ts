/**
 * Splits a byte stream into lines (LF or CRLF) without decoding it, so each line can be decoded
 * strictly on its own and invalid UTF-8 reported at its line instead of turning into U+FFFD.
 */
export async function* byteLines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let pending: Uint8Array[] = [];
  const take = (last: Uint8Array): Uint8Array => {
    const whole = pending.length === 0 ? last : Buffer.concat([...pending, last]);
    pending = [];
    return whole.at(-1) === 13 ? whole.subarray(0, -1) : whole;
  };
  for await (const chunk of chunks) {
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
      yield take(chunk.subarray(start, nl));
      start = nl + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length > 0) yield take(new Uint8Array(0));
}
