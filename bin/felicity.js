#!/usr/bin/env node
// The compiled command line (`npm run build`, run by `npm ci` and `npm install` through `prepare`).
import module from 'node:module';
import { setFlagsFromString } from 'node:v8';

// The rules' large patterns are compiled at their first use. By default V8 compiles each twice
// (to bytecode, run once, then to machine code); compiling once, to machine code, takes the
// start of `felicity check` from about 380 to about 100 ms of labelling. It changes no match.
// Set before anything is compiled, and for the worker threads too (V8's flags are per process).
setFlagsFromString('--no-regexp-tier-up');
// Node 22.1+: the compiled modules are kept in the temp folder and reused by the next start.
module.enableCompileCache?.();
try {
  await import('../dist/cli/main.js');
} catch (error) {
  // A clone whose build is missing or under way: say what to run instead of a loader stack trace.
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.url ?? '').endsWith('/dist/cli/main.js')) throw error;
  process.stderr.write('felicity: the build is missing (dist/cli/main.js): run `npm run build` (or `npm ci`) in the felicity folder\n');
  process.exitCode = 2;
}
