/**
 * The fix_steps table: what a fix arm did to a response (the draft, its label, the re-anchoring
 * calls, the rewrite and its label), one row per (run, response), written in the same
 * transaction as the response. The steps are JSON text: they are read whole, for audits and
 * for counting the fix's extra model calls, never queried field by field.
 */
import type { Database, Statement } from 'better-sqlite3';

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
  private readonly putStmt: Statement<[Record<string, unknown>]>;
  private readonly dropStmt: Statement<[number, string]>;
  private readonly getStmt: Statement<[number, string], Omit<FixStepsRow, 'steps'> & { steps: string }>;
  private readonly countStmt: Statement<[number], FixCallCount>;

  constructor(db: Database) {
    this.putStmt = db.prepare(`INSERT OR REPLACE INTO fix_steps (run_id, response_id, fix, action, extra_calls, steps, created_at)
      VALUES (@run_id, @response_id, @fix, @action, @extra_calls, @steps, @created_at)`);
    this.dropStmt = db.prepare('DELETE FROM fix_steps WHERE run_id = ? AND response_id = ?');
    this.getStmt = db.prepare('SELECT response_id, fix, action, extra_calls, steps FROM fix_steps WHERE run_id = ? AND response_id = ?');
    this.countStmt = db.prepare(`SELECT fix, COUNT(*) AS responses, SUM(action != 'none') AS changed, SUM(extra_calls) AS extra_calls
      FROM fix_steps WHERE run_id = ? GROUP BY fix ORDER BY fix`);
  }

  /** Stores a response's steps, or drops stale ones (a retried response without steps). */
  replace(runId: number, responseId: string, row: FixStepsRow | undefined): void {
    if (row === undefined) {
      this.dropStmt.run(runId, responseId);
      return;
    }
    this.putStmt.run({ ...row, run_id: runId, response_id: responseId, steps: JSON.stringify(row.steps), created_at: new Date().toISOString() });
  }

  get(runId: number, responseId: string): FixStepsRow | undefined {
    const raw = this.getStmt.get(runId, responseId);
    return raw === undefined ? undefined : { ...raw, steps: JSON.parse(raw.steps) as Record<string, unknown> };
  }

  /** Per fix arm: responses with steps, how many the fix changed, and the model calls it added. */
  callCounts(runId: number): FixCallCount[] {
    return this.countStmt.all(runId);
  }
}
