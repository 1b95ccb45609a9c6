/**
 * The rules' large patterns are compiled at their first use. By default V8 compiles each one
 * twice: to bytecode, run once in the interpreter, then again to machine code. Compiling each once,
 * straight to machine code, takes the first labels of a process from about 380 to about 100 ms of
 * CPU (`npm run bench:startup`) and changes no match. Commands that label call this before they
 * start; V8's flags are per process, so worker threads started after it compile the same way. The
 * library leaves the host process's flags alone.
 */
import { setFlagsFromString } from 'node:v8';

export const PATTERN_COMPILE_FLAG = '--no-regexp-tier-up';

export function compilePatternsOnce(): void {
  setFlagsFromString(PATTERN_COMPILE_FLAG);
}
