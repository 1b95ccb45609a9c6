/**
 * `felicity check` with no file reads stdin; on a terminal it says so (and how to end or give a
 * file) instead of waiting silently. The terminal is a real pseudo-terminal from util-linux
 * `script`; the test waits for the hint before typing Ctrl-D.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { BIN, REPO } from './helpers/felicity-bin.ts';

const hasScript = spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0;
const quote = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`;

/** Runs `felicity ARGS` on a pseudo-terminal; `typed` is sent once the output matches `waitFor`. */
function onTerminal(args: string[], waitFor: RegExp, typed: string): Promise<{ output: string; code: number | null }> {
  const command = [process.execPath, BIN, ...args].map(quote).join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: REPO, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  let sent = false;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    if (!sent && waitFor.test(output)) {
      sent = true;
      child.stdin.write(typed);
    }
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ output, code }));
  });
}

test('check with no file on a terminal says it reads the terminal, and how to end or give a file', { skip: hasScript ? false : 'util-linux script is not installed' }, async () => {
  const { output, code } = await onTerminal(['check'], /end with Ctrl-D/, '\x04');
  assert.equal(code, 0, output);
  assert.match(output, /felicity check: reading turn records \(JSON Lines\) from the terminal; end with Ctrl-D, or give a file: felicity check turns\.jsonl/);
  assert.match(output, /felicity check: 0 turns labelled/);
});

test('check reading a pipe prints no hint', async () => {
  const child = spawnSync(process.execPath, [BIN, 'check'], { cwd: REPO, input: '', encoding: 'utf8' });
  assert.equal(child.status, 0, child.stderr);
  assert.doesNotMatch(child.stderr, /from the terminal/);
});
