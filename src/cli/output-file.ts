/**
 * Where `--out` writes. A regular file (or a new one) is written to a temporary file in the
 * target's folder and renamed over the target only when everything is written, so an interrupted
 * or crashed command never leaves half a file (at worst a stray `.NAME.*.tmp`). A symlink is
 * followed: its target gets the file and the link stays a link. A character device or a FIFO
 * (`/dev/null`, `/dev/stdout`, a named pipe) is written through, as a shell's `>` does: renaming
 * a file over it would replace the device. An output that is one of the inputs (the same file,
 * also through a symlink or hard link) is refused before anything is opened, since writing it
 * would empty it.
 *
 * Write failures (a full disk) come out of the stream as an `OutputFileError` and reject
 * `commit()`; they are never an unhandled 'error' event, and `abort()` removes the temp file.
 */
import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import path from 'node:path';
import { Writable } from 'node:stream';

export type OutputProblem = 'same_as_input' | 'missing_folder' | 'is_folder' | 'not_a_file' | 'cannot_write' | 'disk_full';

export class OutputFileError extends Error {
  readonly code = 'OUTPUT_FILE';
  constructor(
    readonly file: string,
    readonly problem: OutputProblem,
    readonly detail: string,
  ) {
    super(`--out ${file}: ${detail}`);
    this.name = 'OutputFileError';
  }

  static isInstance(error: unknown): error is OutputFileError {
    return error instanceof Error && error.name === 'OutputFileError' && 'problem' in error;
  }
}

export interface OutputFile {
  stream: Writable;
  /** Finishes writing and moves the file into place. @throws OutputFileError when a write failed. */
  commit(): Promise<void>;
  /** Drops what was written (a device or FIFO keeps what it was sent); the target is left as it was. */
  abort(): void;
}

function sameFile(a: fs.Stats, b: fs.Stats): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

/** The error a failed write or open stands for, in one line. */
export function writeFailure(file: string, error: unknown): OutputFileError {
  if (OutputFileError.isInstance(error)) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new OutputFileError(file, 'disk_full', `no space left on device (${code}); free some space or pick another --out`);
  }
  return new OutputFileError(file, 'cannot_write', `cannot write: ${code ?? (error as Error).message}`);
}

/** The path a chain of symlinks ends at (which may not exist yet, as `> link` creates it). */
function followLinks(file: string): string {
  let current = path.resolve(file);
  for (let hops = 0; hops < 40; hops++) {
    let stats: fs.Stats | undefined;
    try {
      stats = fs.lstatSync(current, { throwIfNoEntry: false });
    } catch (error) {
      throw writeFailure(file, error);
    }
    if (stats === undefined || !stats.isSymbolicLink()) return current;
    current = path.resolve(path.dirname(current), fs.readlinkSync(current));
  }
  throw new OutputFileError(file, 'cannot_write', 'too many levels of symbolic links (ELOOP)');
}

/** @param inputs files the command reads (not `-`): the output may be none of them. */
export async function openOutput(file: string, inputs: readonly string[] = []): Promise<OutputFile> {
  const real = followLinks(file);
  const target = fs.statSync(real, { throwIfNoEntry: false });
  if (target?.isDirectory()) throw new OutputFileError(file, 'is_folder', 'is a folder; give a file name');
  if (target !== undefined) {
    for (const input of inputs) {
      const stats = fs.statSync(input, { throwIfNoEntry: false });
      if (stats !== undefined && sameFile(stats, target)) {
        throw new OutputFileError(file, 'same_as_input', `is the input file ${input}; writing it would destroy the input (pick another --out)`);
      }
    }
    if (target.isCharacterDevice() || target.isFIFO()) return writeThrough(file, real);
    if (!target.isFile()) throw new OutputFileError(file, 'not_a_file', 'is neither a file, a character device nor a FIFO; give a file name');
  }
  const dir = path.dirname(real);
  const folder = fs.statSync(dir, { throwIfNoEntry: false });
  if (folder === undefined || !folder.isDirectory()) throw new OutputFileError(file, 'missing_folder', `folder ${dir} does not exist (create it first)`);
  // node:crypto loads here, not with the module: every `felicity check` imports this file, few write a file.
  const { randomBytes } = await import('node:crypto');
  const temp = path.join(dir, `.${path.basename(real)}.${randomBytes(4).toString('hex')}.tmp`);
  let fd: number;
  try {
    fd = fs.openSync(temp, 'wx', target?.mode ?? 0o666);
  } catch (error) {
    throw new OutputFileError(file, 'cannot_write', `cannot write in ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const stream = new FdSink(fd, file);
  let done = false;
  return {
    stream,
    async commit() {
      await finish(stream, file);
      fs.renameSync(temp, real);
      done = true;
    },
    abort() {
      if (done) return;
      done = true;
      stream.destroy();
      fs.rmSync(temp, { force: true });
    },
  };
}

/** A device or FIFO: opened as it is (a FIFO's open waits for its reader, off the main thread). */
async function writeThrough(file: string, real: string): Promise<OutputFile> {
  const fd = await new Promise<number>((resolve, reject) => fs.open(real, 'w', (error, opened) => (error ? reject(writeFailure(file, error)) : resolve(opened))));
  const stream = new FdSink(fd, file);
  return {
    stream,
    commit: () => finish(stream, file),
    abort: () => void stream.destroy(),
  };
}

async function finish(stream: Writable, file: string): Promise<void> {
  stream.end();
  try {
    await finished(stream);
  } catch (error) {
    throw writeFailure(file, error);
  }
}

/**
 * Writes to a file descriptor; a failed write fails the stream with an OutputFileError. It keeps
 * a listener on 'error' so a failure between two writes (a disk filling up while the caller is
 * busy) is held in `errored` and rejects `commit()`, instead of ending the process as an
 * unhandled 'error' event.
 */
class FdSink extends Writable {
  constructor(
    private readonly fd: number,
    private readonly file: string,
  ) {
    super({ decodeStrings: true });
    this.on('error', () => {});
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.writeAll(chunk, 0, callback);
  }

  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void): void {
    this.writeAll(Buffer.concat(chunks.map((c) => c.chunk)), 0, callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    fs.close(this.fd, () => callback(error));
  }

  /** A write may take part of the buffer (a pipe, a signal): the rest goes in the next one. */
  private writeAll(buffer: Buffer, from: number, callback: (error?: Error | null) => void): void {
    fs.write(this.fd, buffer, from, buffer.length - from, null, (error, written) => {
      if (error) return callback(writeFailure(this.file, error));
      if (from + written < buffer.length) return this.writeAll(buffer, from + written, callback);
      callback();
    });
  }
}
