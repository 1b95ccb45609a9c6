/**
 * `felicity check` labels in a Node started with --no-regexp-tier-up (each rule pattern compiled
 * once, to machine code): bin/felicity.js takes over its own process with one, keeping the pid, the
 * exit code and the output; its help and the other commands run in the process as started.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BIN, REPO } from './helpers/felicity-bin.ts';

interface Started {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The pid the test started, and what the process that ran the command reported at exit. */
  pid: number | undefined;
  ran: { pid: number; execArgv: string[] };
}

/** Runs `felicity ARGS` with a preloaded module that records the pid and Node flags at exit (it is preloaded again after a takeover). */
async function start(args: readonly string[], stdin = '', nodeOptions: (dir: string) => string[] = () => []): Promise<Started> {
  const dir = mkdtempSync(join(tmpdir(), 'felicity-start-'));
  try {
    const log = join(dir, 'ran.json');
    const hook = join(dir, 'hook.mjs');
    writeFileSync(hook, `import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => writeFileSync(${JSON.stringify(log)}, JSON.stringify({ pid: process.pid, execArgv: process.execArgv })));\n`);
    const child = spawn(process.execPath, [...nodeOptions(dir), '--import', pathToFileURL(hook).href, BIN, ...args], { cwd: REPO, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdin.end(stdin);
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    return { code, stdout, stderr, pid: child.pid, ran: JSON.parse(readFileSync(log, 'utf8')) as Started['ran'] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('felicity check starts Node with --no-regexp-tier-up', { skip: process.platform === 'win32' ? 'no process.execve on Windows' : false }, () => {
  test('check labels in the same process, restarted with the flag, and keeps its output and exit code', async () => {
    const r = await start(['check', 'examples/turns.jsonl']);
    assert.equal(r.code, 0);
    assert.equal(r.stdout.trim().split('\n').length, 18);
    assert.equal(r.ran.pid, r.pid);
    assert.ok(r.ran.execArgv.includes('--no-regexp-tier-up'), r.ran.execArgv.join(' '));
  });

  test('a bad line still exits 2 after the restart, reading stdin', async () => {
    const r = await start(['check'], '{"id": 1}\n');
    assert.equal(r.code, 2);
    assert.ok(r.ran.execArgv.includes('--no-regexp-tier-up'));
  });

  test('under the permission model check runs as started, with no warning about the takeover', async () => {
    const r = await start(['check', 'examples/turns.jsonl'], '', (dir) => ['--permission', '--allow-fs-read=*', `--allow-fs-write=${dir}`, '--allow-child-process']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout.trim().split('\n').length, 18);
    assert.ok(!r.ran.execArgv.includes('--no-regexp-tier-up'));
    assert.doesNotMatch(r.stderr, /ExperimentalWarning|execve/);
    assert.equal(r.stderr.match(/SecurityWarning/g)?.length, 1, r.stderr);
  });

  test('check --help and other commands run as started', async () => {
    for (const args of [['check', '--help'], ['--version'], ['requests', 'stats', '-']]) {
      const r = await start(args);
      assert.equal(r.code, 0, args.join(' '));
      assert.ok(!r.ran.execArgv.includes('--no-regexp-tier-up'), args.join(' '));
    }
  });
});
