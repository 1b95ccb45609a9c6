/**
 * Special places to write to, for the `--out` tests: a tiny tmpfs that fills up (a full disk on
 * the temp-file path), and device nodes made with mknod (a full device, a null device) so a test
 * never points felicity at the machine's own /dev. Each needs root with mount or mknod rights;
 * undefined otherwise, and the caller skips with the reason given here.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const NO_SMALL_DISK = 'no small disk can be mounted here (needs root with mount rights)';
export const NO_DEVICE_NODES = 'no device node can be made here (needs root with mknod rights)';

/** A mounted tmpfs of `kib` KiB; `cleanup` unmounts it. */
export function smallDisk(kib: number): { dir: string; cleanup: () => void } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${kib}k`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  return { dir, cleanup: () => execFileSync('umount', [dir], { stdio: 'ignore' }) };
}

/** Linux's memory devices by minor number (major 1): null discards, full fails every write with ENOSPC. */
const MINOR = { null: 3, full: 7 } as const;

/** A character device node `name` in `dir` (`null` or `full`), or undefined without mknod rights. */
export function deviceNode(dir: string, name: string, kind: keyof typeof MINOR): string | undefined {
  const file = path.join(dir, name);
  try {
    execFileSync('mknod', [file, 'c', '1', String(MINOR[kind])], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  return file;
}
