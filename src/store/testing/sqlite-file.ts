/**
 * Looking into a SQLite database from outside the store, as the tests do: a second connection
 * (read-only unless asked), waiting for a writer's lock rather than failing, and rows as plain
 * objects or single values.
 */
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';

export function openSqliteFile(file: string, options: { readOnly?: boolean } = {}): DatabaseSync {
  return new DatabaseSync(file, { readOnly: options.readOnly ?? true, timeout: 5000 });
}

/** `look` on a read-only connection to `file`, closed after. */
export function readSqliteFile<T>(file: string, look: (conn: DatabaseSync) => T): T {
  const conn = openSqliteFile(file);
  try {
    return look(conn);
  } finally {
    conn.close();
  }
}

/** Every row, as plain objects. */
export function rowsOf<T>(conn: DatabaseSync, sql: string, ...params: SQLInputValue[]): T[] {
  return conn.prepare(sql).all(...params).map((row) => ({ ...row }) as T);
}

/** The first column of every row. */
export function valuesOf<T>(conn: DatabaseSync, sql: string, ...params: SQLInputValue[]): T[] {
  return conn
    .prepare(sql)
    .all(...params)
    .map((row) => Object.values(row)[0] as T);
}

/** The first column of the first row (undefined when there is no row). */
export function valueOf<T>(conn: DatabaseSync, sql: string, ...params: SQLInputValue[]): T | undefined {
  return valuesOf<T>(conn, sql, ...params)[0];
}
