/**
 * Where `--out` writes: a temporary file in the target's folder, renamed over the target only
 * when everything is written, so an interrupted or crashed command never leaves half a file (at
 * worst a stray `.NAME.*.tmp`). An output that is one of the inputs (the same file, also through
 * a symlink or hard link) is refused before anything is opened, since writing it would empty it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';

export type OutputProblem = 'same_as_input' | 'missing_folder' | 'is_folder' | 'cannot_write';

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
  /** Finishes writing and moves the file into place. */
  commit(): Promise<void>;
  /** Drops what was written; the target is left as it was. */
  abort(): void;
}

function sameFile(a: fs.Stats, b: fs.Stats): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

/** @param inputs files the command reads (not `-`): the output may be none of them. */
export async function openOutput(file: string, inputs: readonly string[] = []): Promise<OutputFile> {
  const target = fs.statSync(file, { throwIfNoEntry: false });
  if (target?.isDirectory()) throw new OutputFileError(file, 'is_folder', 'is a folder; give a file name');
  if (target !== undefined) {
    for (const input of inputs) {
      const stats = fs.statSync(input, { throwIfNoEntry: false });
      if (stats !== undefined && sameFile(stats, target)) {
        throw new OutputFileError(file, 'same_as_input', `is the input file ${input}; writing it would destroy the input (pick another --out)`);
      }
    }
  }
  const dir = path.dirname(path.resolve(file));
  const folder = fs.statSync(dir, { throwIfNoEntry: false });
  if (folder === undefined || !folder.isDirectory()) throw new OutputFileError(file, 'missing_folder', `folder ${dir} does not exist (create it first)`);
  const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(4).toString('hex')}.tmp`);
  let stream: fs.WriteStream;
  try {
    const fd = fs.openSync(temp, 'wx', target?.mode ?? 0o666);
    stream = fs.createWriteStream(temp, { fd });
  } catch (error) {
    throw new OutputFileError(file, 'cannot_write', `cannot write in ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let done = false;
  return {
    stream,
    async commit() {
      stream.end();
      await finished(stream);
      fs.renameSync(temp, file);
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
