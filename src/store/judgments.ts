/**
 * The judgments table: one label per (run, response, engine). `engine` names the labeller and
 * its version ("rules@1"); `prompt_hashes` records the prompt versions an LLM engine used (empty
 * for rules), so every label can be traced to what produced it.
 */
import type { LabelRecord } from '../core/types.ts';
import type { SqlTx } from './sql.ts';
import { storedJson } from './stored-json.ts';

export interface JudgmentRow {
  response_id: string;
  engine: string;
  prompt_hashes: Record<string, string>;
  label: LabelRecord;
}

export interface OutcomeCount {
  setup: string;
  outcome: string;
  n: number;
}

export class Judgments {
  constructor(private readonly db: SqlTx) {}

  /** Stores (or replaces) a label. Call inside a transaction when paired with its response. */
  async put(runId: number, j: JudgmentRow): Promise<void> {
    await this.db.query(
      `INSERT INTO judgments (run_id, response_id, engine, prompt_hashes, label, outcome, failure, created_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
      ON CONFLICT (run_id, response_id, engine) DO UPDATE SET
        prompt_hashes = excluded.prompt_hashes, label = excluded.label, outcome = excluded.outcome,
        failure = excluded.failure, created_at = excluded.created_at`,
      [runId, j.response_id, j.engine, JSON.stringify(j.prompt_hashes), JSON.stringify(j.label), j.label.outcome, j.label.failure ? 1 : 0, new Date().toISOString()],
    );
  }

  /** Outcome counts per setup for one engine's labels. */
  async outcomeCounts(runId: number, engine: string): Promise<OutcomeCount[]> {
    const { rows } = await this.db.query<OutcomeCount>(
      `SELECT r.setup AS setup, j.outcome AS outcome, COUNT(*) AS n
      FROM judgments j JOIN responses r ON r.run_id = j.run_id AND r.response_id = j.response_id
      WHERE j.run_id = $1 AND j.engine = $2 GROUP BY r.setup, j.outcome ORDER BY r.setup, j.outcome`,
      [runId, engine],
    );
    return rows;
  }

  /** @param requestId the response's request, named if the label is damaged. */
  async label(runId: number, responseId: string, engine: string, requestId?: string): Promise<LabelRecord | undefined> {
    const { rows } = await this.db.query<{ label: string }>('SELECT label FROM judgments WHERE run_id = $1 AND response_id = $2 AND engine = $3', [runId, responseId, engine]);
    return rows.length === 0 ? undefined : storedJson<LabelRecord>(rows[0]!.label, responseId, 'label', 'object', requestId);
  }
}
