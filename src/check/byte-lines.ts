/**
 * JSON Lines in as the CLI streams them. `ByteLineSplitter` (and `byteLines` over it) splits a
 * byte stream into lines (LF or CRLF) without decoding it, so each line can be decoded strictly
 * on its own and invalid UTF-8 reported at its line instead of turning into U+FFFD.
 */

/** Splits byte chunks into lines as they come: each chunk's complete lines at once, its unfinished tail kept for the next. */
export class ByteLineSplitter {
  private pending: Uint8Array[] = [];

  /** The lines this chunk ends, in order. A line inside one chunk is a view on it, never a copy; only a line across chunks is joined. */
  push(chunk: Uint8Array): Uint8Array[] {
    const lines: Uint8Array[] = [];
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
      lines.push(this.take(chunk.subarray(start, nl)));
      start = nl + 1;
    }
    if (start < chunk.length) this.pending.push(chunk.subarray(start));
    return lines;
  }

  /** The last line, when the input did not end with a newline. */
  end(): Uint8Array[] {
    return this.pending.length > 0 ? [this.take(new Uint8Array(0))] : [];
  }

  private take(last: Uint8Array): Uint8Array {
    const whole = this.pending.length === 0 ? last : Buffer.concat([...this.pending, last]);
    this.pending = [];
    return whole.at(-1) === 13 ? whole.subarray(0, -1) : whole;
  }
}

export async function* byteLines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const splitter = new ByteLineSplitter();
  for await (const chunk of chunks) yield* splitter.push(chunk);
  yield* splitter.end();
}
