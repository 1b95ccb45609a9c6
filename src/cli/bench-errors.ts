/**
 * How the run, export and judge commands fail on bad input: one line on stderr naming the command
 * and the reason, exit code 1. Only errors that describe the user's input are caught; anything
 * else is a bug and keeps its stack trace.
 */
import { RunConfigChangedError } from '../bench/run-config.ts';
import { RequestFileError } from '../bench/requests/request-problem.ts';
import { ModelSetupError } from '../llm/model-setup-error.ts';
import { ModelSpecError } from '../llm/model-spec.ts';
import { DatabaseNotFoundError, RunNotFoundError, SchemaTooNewError } from '../store/index.ts';

/** A bad option or argument, found by the command itself. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

const USER_ERRORS = [
  UsageError,
  DatabaseNotFoundError,
  RunNotFoundError,
  SchemaTooNewError,
  RunConfigChangedError,
  RequestFileError,
  ModelSpecError,
  ModelSetupError,
];

export function isUserError(err: unknown): err is Error {
  return USER_ERRORS.some((type) => err instanceof type);
}

/** Wraps a command action so user errors end the command with one line and exit code 1. */
export function guarded<A extends unknown[]>(command: string, action: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await action(...args);
    } catch (err) {
      if (!isUserError(err)) throw err;
      process.stderr.write(`felicity ${command}: ${err.message}\n`);
      process.exitCode = 1;
    }
  };
}
