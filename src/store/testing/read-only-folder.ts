/**
 * A really read-only folder holding a felicity database, for tests: a read-only bind mount when
 * running as root with mount rights (chmod does not stop root), a chmod-ed folder otherwise.
 * Undefined when neither can be had (root without mount rights): the caller skips and says why.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Store } from '../index.ts';

export const NO_READ_ONLY_FOLDER = 'no read-only folder can be made here (root without mount rights)';

export async function readOnlyFolder(fill: (store: Store) => Promise<unknown> = async () => {}): Promise<{ dir: string; cleanup: () => void } | undefined> {
  const source = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-ro-'));
  const store = await Store.open(path.join(source, 'r.db'));
  await fill(store);
  await store.close();
  if (process.getuid?.() !== 0) {
    fs.chmodSync(path.join(source, 'r.db'), 0o444);
    fs.chmodSync(source, 0o555);
    return { dir: source, cleanup: () => fs.chmodSync(source, 0o755) };
  }
  const target = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-ro-mount-'));
  try {
    execFileSync('mount', ['--bind', source, target], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  try {
    execFileSync('mount', ['-o', 'remount,ro,bind', target], { stdio: 'ignore' });
  } catch {
    execFileSync('umount', [target], { stdio: 'ignore' });
    return undefined;
  }
  return { dir: target, cleanup: () => execFileSync('umount', [target], { stdio: 'ignore' }) };
}
