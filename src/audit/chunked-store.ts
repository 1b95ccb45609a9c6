/**
 * The chunked audit's rows in PostgreSQL (schema: src/store/audit-chunks-schema.ts, migration 6),
 * on the store's PostgreSQL pool (row locks need it).
 *
 * Claims: a worker takes the first open row (pending, or claimed with its lease run out) with
 * `FOR UPDATE SKIP LOCKED`, so two workers never take the same row and neither waits on the
 * other; the lease is in database time (`now()`), never a worker's clock. A worker holding a row
 * renews the lease (heartbeat); a killed worker's row opens again when its lease runs out. Every
 * claim gets a fresh random token, and a result is written only in a transaction that finds the
 * row still claimed with that token: a worker whose row was taken over cannot write, so each
 * row's result is written once.
 */
import { randomUUID } from 'node:crypto';
import { withTransaction, type SqlPool, type SqlQueryable } from '../store/sql-queryable.ts';
import type { ChunkRange } from './chunked-ranges.ts';

/** The options an audit was created with, as stored (the cue as its source). */
export interface StoredOptions {
  /** The engine (and a hash of its judge model) that labels. */
  labelledBy: string;
  sample: number | 'all';
  seed: number;
  strata: string;
  only: Record<string, string>;
  cue: string;
  cueFlags: string;
  reps: number;
  level: number;
  setup: string;
}

export interface AuditRow {
  id: number;
  name: string;
  file: string;
  fileSize: number;
  fileHash: string;
  options: StoredOptions;
  chunkBytes: number;
  chunks: number;
  design: unknown;
}

export interface NewAudit {
  name: string;
  file: string;
  identity: { size: number; hash: string; mtimeMs: number };
  options: StoredOptions;
  chunkBytes: number;
}

function auditOf(row: Record<string, unknown>): AuditRow {
  return {
    id: Number(row['id']),
    name: String(row['name']),
    file: String(row['file']),
    fileSize: Number(row['file_size']),
    fileHash: String(row['file_hash']),
    options: row['options'] as StoredOptions,
    chunkBytes: Number(row['chunk_bytes']),
    chunks: Number(row['chunks']),
    design: row['design'] ?? null,
  };
}

/** The columns an AuditRow reads (not the estimate, which can be large). */
const AUDIT_COLUMNS = 'id, name, file, file_size, file_hash, options, chunk_bytes, chunks, design';

export async function findAudit(db: SqlQueryable, name: string): Promise<AuditRow | undefined> {
  const { rows } = await db.query(`SELECT ${AUDIT_COLUMNS} FROM audits WHERE name = $1`, [name]);
  return rows[0] ? auditOf(rows[0]) : undefined;
}

/**
 * The audit named `audit.name`, created with its pass-1 rows (one per range of `ranges()`) when
 * there is none. Two workers starting at once: one creates it, the other finds it.
 */
export async function createOrFindAudit(pool: SqlPool, audit: NewAudit, ranges: () => Promise<ChunkRange[]>): Promise<{ audit: AuditRow; created: boolean }> {
  const found = await findAudit(pool, audit.name);
  if (found) return { audit: found, created: false };
  const cut = await ranges();
  const created = await withTransaction(pool, async (tx) => {
    const { rows } = await tx.query(
      `INSERT INTO audits (name, file, file_size, file_hash, file_mtime_ms, options, chunk_bytes, chunks)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (name) DO NOTHING RETURNING ${AUDIT_COLUMNS}`,
      [audit.name, audit.file, audit.identity.size, audit.identity.hash, audit.identity.mtimeMs, JSON.stringify(audit.options), audit.chunkBytes, cut.length],
    );
    if (!rows[0]) return undefined;
    await tx.query(
      `INSERT INTO audit_chunks (audit_id, pass, chunk, start_byte, end_byte)
       SELECT $1, 1, (t.ord - 1)::int, t.s, t.e FROM unnest($2::bigint[], $3::bigint[]) WITH ORDINALITY AS t(s, e, ord)`,
      [rows[0].id, cut.map((r) => r.start), cut.map((r) => r.end)],
    );
    return auditOf(rows[0]);
  });
  if (created) return { audit: created, created: true };
  return { audit: (await findAudit(pool, audit.name))!, created: false };
}

