/**
 * A log file cut into byte ranges of whole lines, for a chunked audit (chunked-audit.ts). A range
 * ends just after a newline byte (or at the end of the file), so every line belongs to exactly one
 * range and a record is never split. Cutting only after a 0x0A byte is safe for the bytes around
 * it: in UTF-8 that byte is never part of a multi-byte character, `\r\n` stays whole (the cut
 * falls after its `\n`), and a byte order mark can only be at the file's start, in the first range.
 * Pure: the bytes come from a `ReadAt` function (a file handle, or a buffer in tests).
 */

/** Up to `length` bytes at `position` (fewer only at the end of the file). */
export type ReadAt = (position: number, length: number) => Promise<Uint8Array>;

export interface ChunkRange {
  start: number;
  end: number;
}

/** Bytes read at a time while looking for the end of a line. */
const WINDOW = 64 * 1024;

/** The first line start at or after `at`: 0, a position just after a newline, or `size`. */
export async function lineStartAtOrAfter(at: number, size: number, readAt: ReadAt): Promise<number> {
  if (at <= 0) return 0;
  if (at >= size) return size;
  // Byte at-1 decides whether `at` itself starts a line.
  for (let position = at - 1; position < size; ) {
    const bytes = await readAt(position, Math.min(WINDOW, size - position));
    if (bytes.length === 0) break;
    const newline = bytes.indexOf(10);
    if (newline !== -1) return position + newline + 1;
    position += bytes.length;
  }
  return size;
}

/**
 * Consecutive ranges covering [0, size), each at least `chunkBytes` long (but the last) and moved
 * forward to the next line start; a line longer than `chunkBytes` makes its range longer.
 */
export async function chunkRanges(size: number, chunkBytes: number, readAt: ReadAt): Promise<ChunkRange[]> {
  if (!(Number.isInteger(chunkBytes) && chunkBytes >= 1)) throw new RangeError(`chunkBytes must be an integer ≥ 1, got ${chunkBytes}`);
  const ranges: ChunkRange[] = [];
  for (let start = 0; start < size; ) {
    const end = await lineStartAtOrAfter(start + chunkBytes, size, readAt);
    ranges.push({ start, end });
    start = end;
  }
  return ranges;
}

/** A ReadAt over bytes in memory. */
export function bufferReadAt(bytes: Uint8Array): ReadAt {
  return async (position, length) => bytes.subarray(position, position + length);
}
