/**
 * Typed store errors: each carries the facts a caller needs to explain the failure in one line.
 */

/** The database file does not exist and the caller asked not to create it. */
export class DatabaseNotFoundError extends Error {
  constructor(readonly path: string) {
    super(`no database at ${path}`);
    this.name = 'DatabaseNotFoundError';
  }
}

/** The database was written by a newer felicity than this one: refusing protects its data. */
export class SchemaTooNewError extends Error {
  constructor(
    readonly path: string,
    readonly found: number,
    readonly supported: number,
  ) {
    super(`database ${path} has schema version ${found}; this felicity supports up to ${supported}`);
    this.name = 'SchemaTooNewError';
  }
}

/** A named run is not in the database. */
export class RunNotFoundError extends Error {
  constructor(
    readonly run: string,
    readonly path: string,
    readonly known: readonly string[],
  ) {
    const hint = known.length > 0 ? ` (runs: ${known.slice(0, 10).join(', ')}${known.length > 10 ? ', …' : ''})` : ' (it holds no runs)';
    super(`no run named "${run}" in ${path}${hint}`);
    this.name = 'RunNotFoundError';
  }
}

/** Another live process holds the lease on a run: running it twice would make every call twice. */
export class RunLeaseHeldError extends Error {
  readonly code = 'RUN_LEASE_HELD';
  constructor(
    readonly run: string,
    readonly holder: { host: string; pid: number; startedAt: string },
    readonly heartbeatAgeMs: number,
  ) {
    super(
      `run "${run}" is already running: ${holder.host}, pid ${holder.pid}, started ${holder.startedAt}, ` +
        `last heartbeat ${Math.round(heartbeatAgeMs / 1000)} s ago (wait for it to finish, stop it, or use another --name)`,
    );
    this.name = 'RunLeaseHeldError';
  }

  static isInstance(error: unknown): error is RunLeaseHeldError {
    return error instanceof Error && error.name === 'RunLeaseHeldError' && 'holder' in error;
  }
}
