/**
 * `felicity check --jobs N`: the input cut into blocks of whole lines as it is read, each block
 * labelled by a worker thread, the results written in input order. At most two blocks per worker
 * are in flight, so memory stays bounded on a file of any size and a slow output slows the
 * reading. An input that fits in one block is labelled in this thread: starting workers would
 * cost more than the labelling; so is the start of a stream, up to `startAfterBytes`.
 */
import type { BlockResult, BlockTask } from '../check/label-block.ts';
import type { CheckPool } from '../check/check-pool.ts';

type BlockMeta = Omit<BlockTask, 'bytes' | 'firstLine' | 'last'>;

export interface ParallelLabelling {
  /**
   * Bytes labelled in this thread before workers start (a stream of unknown size: workers only
   * once it has proved large enough to pay for them); 0 or absent: from the second block.
   */
  startAfterBytes?: number;
  /** Creates the pool when the input turns out to need more than one block. */
  pool: () => Promise<CheckPool>;
  /** Labels a block in this thread. */
  inThisThread: (task: BlockTask) => Promise<BlockResult>;
  /** Takes each block's results, in input order; its promise is awaited before more is read. */
  write: (result: BlockResult) => Promise<void> | void;
}

export async function labelBlocksInOrder(input: AsyncIterable<Uint8Array>, meta: BlockMeta, how: ParallelLabelling): Promise<void> {
  let pool: CheckPool | undefined;
  let held: BlockTask | undefined;
  const inFlight: Promise<BlockResult>[] = [];
  let carry: Uint8Array[] = [];
  let line = 1;
  let read = 0;
  const startAfter = how.startAfterBytes ?? 0;

  const submit = (task: BlockTask): void => {
    const result = pool!.labelBlock(task);
    // Awaited in order below; until then a rejection must not count as unhandled.
    result.catch(() => {});
    inFlight.push(result);
  };
  const writeOldest = async (): Promise<void> => {
    const result = await inFlight.shift()!;
    await how.write(result);
  };

  try {
    for await (const chunk of input) {
      const end = chunk.lastIndexOf(10);
      if (end === -1) {
        carry.push(chunk);
        continue;
      }
      const task: BlockTask = { ...meta, bytes: Buffer.concat([...carry, chunk.subarray(0, end + 1)]), firstLine: line, last: false };
      carry = end + 1 < chunk.length ? [chunk.subarray(end + 1)] : [];
      line += newlines(task.bytes);
      const before = read;
      read += task.bytes.length;
      if (pool === undefined && before < startAfter) {
        await how.write(await how.inThisThread(task));
        continue;
      }
      if (pool === undefined && held === undefined) {
        held = task;
        continue;
      }
      if (pool === undefined) {
        pool = await how.pool();
        submit(held!);
        held = undefined;
      }
      submit(task);
      while (inFlight.length >= 2 * pool.jobs) await writeOldest();
    }
    const tail: BlockTask | undefined = carry.length > 0 ? { ...meta, bytes: Buffer.concat(carry), firstLine: line, last: true } : undefined;
    if (pool === undefined) {
      // The whole input was one block (or none): this thread labels it.
      if (held !== undefined) await how.write(await how.inThisThread(held));
      if (tail !== undefined) await how.write(await how.inThisThread(tail));
      return;
    }
    if (tail !== undefined) submit(tail);
    while (inFlight.length > 0) await writeOldest();
  } finally {
    await Promise.allSettled(inFlight);
    await pool?.destroy();
  }
}

function newlines(bytes: Uint8Array): number {
  let count = 0;
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) count++;
  return count;
}
