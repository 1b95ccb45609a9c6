/**
 * Reads for `felicity report`: a run's responses with one engine's labels, and which engines have
 * labelled the run. Read-only; rows stream a page at a time.
 */
import type { ChatMessage, LabelRecord } from '../core/types.ts';
import { keysetPages, PAGE_SIZE, type ResponseRow } from './responses.ts';
import type { SqlTx } from './sql.ts';
import { decodedOrSkipped, storedJson, type DamageSink } from './stored-json.ts';

/** A stored response (without usage and latency) with one engine's label and its fix steps. */
export interface LabelledResponseRow extends Omit<ResponseRow, 'usage' | 'latency_ms'> {
  /** Null when the engine has not labelled this response (errored responses never are). */
  label: LabelRecord | null;
  /** What the fix arm did (src/store/fix-steps.ts); null for none. */
  fixSteps: { action: string; steps: Record<string, unknown> } | null;
}

interface RawRow extends Omit<LabelledResponseRow, 'messages' | 'label' | 'fixSteps'> {
  messages: string;
  label: string | null;
  fix_action: string | null;
  fix_steps: string | null;
}

/** Engines that labelled the run, with how many labels each wrote. */
export async function judgedEngines(db: SqlTx, runId: number): Promise<{ engine: string; labels: number }[]> {
  const { rows } = await db.query<{ engine: string; labels: number }>(
    'SELECT engine, COUNT(*) AS labels FROM judgments WHERE run_id = $1 GROUP BY engine ORDER BY engine',
    [runId],
  );
  return rows;
}

/**
 * Every response of the run with `engine`'s label and its fix steps (if any), ordered by response
 * id: one query a page, not one per response. A damaged row is thrown, or with `onDamaged` handed
 * to it and skipped.
 */
export async function* labelledResponses(db: SqlTx, runId: number, engine: string, onDamaged?: DamageSink): AsyncGenerator<LabelledResponseRow> {
  const rows = keysetPages(async (after) => {
    const { rows } = await db.query<RawRow>(
      `SELECT r.response_id, r.request_id, r.model, r.setup, r.variant, r.persona, r.fix, r.sample,
          r.category, r.messages, r.error, j.label, f.action AS fix_action, f.steps AS fix_steps
        FROM responses r
        LEFT JOIN judgments j ON j.run_id = r.run_id AND j.response_id = r.response_id AND j.engine = $1
        LEFT JOIN fix_steps f ON f.run_id = r.run_id AND f.response_id = r.response_id
        WHERE r.run_id = $2 AND r.response_id > $3 ORDER BY r.response_id LIMIT $4`,
      [engine, runId, after, PAGE_SIZE],
    );
    return rows;
  });
  for await (const raw of rows) {
    const row = decodedOrSkipped(raw, decodeLabelled, onDamaged);
    if (row !== undefined) yield row;
  }
}

function decodeLabelled({ fix_action, fix_steps, ...raw }: RawRow): LabelledResponseRow {
  const request = raw.request_id;
  return {
    ...raw,
    messages: storedJson<ChatMessage[]>(raw.messages, raw.response_id, 'messages', 'list', request),
    label: raw.label === null ? null : storedJson<LabelRecord>(raw.label, raw.response_id, 'label', 'object', request),
    fixSteps: fix_action === null || fix_steps === null ? null : { action: fix_action, steps: storedJson<Record<string, unknown>>(fix_steps, raw.response_id, 'fix steps', 'object', request) },
  };
}
