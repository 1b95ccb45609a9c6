/** A fresh PostgreSQL database with the audit tables, and a pool on it, for chunked-audit tests. */
import type PgModule from 'pg';
import { requireOptional } from '../../optional-packages.ts';
import { freshPostgresDatabase } from '../../store/testing/postgres.ts';
import { AUDIT_CHUNKS_MIGRATION } from '../audit-chunks-schema.ts';

export async function auditDatabase(): Promise<{ url: string; pool: PgModule.Pool; drop: () => Promise<void> }> {
  const pg = requireOptional<typeof PgModule>('pg', 'the PostgreSQL store');
  const { url, drop } = await freshPostgresDatabase('felicity_audit');
  const pool = new pg.Pool({ connectionString: url, max: 6 });
  await pool.query(AUDIT_CHUNKS_MIGRATION.postgres);
  return {
    url,
    pool,
    drop: async () => {
      await pool.end();
      await drop();
    },
  };
}
