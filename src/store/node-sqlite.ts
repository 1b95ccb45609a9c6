/**
 * Node's built-in SQLite (`node:sqlite`), loaded when a database is first opened rather than at
 * import: commands that need no database neither load it nor see Node's experimental warning.
 * Node 22.16 is the first 22.x with what the store uses (a statement's columns, isTransaction).
 */
import type * as NodeSqlite from 'node:sqlite';

export const NODE_FOR_SQLITE = '22.16';

export class NodeTooOldError extends Error {
  override readonly name = 'NodeTooOldError';
  constructor(
    readonly neededFor: string,
    readonly found: string = process.versions.node,
  ) {
    super(`${neededFor} needs Node.js ${NODE_FOR_SQLITE} or later for its built-in SQLite (node:sqlite); this is Node.js ${found}`);
  }
}

let loaded: typeof NodeSqlite | undefined;

/** The `node:sqlite` module; NodeTooOldError on a Node.js without it (or with an older one). */
export function nodeSqlite(neededFor: string): typeof NodeSqlite {
  // getBuiltinModule is missing before Node 20.16; node:sqlite is undefined without it (or its flag).
  loaded ??= (process.getBuiltinModule as ((id: string) => unknown) | undefined)?.('node:sqlite') as typeof NodeSqlite | undefined;
  if (typeof loaded?.StatementSync?.prototype.columns !== 'function') throw new NodeTooOldError(neededFor);
  return loaded;
}
