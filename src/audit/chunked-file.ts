/**
 * The log file a chunked audit reads, as every worker sees it at the same path: its identity (size
 * and a hash of its first and last MiB, so a copy on another machine matches but an edited or
 * replaced file does not, without reading all of a huge file) and its cut into ranges.
 */
import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import { chunkRanges, type ChunkRange, type ReadAt } from './chunked-ranges.ts';

export interface FileIdentity {
  size: number;
  /** sha256 of the size, the first MiB and the last MiB. */
  hash: string;
  mtimeMs: number;
}

const EDGE = 1024 * 1024;

function handleReadAt(handle: FileHandle): ReadAt {
  return async (position, length) => {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  };
}

export async function fileIdentity(file: string): Promise<FileIdentity> {
  const handle = await open(file, 'r');
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw Object.assign(new Error(`${file}: not a regular file`), { code: 'EISDIR' });
    const readAt = handleReadAt(handle);
    const hash = createHash('sha256').update(String(stat.size)).update(await readAt(0, Math.min(EDGE, stat.size)));
    if (stat.size > EDGE) hash.update(await readAt(Math.max(EDGE, stat.size - EDGE), Math.min(EDGE, stat.size - EDGE)));
    return { size: stat.size, hash: hash.digest('hex'), mtimeMs: stat.mtimeMs };
  } finally {
    await handle.close();
  }
}

export async function fileChunkRanges(file: string, size: number, chunkBytes: number): Promise<ChunkRange[]> {
  const handle = await open(file, 'r');
  try {
    return await chunkRanges(size, chunkBytes, handleReadAt(handle));
  } finally {
    await handle.close();
  }
}
