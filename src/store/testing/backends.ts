/**
 * The two store backends for table-driven tests: a fresh SQLite file, and a fresh PostgreSQL
 * database (skipped, with the one-line reason, when no server is configured).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshPostgresDatabase, postgresSkip } from './postgres.ts';

export interface TestBackend {
  name: 'sqlite' | 'postgres';
  /** Why tests on this backend skip, or false. */
  skip: string | false;
  /** A new, empty database: its `--db` target, and how to remove it. */
  fresh(): Promise<{ target: string; drop: () => Promise<void> }>;
}

export const sqliteBackend: TestBackend = {
  name: 'sqlite',
  skip: false,
  fresh: async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-store-'));
    return { target: path.join(dir, 'test.db'), drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  },
};

export async function postgresBackend(): Promise<TestBackend> {
  return {
    name: 'postgres',
    skip: await postgresSkip(),
    fresh: async () => {
      const { url, drop } = await freshPostgresDatabase();
      return { target: url, drop };
    },
  };
}

export async function testBackends(): Promise<TestBackend[]> {
  return [sqliteBackend, await postgresBackend()];
}
