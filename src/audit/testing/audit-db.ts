/** A fresh PostgreSQL database, migrated by the store (the audit tables are migration 6), and its pool, for chunked-audit tests. */
import type { Pool } from 'pg';
import { Store } from '../../store/index.ts';
import { freshPostgresDatabase } from '../../store/testing/postgres.ts';

export async function auditDatabase(): Promise<{ url: string; pool: Pool; drop: () => Promise<void> }> {
  const { url, drop } = await freshPostgresDatabase('felicity_audit');
  const store = await Store.open(url, { connections: 6 });
  return {
    url,
    pool: store.postgresPool!,
    drop: async () => {
      await store.close();
      await drop();
    },
  };
}