export interface Claim {
  auditId: number;
  pass: 1 | 2;
  chunk: number;
  start: number;
  end: number;
  /** Pass 2: the range's first line, its turn count from pass 1 and the turns to judge. */
  firstLine: number | null;
  selected: { turns: number; selected: number[] } | null;
  token: string;
  /** Claims of this row before this one (a positive count: a worker before this one stopped). */
  earlierClaims: number;
}

/** The first open row of the audit (pass 1 before pass 2), claimed for `leaseSeconds`; undefined when none is open. */
export async function claimChunk(db: SqlQueryable, auditId: number, worker: string, leaseSeconds: number): Promise<Claim | undefined> {
  const token = randomUUID();
  const { rows } = await db.query(
    `UPDATE audit_chunks c SET state = 'claimed', worker = $2, claim = $3, claims = c.claims + 1,
       lease_until = now() + make_interval(secs => $4)
     FROM (SELECT audit_id, pass, chunk FROM audit_chunks
           WHERE audit_id = $1 AND (state = 'pending' OR (state = 'claimed' AND lease_until < now()))
           ORDER BY pass, chunk LIMIT 1 FOR UPDATE SKIP LOCKED) open
     WHERE c.audit_id = open.audit_id AND c.pass = open.pass AND c.chunk = open.chunk
     RETURNING c.pass, c.chunk, c.start_byte, c.end_byte, c.first_line, c.selected, c.claims`,
    [auditId, worker, token, leaseSeconds],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    auditId,
    pass: Number(row.pass) as 1 | 2,
    chunk: Number(row.chunk),
    start: Number(row.start_byte),
    end: Number(row.end_byte),
    firstLine: row.first_line === null ? null : Number(row.first_line),
    selected: row.selected ?? null,
    token,
    earlierClaims: Number(row.claims) - 1,
  };
}

/** Renews the claim's lease; false when the claim is no longer held (taken over after it ran out). */
export async function renewLease(db: SqlQueryable, claim: Claim, leaseSeconds: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE audit_chunks SET lease_until = now() + make_interval(secs => $5)
     WHERE audit_id = $1 AND pass = $2 AND chunk = $3 AND claim = $4 AND state = 'claimed'`,
    [claim.auditId, claim.pass, claim.chunk, claim.token, leaseSeconds],
  );
  return rowCount === 1;
}

/**
 * Writes the claimed row's result and marks it done, if the claim is still held (its lease may have
 * run out, but no one took the row over); false, writing nothing, when it is not.
 */
export async function completeChunk(pool: SqlPool, claim: Claim, result: unknown): Promise<boolean> {
  return withTransaction(pool, async (tx) => {
    const { rows } = await tx.query('SELECT state, claim FROM audit_chunks WHERE audit_id = $1 AND pass = $2 AND chunk = $3 FOR UPDATE', [claim.auditId, claim.pass, claim.chunk]);
    if (rows[0]?.state !== 'claimed' || rows[0]?.claim !== claim.token) return false;
    await tx.query(
      `UPDATE audit_chunks SET state = 'done', result = $4, done_at = now(), lease_until = NULL
       WHERE audit_id = $1 AND pass = $2 AND chunk = $3`,
      [claim.auditId, claim.pass, claim.chunk, JSON.stringify(result)],
    );
    return true;
  });
}

/**
 * Takes the computing of the estimate (once every row is done) for `leaseSeconds`; false when it is
 * stored already or another worker's lease on it runs.
 */
export async function claimEstimate(db: SqlQueryable, auditId: number, token: string, leaseSeconds: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE audits SET collector = $2, collect_until = now() + make_interval(secs => $3)
     WHERE id = $1 AND estimate IS NULL AND (collect_until IS NULL OR collect_until < now())`,
    [auditId, token, leaseSeconds],
  );
  return rowCount === 1;
}

export async function renewEstimateLease(db: SqlQueryable, auditId: number, token: string, leaseSeconds: number): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE audits SET collect_until = now() + make_interval(secs => $3) WHERE id = $1 AND collector = $2 AND estimate IS NULL`, [auditId, token, leaseSeconds]);
  return rowCount === 1;
}

/** Stores the estimate if this worker still holds its computing; false, storing nothing, if not. */
export async function storeEstimate(db: SqlQueryable, auditId: number, token: string, estimate: string): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE audits SET estimate = $3, collect_until = NULL WHERE id = $1 AND collector = $2 AND estimate IS NULL`, [auditId, token, estimate]);
  return rowCount === 1;
}

