#!/usr/bin/env node
// The compiled command line (`npm run build`, run by `npm ci` and `npm install` through `prepare`).
try {
  await import('../dist/cli/main.js');
} catch (error) {
  // A clone whose build is missing or under way: say what to run instead of a loader stack trace.
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.url ?? '').endsWith('/dist/cli/main.js')) throw error;
  process.stderr.write('felicity: the build is missing (dist/cli/main.js): run `npm run build` (or `npm ci`) in the felicity folder\n');
  process.exitCode = 2;
}
