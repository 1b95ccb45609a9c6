/**
 * How a command fails on something the user can act on: one line on stderr naming the command
 * and the reason, and the exit code of its kind (src/cli/exit-codes.ts). Anything else is a bug
 * and keeps its stack trace.
 */
import { terminalSafe } from '../check/terminal-text.ts';
import { oneLine } from './usage-exit.ts';

export { UsageError } from './usage-exit.ts';

/** Wraps a command action so user errors end the command with one line and their exit code. */
export function guarded<A extends unknown[]>(command: string, action: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await action(...args);
    } catch (err) {
      // The error classes load only when a command fails: exit-codes.ts imports every one of them.
      const { exitCodeFor } = await import('./exit-codes.ts');
      const code = exitCodeFor(err);
      // Messages quote files and stored data: escape sequences in them are shown, never run.
      if (code === undefined) {
        // A bug keeps its stack trace, with the same escaping.
        process.stderr.write(`felicity ${command}: ${terminalSafe(err instanceof Error ? (err.stack ?? err.message) : String(err))}\n`);
        process.exitCode = 1;
        return;
      }
      process.stderr.write(`felicity ${command}: ${terminalSafe(oneLine(err as Error))}\n`);
      process.exitCode = code;
    }
  };
}