export async function storedEstimate(db: SqlQueryable, auditId: number): Promise<string | undefined> {
  const { rows } = await db.query('SELECT estimate FROM audits WHERE id = $1', [auditId]);
  return rows[0]?.estimate ?? undefined;
}

/** Gives a claimed row back (this worker failed on it), so another worker can take it now. */
export async function releaseChunk(db: SqlQueryable, claim: Claim): Promise<void> {
  await db.query(
    `UPDATE audit_chunks SET state = 'pending', worker = NULL, claim = NULL, lease_until = NULL
     WHERE audit_id = $1 AND pass = $2 AND chunk = $3 AND claim = $4 AND state = 'claimed'`,
    [claim.auditId, claim.pass, claim.chunk, claim.token],
  );
}

export interface AuditProgress {
  /** Rows per pass: all, done. */
  pass1: { rows: number; done: number };
  pass2: { rows: number; done: number };
  designed: boolean;
}

export async function auditProgress(db: SqlQueryable, auditId: number): Promise<AuditProgress> {
  // One statement, so one snapshot: read apart, the counts could predate a design committed just
  // before the flag was read, and "designed, 0 of 0 pass-2 rows done" would start the estimate early.
  const { rows } = await db.query(
    `SELECT a.design IS NOT NULL AS designed, c.pass, count(c.pass)::int AS rows, (count(*) FILTER (WHERE c.state = 'done'))::int AS done
       FROM audits a LEFT JOIN audit_chunks c ON c.audit_id = a.id
      WHERE a.id = $1
      GROUP BY a.design IS NOT NULL, c.pass`,
    [auditId],
  );
  const pass = (p: number) => {
    const row = rows.find((r) => r.pass !== null && Number(r.pass) === p);
    return { rows: row ? Number(row.rows) : 0, done: row ? Number(row.done) : 0 };
  };
  return { pass1: pass(1), pass2: pass(2), designed: rows[0]?.designed === true };
}

/** The results of one pass, by range (a range without a row of that pass is absent). */
export async function passResults(db: SqlQueryable, auditId: number, pass: 1 | 2): Promise<Map<number, unknown>> {
  const { rows } = await db.query(`SELECT chunk, result FROM audit_chunks WHERE audit_id = $1 AND pass = $2 AND state = 'done' ORDER BY chunk`, [auditId, pass]);
  return new Map(rows.map((r) => [Number(r.chunk), r.result]));
}

export interface PassTwoRow {
  chunk: number;
  start: number;
  end: number;
  firstLine: number;
  turns: number;
  selected: number[];
}

/**
 * Once every pass-1 row is done: computes the design from their results (`design`, given them in
 * range order) and stores it with the pass-2 rows, in one transaction holding the audit row, so it
 * happens once however many workers try. False when it was already done or pass 1 is not.
 */
export async function storeDesign(
  pool: SqlPool,
  auditId: number,
  design: (pass1: { start: number; end: number; result: unknown }[]) => { summary: unknown; rows: PassTwoRow[] },
): Promise<boolean> {
  return withTransaction(pool, async (tx) => {
    const audit = await tx.query('SELECT design IS NOT NULL AS designed FROM audits WHERE id = $1 FOR UPDATE', [auditId]);
    if (audit.rows[0]?.designed !== false) return false;
    const { rows } = await tx.query('SELECT chunk, start_byte, end_byte, state, result FROM audit_chunks WHERE audit_id = $1 AND pass = 1 ORDER BY chunk', [auditId]);
    if (rows.some((r) => r.state !== 'done')) return false;
    const { summary, rows: next } = design(rows.map((r) => ({ start: Number(r.start_byte), end: Number(r.end_byte), result: r.result })));
    if (next.length > 0) {
      await tx.query(
        `INSERT INTO audit_chunks (audit_id, pass, chunk, start_byte, end_byte, first_line, selected)
         SELECT $1, 2, t.c, t.s, t.e, t.f, t.sel::json FROM unnest($2::int[], $3::bigint[], $4::bigint[], $5::bigint[], $6::text[]) AS t(c, s, e, f, sel)`,
        [auditId, next.map((r) => r.chunk), next.map((r) => r.start), next.map((r) => r.end), next.map((r) => r.firstLine), next.map((r) => JSON.stringify({ turns: r.turns, selected: r.selected }))],
      );
    }
    await tx.query('UPDATE audits SET design = $2 WHERE id = $1', [auditId, JSON.stringify(summary)]);
    return true;
  });
}
