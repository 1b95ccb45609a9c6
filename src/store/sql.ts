/**
 * One SQL layer over two backends: the embedded SQLite file (the default) and a PostgreSQL server
 * (a team's shared database). Every query is written once, in the subset both speak, with
 * PostgreSQL's `$1, $2…` placeholders; the SQLite backend binds them as its named parameters.
 */

export type Dialect = 'sqlite' | 'postgres';

/** A value a query binds: booleans are bound as 1/0 on both backends (columns are INTEGER). */
export type SqlValue = string | number | bigint | boolean | null;

export interface SqlResult<R = Record<string, unknown>> {
  rows: R[];
  /** Rows returned (a read) or changed (a write). */
  rowCount: number;
}

/** Something queries run on: the database itself, or one transaction of it. */
export interface SqlTx {
  readonly kind: Dialect;
  query<R = Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<SqlResult<R>>;
  /** Runs several statements without parameters (migrations' DDL). */
  exec(sql: string): Promise<void>;
}

export interface SqlDatabase extends SqlTx {
  /** Where the database is, safe to print: a file path, or a URL with its password replaced by `***`. */
  readonly location: string;
  /**
   * Runs `fn` in one transaction, committed when it resolves and rolled back when it throws.
   * Inside `fn`, query through `tx` only: the database itself waits until the transaction ends.
   */
  transaction<T>(fn: (tx: SqlTx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Whether a `--db` target names a PostgreSQL server rather than a SQLite file. */
export function isPostgresTarget(target: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(target);
}

/**
 * The target as it may be printed, logged or stored: a URL's password (and any `password=`
 * query parameter) replaced by `***`. A file path is returned as it is.
 */
export function redactTarget(target: string): string {
  if (!isPostgresTarget(target)) return target;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    // Unparseable: keep the scheme only, never the rest (it may hold the password).
    return `${target.slice(0, target.indexOf('://') + 3)}***`;
  }
  if (url.password !== '') url.password = '***';
  for (const key of [...url.searchParams.keys()]) if (/pass/i.test(key)) url.searchParams.set(key, '***');
  return url.toString().replaceAll('%2A%2A%2A', '***');
}
