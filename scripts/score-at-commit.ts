/**
 * Scores hand-labelled turn files with the rules checker as it stood at a past commit: the tree at
 * that commit is checked out in a temporary git worktree (node_modules linked from this one), its
 * `check()` labels every turn of each file as the file stood at that commit, and today's scorer
 * counts the outcome κ and failure recall the labelled-cases test asks for, with and without the
 * turns' `doable_override`. This is how the tuned sets' before-fix (blind) numbers are reproduced.
 *
 *   npm run eval:at-commit -- COMMIT FILE[:FIRST-LAST]...
 *   npm run eval:at-commit -- 450a78c test/fixtures/cases-d.jsonl
 *   npm run eval:at-commit -- 10f9127 test/fixtures/cases-c.jsonl:101-200
 *
 * FIRST-LAST picks rows by their 1-based line number (to score only the rows a commit added).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatOutcomeScores, scoreTurnFile, type CheckTurn } from './lib/outcome-scores.ts';

const [commit, ...specs] = process.argv.slice(2);
if (!commit || specs.length === 0) {
  console.error('usage: npm run eval:at-commit -- COMMIT FILE[:FIRST-LAST]...');
  process.exit(2);
}
const repo = resolve(import.meta.dirname, '..');
const git = (...args: string[]) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8' }).trim();
const sha = git('rev-parse', '--verify', `${commit}^{commit}`);
const tree = mkdtempSync(join(tmpdir(), `felicity-${sha.slice(0, 7)}-`));
try {
  git('worktree', 'add', '--detach', '--quiet', tree, sha);
  symlinkSync(join(repo, 'node_modules'), join(tree, 'node_modules'));
  const checkModule = join(tree, 'src/check/check.ts');
  if (!existsSync(checkModule)) throw new Error(`${sha.slice(0, 7)} has no src/check/check.ts to score with`);
  const { check } = (await import(pathToFileURL(checkModule).href)) as { check: CheckTurn };
  console.log(`${sha.slice(0, 7)} ${git('log', '-1', '--format=%ad %s', '--date=iso', sha).slice(0, 110)}`);
  for (const spec of specs) {
    const [file, range] = spec.split(':') as [string, string | undefined];
    const [first, last] = range ? range.split('-').map(Number) as [number, number] : [1, Infinity];
    const path = join(tree, file);
    if (!existsSync(path)) throw new Error(`${file} does not exist at ${sha.slice(0, 7)}`);
    const scores = scoreTurnFile(path, check, { first, last });
    console.log(`  ${spec}: ${formatOutcomeScores(scores)}`);
  }
} finally {
  rmSync(join(tree, 'node_modules'), { force: true });
  execFileSync('git', ['-C', repo, 'worktree', 'remove', '--force', tree], { stdio: 'ignore' });
  rmSync(tree, { recursive: true, force: true });
}
