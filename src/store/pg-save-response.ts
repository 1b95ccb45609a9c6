/**
 * Writing one finished response to PostgreSQL the way Store.saveResponse writes it to SQLite (the
 * response replacing a failed one, its old judgments dropped, its fix steps and label) in one
 * transaction, after a precondition run first in that transaction: nothing is written when it
 * returns false. A STAND-IN until the PostgreSQL store lands (branch pg-store), whose
 * `store.saveResponse(runId, row, judgment, fix, precondition)` has this exact signature.
 */
import type { FixStepsRow } from './fix-steps.ts';
import type { JudgmentRow } from './judgments.ts';
import type { ResponseRow } from './responses.ts';
import { withTransaction, type SqlPool, type SqlQueryable } from './sql-queryable.ts';

export type SaveResponse = (
  runId: number,
  row: ResponseRow,
  judgment?: JudgmentRow,
  fix?: FixStepsRow,
  precondition?: (tx: SqlQueryable) => Promise<boolean>,
) => Promise<boolean>;

export function postgresSaveResponse(pool: SqlPool): SaveResponse {
  return (runId, row, judgment, fix, precondition) =>
    withTransaction(pool, async (tx) => {
      if (precondition !== undefined && !(await precondition(tx))) return false;
      const now = new Date().toISOString();
      // One statement (one round trip) drops the old judgments and fix steps and upserts the
      // response; fix steps and the label, when there are any, follow.
      await tx.query(
        `WITH dropped_judgments AS (DELETE FROM judgments WHERE run_id = $1 AND response_id = $2),
              dropped_fix AS (DELETE FROM fix_steps WHERE run_id = $1 AND response_id = $2 AND $16::boolean)
         INSERT INTO responses (run_id, response_id, request_id, model, setup, variant, persona, fix, sample, category,
                                messages, usage, latency_ms, error, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
         ON CONFLICT (run_id, response_id) DO UPDATE SET
           messages = excluded.messages, usage = excluded.usage, latency_ms = excluded.latency_ms,
           error = excluded.error, created_at = excluded.created_at`,
        [
          runId, row.response_id, row.request_id, row.model, row.setup, row.variant, row.persona, row.fix, row.sample, row.category,
          JSON.stringify(row.messages), row.usage === null ? null : JSON.stringify(row.usage), row.latency_ms, row.error, now,
          fix === undefined,
        ],
      );
      if (fix !== undefined) {
        await tx.query(
          `INSERT INTO fix_steps (run_id, response_id, fix, action, extra_calls, steps, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (run_id, response_id) DO UPDATE SET fix = excluded.fix, action = excluded.action,
             extra_calls = excluded.extra_calls, steps = excluded.steps, created_at = excluded.created_at`,
          [runId, row.response_id, fix.fix, fix.action, fix.extra_calls, JSON.stringify(fix.steps), now],
        );
      }
      if (judgment !== undefined) {
        await tx.query(
          `INSERT INTO judgments (run_id, response_id, engine, prompt_hashes, label, outcome, failure, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [runId, judgment.response_id, judgment.engine, JSON.stringify(judgment.prompt_hashes), JSON.stringify(judgment.label), judgment.label.outcome, judgment.label.failure ? 1 : 0, now],
        );
      }
      return true;
    });
}
