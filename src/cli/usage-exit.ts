/**
 * What every command needs from the exit codes at start-up: the codes, the usage error, one-line
 * messages and commander's usage errors exiting 2. Which error classes are bad input and which a
 * failure is in exit-codes.ts, which imports each of those classes: it loads when a command fails.
 */
import { DeploymentError } from '../setups/deployment-error.ts';

export const EXIT = { done: 0, failed: 1, badInput: 2, interrupted: 130 } as const;

/** A bad option or argument, found by the command itself. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  readonly code = 'USAGE';

  static isInstance(error: unknown): error is UsageError {
    return error instanceof Error && error.name === 'UsageError';
  }
}

/** One line: a deployment file with several mistakes lists them all, separated by "; ". */
export function oneLine(error: Error): string {
  if (DeploymentError.isInstance(error)) return error.oneLine();
  return error.message.split('\n').map((line) => line.trim()).filter(Boolean).join('; ');
}

interface CommanderLike {
  commands: readonly CommanderLike[];
  exitOverride(handler: (error: { exitCode: number }) => never | void): unknown;
}

/**
 * Commander's own usage errors (an unknown option, a bad choice, a missing argument) exit 2 as
 * bad input, like the commands' own checks; help and --version still exit 0. Call once on the
 * program after every command is added: the setting does not pass to added subcommands by itself.
 */
export function usageErrorsExitBadInput(command: CommanderLike): void {
  command.exitOverride((error) => process.exit(error.exitCode === 0 ? EXIT.done : EXIT.badInput));
  for (const sub of command.commands) usageErrorsExitBadInput(sub);
}
