/**
 * Reads for `felicity report`: a run's responses with one engine's labels, and which engines have
 * labelled the run. Read-only; rows stream with `.iterate()`.
 */
import type { Database } from 'better-sqlite3';
import type { ChatMessage, LabelRecord } from '../core/types.ts';
import type { ResponseRow } from './responses.ts';

/** A stored response (without usage and latency) with one engine's label. */
export interface LabelledResponseRow extends Omit<ResponseRow, 'usage' | 'latency_ms'> {
  /** Null when the engine has not labelled this response (errored responses never are). */
  label: LabelRecord | null;
}

interface RawRow extends Omit<LabelledResponseRow, 'messages' | 'label'> {
  messages: string;
  label: string | null;
}

/** Engines that labelled the run, with how many labels each wrote. */
export function judgedEngines(db: Database, runId: number): { engine: string; labels: number }[] {
  return db
    .prepare('SELECT engine, COUNT(*) AS labels FROM judgments WHERE run_id = ? GROUP BY engine ORDER BY engine')
    .all(runId) as { engine: string; labels: number }[];
}

/** Every response of the run with `engine`'s label (if any), ordered by response id. */
export function* labelledResponses(db: Database, runId: number, engine: string): Generator<LabelledResponseRow> {
  const stmt = db.prepare(`SELECT r.response_id, r.request_id, r.model, r.setup, r.variant, r.persona, r.fix, r.sample,
      r.category, r.messages, r.error, j.label
    FROM responses r LEFT JOIN judgments j ON j.run_id = r.run_id AND j.response_id = r.response_id AND j.engine = ?
    WHERE r.run_id = ? ORDER BY r.response_id`);
  for (const raw of stmt.iterate(engine, runId) as IterableIterator<RawRow>) {
    yield {
      ...raw,
      messages: JSON.parse(raw.messages) as ChatMessage[],
      label: raw.label === null ? null : (JSON.parse(raw.label) as LabelRecord),
    };
  }
}
