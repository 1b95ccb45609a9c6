/**
 * The offline rules over a byte stream without an await per line: each chunk read is split into
 * lines, every complete line is labelled in one synchronous loop (results go to the reader's
 * `emit`, which gathers labels in a LineBatch), and only then does the loop wait, for the output to
 * take the batch and for the next chunk. Per-line awaits cost more than reading and splitting.
 */
import type { RulesLineReader } from '../check/check-jsonl.ts';
import { ByteLineSplitter } from '../check/byte-lines.ts';
import type { LineBatch } from './line-batch.ts';

/**
 * Labels every line of `input` through `reader`; a last line without a newline included. What was
 * labelled before a failure (a read error, a bug) is already written or still in `labels`, for the
 * caller to keep or drop.
 */
export async function labelChunks(input: AsyncIterable<Uint8Array>, reader: RulesLineReader, labels: LineBatch): Promise<void> {
  const lines = new ByteLineSplitter();
  for await (const chunk of input) {
    const loading = reader.readAll(lines.push(chunk));
    if (loading) await loading;
    const wait = labels.drained();
    if (wait) await wait;
  }
  const loading = reader.readAll(lines.end());
  if (loading) await loading;
}
