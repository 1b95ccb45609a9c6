#!/usr/bin/env node
// The compiled command line (`npm run build`, run by `npm ci` and `npm install` through `prepare`).
import module from 'node:module';

// Node 22 calls its built-in SQLite (the benchmark store) experimental in a warning on stderr the
// first time a database opens; the store is tested on the Node versions felicity supports, so that
// line would only alarm users. process.execve (below) is experimental too: its warning would show
// only when the takeover is refused and the command runs here. Every other warning is printed as usual.
const emitWarning = process.emitWarning;
process.emitWarning = function (warning, ...rest) {
  const type = typeof rest[0] === 'string' ? rest[0] : rest[0]?.type;
  const message = typeof warning === 'string' ? warning : warning?.message;
  if (type === 'ExperimentalWarning' && /^(SQLite|process\.execve) is an experimental feature/.test(String(message))) return;
  return emitWarning.call(this, warning, ...rest);
};

// `felicity check` spends most of a small run compiling the rules' patterns, each twice under V8's
// default (bytecode at its first use, machine code at its second); started with
// --no-regexp-tier-up, V8 compiles each once, to machine code, and a run of a few turns takes half
// the time. V8 flags are only safe when the process starts, so this one takes over the process with
// a Node started with the flag (same pid, stdio, environment). Not for its help, nor under a
// debugger (it would pause twice); where the takeover is not possible (Windows, the permission
// model) the command runs here as it is.
const REGEXP_FLAG = '--no-regexp-tier-up';
const args = process.argv.slice(2);
if (args[0] === 'check' && !args.includes('--help') && !args.includes('-h') && canRestart()) {
  try {
    process.execve(process.execPath, [process.execPath, REGEXP_FLAG, ...process.execArgv, ...process.argv.slice(1)], process.env);
  } catch {
    // Carry on in this process.
  }
}

function canRestart() {
  if (process.execArgv.includes(REGEXP_FLAG) || process.execArgv.some((arg) => arg.startsWith('--inspect'))) return false;
  if (typeof process.execve !== 'function' || process.platform === 'win32' || process.platform === 'os400') return false;
  // Under the permission model Node would print its own start-up warnings a second time.
  if (process.permission !== undefined) return false;
  // A failed execve system call ends Node (it aborts), so the binary is checked first.
  const fs = process.getBuiltinModule('node:fs');
  try {
    fs.accessSync(process.execPath, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

// Compiled code of the modules is kept between runs (Node's compile cache, in its default folder);
// a cache that cannot be written is skipped by Node without a word.
module.enableCompileCache?.();

try {
  await import('../dist/cli/main.js');
} catch (error) {
  // A clone whose build is missing or under way: say what to run instead of a loader stack trace.
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.url ?? '').endsWith('/dist/cli/main.js')) throw error;
  process.stderr.write('felicity: the build is missing (dist/cli/main.js): run `npm run build` (or `npm ci`) in the felicity folder\n');
  process.exitCode = 2;
}
