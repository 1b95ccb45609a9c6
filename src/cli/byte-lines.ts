/**
 * JSON Lines in and out as the CLI streams them. `byteLines` splits a byte stream into lines (LF
 * or CRLF) without decoding it, so each line can be decoded strictly on its own and invalid UTF-8
 * reported at its line instead of turning into U+FFFD. `LineBatch` gathers output lines into few
 * large writes, since one write per label costs more than the labelling around it.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';

export async function* byteLines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let pending: Uint8Array[] = [];
  const take = (last: Uint8Array): Uint8Array => {
    // A line inside one chunk is a view on it, never a copy; only a line across chunks is joined.
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

/** Output lines written `size` characters at a time (0: each line at once), waiting when the output is full. */
export class LineBatch {
  private pending = '';

  constructor(
    private readonly output: Writable,
    private readonly size: number,
  ) {}

  /** Adds a line (with its newline); a promise to await when this filled the batch. */
  add(line: string): Promise<void> | undefined {
    this.pending += line;
    return this.pending.length >= this.size ? this.flush() : undefined;
  }

  /** Writes what is gathered, and waits while the output is over its limit. */
  async flush(): Promise<void> {
    const chunk = this.take();
    if (chunk !== '' && !this.output.write(chunk)) await once(this.output, 'drain');
  }

  /** What is gathered and not yet written, handed over and forgotten. */
  take(): string {
    const chunk = this.pending;
    this.pending = '';
    return chunk;
  }
}
