/**
 * A fresh PostgreSQL database per test, on the server named by FELICITY_TEST_POSTGRES_URL (`.ci/run`
 * starts one with scripts/test-postgres.sh). Without that variable, or when the server cannot be
 * reached, `postgresSkip()` gives the one-line reason the test skips with: never a silent pass.
 */
import type PgModule from 'pg';
import { requireOptional } from '../../optional-packages.ts';

export const POSTGRES_URL_VARIABLE = 'FELICITY_TEST_POSTGRES_URL';

let reachable: Promise<string | false> | undefined;

/** The reason to skip Postgres tests, or false when a server answers. Asked once per process. */
export async function postgresSkip(): Promise<string | false> {
  reachable ??= (async () => {
    const url = process.env[POSTGRES_URL_VARIABLE];
    if (!url) return `no PostgreSQL server: set ${POSTGRES_URL_VARIABLE} (scripts/test-postgres.sh start DIR prints one; .ci/run does this)`;
    const client = new (pg().Client)({ connectionString: url, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return false;
    } catch (error) {
      return `PostgreSQL at ${POSTGRES_URL_VARIABLE} does not answer: ${(error as Error).message}`;
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return reachable;
}

function pg(): typeof PgModule {
  return requireOptional<typeof PgModule>('pg', 'the PostgreSQL store');
}

let counter = 0;

/**
 * Creates an empty database for one test and returns its URL; `drop()` removes it (connections
 * still open to it are ended first). Call only when postgresSkip() is false.
 */
export async function freshPostgresDatabase(prefix = 'felicity_t'): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env[POSTGRES_URL_VARIABLE]!;
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${counter++}`.toLowerCase();
  const admin = new (pg().Client)({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new (pg().Client)({ connectionString: base });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
