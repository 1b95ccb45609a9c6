/** Errors of a chunked audit: each names the audit and carries the facts that differ. */

/** The file at the path is not the one the audit was created over. */
export class AuditFileChangedError extends Error {
  override readonly name = 'AuditFileChangedError';
  readonly code = 'audit_file_changed';
  constructor(
    readonly audit: string,
    readonly file: string,
    readonly field: 'size' | 'hash',
    readonly expected: string,
    readonly got: string,
  ) {
    super(`audit "${audit}": ${file} is not the file the audit was created over (${field}: expected ${expected}, got ${got}); every worker must read the same file at the same path`);
  }

  static isInstance(error: unknown): error is AuditFileChangedError {
    return error instanceof Error && (error as { code?: unknown }).code === 'audit_file_changed';
  }
}

/** A worker joined an audit with options other than the ones it was created with. */
export class AuditOptionsError extends Error {
  override readonly name = 'AuditOptionsError';
  readonly code = 'audit_options';
  constructor(
    readonly audit: string,
    readonly field: string,
    readonly expected: string,
    readonly got: string,
  ) {
    super(`audit "${audit}" was created with ${field} ${expected}, this worker has ${got}: run every worker with the same options, or give another --name`);
  }

  static isInstance(error: unknown): error is AuditOptionsError {
    return error instanceof Error && (error as { code?: unknown }).code === 'audit_options';
  }
}

export class AuditNotFoundError extends Error {
  override readonly name = 'AuditNotFoundError';
  readonly code = 'audit_not_found';
  constructor(readonly audit: string) {
    super(`no audit named "${audit}" in the database`);
  }

  static isInstance(error: unknown): error is AuditNotFoundError {
    return error instanceof Error && (error as { code?: unknown }).code === 'audit_not_found';
  }
}
