/**
 * The code version recorded with a run: the package version plus the git commit when the sources
 * are a git checkout ("0.1.0+d786708", "+dirty" when uncommitted changes exist), so results can be
 * traced to the code that produced them.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PACKAGE_ROOT } from '../bundled-files.ts';

const ROOT = PACKAGE_ROOT;

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null; // not a checkout (installed package) or no git: the package version alone
  }
}

let cached: string | undefined;

export function codeVersion(): string {
  if (cached !== undefined) return cached;
  const pkg = JSON.parse(readFileSync(new URL('package.json', `file://${ROOT}`), 'utf8')) as { version: string };
  const commit = git(['rev-parse', '--short', 'HEAD']);
  const dirty = commit !== null && (git(['status', '--porcelain', '--untracked-files=no']) ?? '') !== '';
  cached = commit === null ? pkg.version : `${pkg.version}+${commit}${dirty ? '-dirty' : ''}`;
  return cached;
}
