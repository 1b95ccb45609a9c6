/**
 * The exit codes of every felicity command (README, "Exit codes"): 0 done, 1 failed (the work
 * could not be completed: model calls failed, a server is unreachable, another process holds the
 * run), 2 bad input (an option, argument, file or database the user must fix), 130 interrupted.
 */
import { EndpointUnreachableError } from '../bench/endpoint-check.ts';
import { RunConfigChangedError } from '../bench/run-config.ts';
import { RequestFileError } from '../bench/requests/request-problem.ts';
import { RunLeaseLostError } from '../bench/runner.ts';
import { ModelSetupError } from '../llm/model-setup-error.ts';
import { ModelSpecError } from '../llm/model-spec.ts';
import { DeploymentError } from '../setups/deployment-error.ts';
// The error modules, not the store's index: every command loads this file, and the index loads SQLite.
import { DatabaseUnusableError } from '../store/database-error.ts';
import { DatabaseNotFoundError, RunLeaseHeldError, RunNotFoundError, SchemaTooNewError } from '../store/errors.ts';
import { OutputFileError } from './output-file.ts';

export const EXIT = { done: 0, failed: 1, badInput: 2, interrupted: 130 } as const;

/** A bad option or argument, found by the command itself. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  readonly code = 'USAGE';

  static isInstance(error: unknown): error is UsageError {
    return error instanceof Error && error.name === 'UsageError';
  }
}

const BAD_INPUT = [
  UsageError,
  DeploymentError,
  ModelSpecError,
  ModelSetupError,
  RequestFileError,
  DatabaseNotFoundError,
  DatabaseUnusableError,
  SchemaTooNewError,
  RunNotFoundError,
  RunConfigChangedError,
  OutputFileError,
];
const FAILED = [EndpointUnreachableError, RunLeaseHeldError, RunLeaseLostError];

/** The exit code for an error the user can act on, or undefined for a bug (which keeps its stack). */
export function exitCodeFor(error: unknown): number | undefined {
  if (BAD_INPUT.some((type) => error instanceof type)) return EXIT.badInput;
  if (FAILED.some((type) => error instanceof type)) return EXIT.failed;
  return undefined;
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
