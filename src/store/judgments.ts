/**
 * The judgments table: one label per (run, response, engine). `engine` names the labeller and
 * its version ("rules@1"); `prompt_hashes` records the prompt versions an LLM engine used (empty
 * for rules), so every label can be traced to what produced it.
 */
import type { Database, Statement } from 'better-sqlite3';
import type { LabelRecord } from '../core/types.ts';

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
  private readonly insert: Statement<[Record<string, unknown>]>;
  private readonly countsStmt: Statement<[number, string], OutcomeCount>;
  private readonly labelStmt: Statement<[number, string, string], { label: string }>;

  constructor(db: Database) {
    this.insert = db.prepare(`INSERT OR REPLACE INTO judgments
      (run_id, response_id, engine, prompt_hashes, label, outcome, failure, created_at)
      VALUES (@run_id, @response_id, @engine, @prompt_hashes, @label, @outcome, @failure, @created_at)`);
    this.countsStmt = db.prepare(`SELECT r.setup AS setup, j.outcome AS outcome, COUNT(*) AS n
      FROM judgments j JOIN responses r ON r.run_id = j.run_id AND r.response_id = j.response_id
      WHERE j.run_id = ? AND j.engine = ? GROUP BY r.setup, j.outcome ORDER BY r.setup, j.outcome`);
    this.labelStmt = db.prepare('SELECT label FROM judgments WHERE run_id = ? AND response_id = ? AND engine = ?');
  }

  /** Stores (or replaces) a label. Call inside a transaction when paired with its response. */
  put(runId: number, j: JudgmentRow): void {
    this.insert.run({
      run_id: runId,
      response_id: j.response_id,
      engine: j.engine,
      prompt_hashes: JSON.stringify(j.prompt_hashes),
      label: JSON.stringify(j.label),
      outcome: j.label.outcome,
      failure: j.label.failure ? 1 : 0,
      created_at: new Date().toISOString(),
    });
  }

  /** Outcome counts per setup for one engine's labels. */
  outcomeCounts(runId: number, engine: string): OutcomeCount[] {
    return this.countsStmt.all(runId, engine);
  }

  label(runId: number, responseId: string, engine: string): LabelRecord | undefined {
    const row = this.labelStmt.get(runId, responseId, engine);
    return row === undefined ? undefined : (JSON.parse(row.label) as LabelRecord);
  }
}
