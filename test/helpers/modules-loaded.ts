/**
 * Which ES modules a `felicity` process loads, recorded by a module hook of its own (a load hook
 * registered before bin/felicity.js loads the build): for the specs of what start-up loads.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BIN, REPO } from './felicity-bin.ts';

export interface Loaded {
  code: number | null;
  /** Every module URL the process loaded, in load order. */
  urls: string[];
}

export async function modulesLoaded(args: readonly string[], stdin = ''): Promise<Loaded> {
  const dir = mkdtempSync(join(tmpdir(), 'felicity-modules-'));
  try {
    const log = join(dir, 'loaded.txt');
    writeFileSync(log, '');
    const hooks = join(dir, 'hooks.mjs');
    writeFileSync(hooks, `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(${JSON.stringify(log)}, url + '\\n'); return next(url, context); }\n`);
    const register = join(dir, 'register.mjs');
    writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
    const child = spawn(process.execPath, ['--import', pathToFileURL(register).href, BIN, ...args], { cwd: REPO, stdio: ['pipe', 'ignore', 'ignore'] });
    child.stdin.end(stdin);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    return { code, urls: readFileSync(log, 'utf8').split('\n').filter(Boolean) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
