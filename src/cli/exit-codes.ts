/**
 * The exit codes of every felicity command (README, "Exit codes"): 0 done, 1 failed (the work
 * could not be completed: model calls failed, a server is unreachable, another process holds the
 * run), 2 bad input (an option, argument, file or database the user must fix), 130 interrupted.
 */
import { EndpointUnreachableError } from '../benchmark/endpoint-check.ts';
import { RunConfigChangedError } from '../benchmark/run-config.ts';
import { RequestFileError } from '../benchmark/requests/request-problem.ts';
import { RunLeaseLostError } from '../benchmark/runner.ts';
import { ModelSetupError } from '../llm/model-setup-error.ts';
import { ModelSpecError } from '../llm/model-spec.ts';
import { DeploymentError } from '../setups/deployment-error.ts';
// The error modules, not the store's index, which loads SQLite.
import { DatabaseUnusableError } from '../store/database-error.ts';
import { DatabaseNotFoundError, RunLeaseHeldError, RunNotFoundError, SchemaTooNewError } from '../store/errors.ts';
import { NodeTooOldError } from '../store/node-sqlite.ts';
import { DamagedRecordError } from '../store/stored-json.ts';
import { MissingPackageError } from '../optional-packages.ts';
import { OutputFileError } from './output-file.ts';
import { EXIT, UsageError } from './usage-exit.ts';

export { EXIT, UsageError, oneLine, usageErrorsExitBadInput } from './usage-exit.ts';

const BAD_INPUT = [
  UsageError,
  DeploymentError,
  ModelSpecError,
  ModelSetupError,
  RequestFileError,
  DatabaseNotFoundError,
  DatabaseUnusableError,
  DamagedRecordError,
  SchemaTooNewError,
  RunNotFoundError,
  RunConfigChangedError,
  OutputFileError,
  // An install to complete, as a gguf: model without node-llama-cpp (ModelSetupError).
  MissingPackageError,
  // A Node.js to upgrade, for the SQLite store.
  NodeTooOldError,
];
const FAILED = [EndpointUnreachableError, RunLeaseHeldError, RunLeaseLostError];

/** The exit code for an error the user can act on, or undefined for a bug (which keeps its stack). */
export function exitCodeFor(error: unknown): number | undefined {
  if (BAD_INPUT.some((type) => error instanceof type)) return EXIT.badInput;
  if (FAILED.some((type) => error instanceof type)) return EXIT.failed;
  return undefined;
}
