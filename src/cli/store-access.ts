/**
 * Opening the database for a command: SQLite errors met while using it (a file damaged past its
 * first pages fails only when those pages are read) become the same one-line typed error as
 * problems found on opening.
 */
import { Store, databaseErrorOf, type OpenOptions } from '../store/index.ts';

export async function usingStore<T>(file: string, options: OpenOptions, use: (store: Store) => Promise<T>): Promise<T> {
  const store = Store.open(file, options);
  try {
    return await use(store);
  } catch (error) {
    throw databaseErrorOf(file, error) ?? error;
  } finally {
    store.close();
  }
}
