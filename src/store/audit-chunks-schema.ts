/**
 * Migration 6: the tables of a chunked audit (`felicity prevalence --db … --worker`). Both
 * dialects, so every database stays at the same schema versions; only PostgreSQL runs the workers
 * (claims need `FOR UPDATE SKIP LOCKED`).
 *
 * `audits`: one row per audit, named; the file it reads (path, size, hash of its first and last
 * MiB), its options, the design summary once pass 1 is done, and the estimate once pass 2 is
 * (computed by one worker, `collector`, under a lease like a row's). `audit_chunks`: one row per byte
 * range and pass; a worker claims a row with a lease in database time and writes its result once.
 * Pass-2 rows appear with the design, holding the range's first line and selected turns.
 */
export const AUDIT_CHUNKS_MIGRATION = {
  version: 6,
  name: 'audit chunks',
  sql: `
    CREATE TABLE audits (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL UNIQUE,
      file TEXT NOT NULL,
      file_size INTEGER NOT NULL,
      file_hash TEXT NOT NULL,
      file_mtime_ms REAL NOT NULL,
      options TEXT NOT NULL,
      chunk_bytes INTEGER NOT NULL,
      chunks INTEGER NOT NULL,
      design TEXT,
      estimate TEXT,
      collector TEXT,
      collect_until TEXT,
      created_at TEXT NOT NULL
    );
    CREATE TABLE audit_chunks (
      audit_id INTEGER NOT NULL REFERENCES audits(id) ON DELETE CASCADE,
      pass INTEGER NOT NULL CHECK (pass IN (1, 2)),
      chunk INTEGER NOT NULL,
      start_byte INTEGER NOT NULL,
      end_byte INTEGER NOT NULL,
      first_line INTEGER,
      selected TEXT,
      state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'claimed', 'done')),
      worker TEXT,
      claim TEXT,
      lease_until TEXT,
      claims INTEGER NOT NULL DEFAULT 0,
      result TEXT,
      done_at TEXT,
      PRIMARY KEY (audit_id, pass, chunk)
    );
    CREATE INDEX audit_chunks_open ON audit_chunks(audit_id, pass, chunk) WHERE state <> 'done';
  `,
  postgres: `
    CREATE TABLE audits (
      id BIGSERIAL PRIMARY KEY,
      name TEXT NOT NULL UNIQUE,
      file TEXT NOT NULL,
      file_size BIGINT NOT NULL,
      file_hash TEXT NOT NULL,
      file_mtime_ms DOUBLE PRECISION NOT NULL,
      options JSONB NOT NULL,
      chunk_bytes BIGINT NOT NULL,
      chunks INTEGER NOT NULL,
      design JSON,
      estimate TEXT,
      collector TEXT,
      collect_until TIMESTAMPTZ,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE TABLE audit_chunks (
      audit_id BIGINT NOT NULL REFERENCES audits(id) ON DELETE CASCADE,
      pass SMALLINT NOT NULL CHECK (pass IN (1, 2)),
      chunk INTEGER NOT NULL,
      start_byte BIGINT NOT NULL,
      end_byte BIGINT NOT NULL,
      first_line BIGINT,
      selected JSON,
      state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'claimed', 'done')),
      worker TEXT,
      claim TEXT,
      lease_until TIMESTAMPTZ,
      claims INTEGER NOT NULL DEFAULT 0,
      result JSON,
      done_at TIMESTAMPTZ,
      PRIMARY KEY (audit_id, pass, chunk)
    );
    CREATE INDEX audit_chunks_open ON audit_chunks(audit_id, pass, chunk) WHERE state <> 'done';
  `,
} as const;
