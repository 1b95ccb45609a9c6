#!/usr/bin/env node
// The compiled command line (`npm run build`, run by `npm ci` and `npm install` through `prepare`).

// Node 22 calls its built-in SQLite (the benchmark store) experimental in a warning on stderr the
// first time a database opens; the store is tested on the Node versions felicity supports, so that
// line would only alarm users. Every other warning is printed as usual.
const emitWarning = process.emitWarning;
process.emitWarning = function (warning, ...rest) {
  const type = typeof rest[0] === 'string' ? rest[0] : rest[0]?.type;
  const message = typeof warning === 'string' ? warning : warning?.message;
  if (type === 'ExperimentalWarning' && /^SQLite is an experimental feature/.test(String(message))) return;
  return emitWarning.call(this, warning, ...rest);
};

try {
  await import('../dist/cli/main.js');
} catch (error) {
  // A clone whose build is missing or under way: say what to run instead of a loader stack trace.
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.url ?? '').endsWith('/dist/cli/main.js')) throw error;
  process.stderr.write('felicity: the build is missing (dist/cli/main.js): run `npm run build` (or `npm ci`) in the felicity folder\n');
  process.exitCode = 2;
}
