/**
 * Packages only some commands need, installed by default as optional dependencies so that an app
 * importing the checker (or an install with `--omit=optional`, or a platform without a prebuilt
 * resvg) does without them: the OpenAI SDK for model calls, pg for a PostgreSQL store, Vega and
 * resvg for the report's figures. A command that needs a missing one fails with one line saying
 * what to install. (The SQLite store needs no package: it is Node's own node:sqlite.)
 */
import { createRequire } from 'node:module';

export class MissingPackageError extends Error {
  override readonly name = 'MissingPackageError';
  constructor(
    readonly packageName: string,
    readonly neededFor: string,
  ) {
    super(`${neededFor} needs the optional package ${packageName}, which is not installed (npm install ${packageName})`);
  }
}

/** Whether `error` is the module loader saying `packageName` is not installed. */
function notInstalled(error: unknown, packageName: string): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && (error as Error).message.includes(`'${packageName}'`);
}

const require = createRequire(import.meta.url);

/** A CommonJS package, loaded synchronously; MissingPackageError when it is not installed. */
export function requireOptional<T>(packageName: string, neededFor: string): T {
  try {
    return require(packageName) as T;
  } catch (error) {
    if (notInstalled(error, packageName)) throw new MissingPackageError(packageName, neededFor);
    throw error;
  }
}

/**
 * A module of ours that imports optional packages; MissingPackageError naming the first of
 * `packageNames` that is missing, when loading it fails for that reason.
 */
export async function importNeeding<T>(load: () => Promise<T>, packageNames: readonly string[], neededFor: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const missing = packageNames.find((name) => notInstalled(error, name));
    if (missing !== undefined) throw new MissingPackageError(missing, neededFor);
    throw error;
  }
}
