/**
 * Opening the database for a command: errors met while using it (a SQLite file damaged past its
 * first pages fails only when those pages are read; a PostgreSQL server that goes away) become
 * the same one-line typed error as problems found on opening, never naming a password.
 */
import { Store, databaseErrorOf, type OpenOptions } from '../store/index.ts';

export async function usingStore<T>(file: string, options: OpenOptions, use: (store: Store) => Promise<T>): Promise<T> {
  const store = await Store.open(file, options);
  try {
    return await use(store);
  } catch (error) {
    throw databaseErrorOf(file, error) ?? error;
  } finally {
    await store.close();
  }
}
