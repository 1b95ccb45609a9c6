/**
 * The fix_steps table: what a fix arm did to a response (the draft, its label, the re-anchoring
 * calls, the rewrite and its label), one row per (run, response), written in the same
 * transaction as the response. The steps are JSON text: they are read whole, for audits and
 * for counting the fix's extra model calls, never queried field by field.
 */
import type { SqlTx } from './sql.ts';
import { storedJson } from './stored-json.ts';

export interface FixStepsRow {
  response_id: string;
  fix: string;
  /** What the fix did: none, rewrite, reanchor, reanchor+rewrite. */
  action: string;
  /** Model calls the fix added to the turn. */
  extra_calls: number;
  /** The fix's record of its steps (JSON data). */
  steps: Record<string, unknown>;
}

export interface FixCallCount {
  fix: string;
  responses: number;
  changed: number;
  extra_calls: number;
}

export class FixSteps {
  constructor(private readonly db: SqlTx) {}

  /** Stores a response's steps, or drops stale ones (a retried response without steps). */
  async replace(runId: number, responseId: string, row: FixStepsRow | undefined): Promise<void> {
    if (row === undefined) {
      await this.db.query('DELETE FROM fix_steps WHERE run_id = $1 AND response_id = $2', [runId, responseId]);
      return;
    }
    await this.db.query(
      `INSERT INTO fix_steps (run_id, response_id, fix, action, extra_calls, steps, created_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7)
      ON CONFLICT (run_id, response_id) DO UPDATE SET
        fix = excluded.fix, action = excluded.action, extra_calls = excluded.extra_calls,
        steps = excluded.steps, created_at = excluded.created_at`,
      [runId, responseId, row.fix, row.action, row.extra_calls, JSON.stringify(row.steps), new Date().toISOString()],
    );
  }

  async get(runId: number, responseId: string): Promise<FixStepsRow | undefined> {
    const { rows } = await this.db.query<Omit<FixStepsRow, 'steps'> & { steps: string }>(
      'SELECT response_id, fix, action, extra_calls, steps FROM fix_steps WHERE run_id = $1 AND response_id = $2',
      [runId, responseId],
    );
    const raw = rows[0];
    return raw === undefined ? undefined : { ...raw, steps: storedJson<Record<string, unknown>>(raw.steps, responseId, 'fix steps', 'object') };
  }

  /** Per fix arm: responses with steps, how many the fix changed, and the model calls it added. */
  async callCounts(runId: number): Promise<FixCallCount[]> {
    const { rows } = await this.db.query<FixCallCount>(
      `SELECT fix, COUNT(*) AS responses, SUM(CASE WHEN action <> 'none' THEN 1 ELSE 0 END) AS changed, SUM(extra_calls) AS extra_calls
      FROM fix_steps WHERE run_id = $1 GROUP BY fix ORDER BY fix`,
      [runId],
    );
    return rows;
  }
}
