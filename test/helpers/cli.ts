/**
 * Starting the run/export/judge commands as child processes of the compiled `felicity`, and
 * watching their database from outside, for the end-to-end tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readSqliteFile, valueOf } from '../../src/store/testing/sqlite-file.ts';
import fs from 'node:fs';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
/** The compiled command line, as a user runs it (`npm run build` made it). */
const BIN = fileURLToPath(new URL('../../bin/felicity.js', import.meta.url));

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface Started {
  child: ChildProcess;
  done: Promise<Finished>;
}

export function startCli(args: readonly string[]): Started {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<Finished>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, done };
}

export function runCli(args: readonly string[]): Promise<Finished> {
  return startCli(args).done;
}

/** Responses stored so far, read through a separate read-only connection (0 before the file exists). */
export function storedResponses(db: string): number {
  if (!fs.existsSync(db)) return 0;
  return readSqliteFile(db, (conn) => {
    const hasTable = valueOf(conn, "SELECT 1 FROM sqlite_master WHERE name = 'responses'") !== undefined;
    return hasTable ? valueOf<number>(conn, 'SELECT COUNT(*) FROM responses')! : 0;
  });
}

/** Polls until the database holds at least `n` responses (or the child exits first). */
export async function waitForResponses(db: string, n: number, started: Started): Promise<number> {
  let exited = false;
  void started.done.then(() => (exited = true));
  for (;;) {
    const count = storedResponses(db);
    if (count >= n) return count;
    if (exited) throw new Error(`the run exited with ${count} responses stored, before reaching ${n}: ${(await started.done).stderr}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
