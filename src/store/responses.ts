/**
 * The responses table: one row per (run, response id), the moment the response finishes.
 * Messages and usage are stored as JSON text. Reads page by keyset (response ids after the last
 * one seen, in byte order on both backends), so an export never holds a run in memory.
 */
import type { ChatMessage } from '../core/types.ts';
import type { SqlTx } from './sql.ts';
import { decodedOrSkipped, storedJson, type DamageSink } from './stored-json.ts';

/** One stored response, columns decoded. */
export interface ResponseRow {
  response_id: string;
  request_id: string;
  model: string;
  setup: string;
  variant: string;
  persona: string;
  fix: string;
  sample: number;
  category: string;
  messages: ChatMessage[];
  usage: Record<string, unknown> | null;
  latency_ms: number | null;
  error: string | null;
}

/** What the runner needs to know about a tuple before running it. */
export type ResponseState = 'missing' | 'ok' | 'error';

interface RawRow extends Omit<ResponseRow, 'messages' | 'usage'> {
  messages: string;
  usage: string | null;
}

const COLUMNS =
  'response_id, request_id, model, setup, variant, persona, fix, sample, category, messages, usage, latency_ms, error';

/** Rows per page of a streamed read: big enough that round trips to a server do not dominate. */
export const PAGE_SIZE = 500;

export function decodeResponse(raw: RawRow): ResponseRow {
  return {
    ...raw,
    messages: storedJson<ChatMessage[]>(raw.messages, raw.response_id, 'messages', 'list', raw.request_id),
    usage: raw.usage === null ? null : storedJson<Record<string, unknown>>(raw.usage, raw.response_id, 'usage', 'object', raw.request_id),
  };
}

/**
 * Every row of a keyset-paged query, page by page: `page(after)` returns the rows whose response
 * id sorts after `after`, in response id order, at most PAGE_SIZE of them.
 */
export async function* keysetPages<T extends { response_id: string }>(page: (after: string) => Promise<T[]>): AsyncGenerator<T> {
  for (let after = ''; ; ) {
    const rows = await page(after);
    yield* rows;
    if (rows.length < PAGE_SIZE) return;
    after = rows.at(-1)!.response_id;
  }
}

export class Responses {
  constructor(private readonly db: SqlTx) {}

  async stateOf(runId: number, responseId: string): Promise<ResponseState> {
    const { rows } = await this.db.query<{ error: string | null }>('SELECT error FROM responses WHERE run_id = $1 AND response_id = $2', [runId, responseId]);
    if (rows.length === 0) return 'missing';
    return rows[0]!.error !== null ? 'error' : 'ok';
  }

  /** Every stored response id of the run with its error (null when it succeeded), in response id order. */
  states(runId: number): AsyncGenerator<{ response_id: string; error: string | null }> {
    return keysetPages((after) =>
      this.db
        .query<{ response_id: string; error: string | null }>(
          'SELECT response_id, error FROM responses WHERE run_id = $1 AND response_id > $2 ORDER BY response_id LIMIT $3',
          [runId, after, PAGE_SIZE],
        )
        .then((r) => r.rows),
    );
  }

  /**
   * Inserts or replaces a response. Call inside a transaction together with its judgment: a
   * retried response replaces the failed one in place, and its old judgments no longer apply.
   */
  async upsert(runId: number, row: ResponseRow): Promise<void> {
    await this.db.query('DELETE FROM judgments WHERE run_id = $1 AND response_id = $2', [runId, row.response_id]);
    await this.db.query(
      `INSERT INTO responses (run_id, ${COLUMNS}, created_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
      ON CONFLICT (run_id, response_id) DO UPDATE SET
        messages = excluded.messages, usage = excluded.usage, latency_ms = excluded.latency_ms,
        error = excluded.error, created_at = excluded.created_at`,
      [
        runId,
        row.response_id,
        row.request_id,
        row.model,
        row.setup,
        row.variant,
        row.persona,
        row.fix,
        row.sample,
        row.category,
        JSON.stringify(row.messages),
        row.usage === null ? null : JSON.stringify(row.usage),
        row.latency_ms,
        row.error,
        new Date().toISOString(),
      ],
    );
  }

  async counts(runId: number): Promise<{ total: number; errors: number }> {
    const { rows } = await this.db.query<{ total: number; errors: number }>(
      'SELECT COUNT(*) AS total, COUNT(error) AS errors FROM responses WHERE run_id = $1',
      [runId],
    );
    return rows[0] ?? { total: 0, errors: 0 };
  }

  /**
   * Streams a run's responses ordered by response id, a page at a time. A damaged row (stored-json.ts)
   * is thrown, or with `onDamaged` handed to it and skipped, the rows after it still read.
   */
  async *iterate(runId: number, onDamaged?: DamageSink): AsyncGenerator<ResponseRow> {
    const rows = keysetPages((after) =>
      this.db.query<RawRow>(`SELECT ${COLUMNS} FROM responses WHERE run_id = $1 AND response_id > $2 ORDER BY response_id LIMIT $3`, [runId, after, PAGE_SIZE]).then((r) => r.rows),
    );
    for await (const raw of rows) {
      const row = decodedOrSkipped(raw, decodeResponse, onDamaged);
      if (row !== undefined) yield row;
    }
  }

  /**
   * The next page of responses after response id `after` that `engine` has not judged yet (or
   * all of them with `all`). Failed model calls are never judged: they hold no reply. Pages, not
   * one long iterator, let the caller write judgments between reads.
   */
  async unjudged(runId: number, engine: string, after: string, limit: number, all = false): Promise<ResponseRow[]> {
    return (await this.unjudgedPage(runId, engine, after, limit, all)).rows;
  }

  /**
   * The same page, with the response id to read the next page after (`next`, undefined past the
   * last page): with `onDamaged`, damaged rows are handed to it and left out of `rows`, so a page
   * can be empty and still not be the last.
   */
  async unjudgedPage(runId: number, engine: string, after: string, limit: number, all = false, onDamaged?: DamageSink): Promise<{ rows: ResponseRow[]; next: string | undefined }> {
    const { rows } = await this.db.query<RawRow>(
      `SELECT ${COLUMNS} FROM responses r
      WHERE r.run_id = $1 AND r.response_id > $2 AND r.error IS NULL AND ($3 = 1 OR NOT EXISTS (
        SELECT 1 FROM judgments j WHERE j.run_id = r.run_id AND j.response_id = r.response_id AND j.engine = $4))
      ORDER BY r.response_id LIMIT $5`,
      [runId, after, all ? 1 : 0, engine, limit],
    );
    const decoded: ResponseRow[] = [];
    for (const raw of rows) {
      const row = decodedOrSkipped(raw, decodeResponse, onDamaged);
      if (row !== undefined) decoded.push(row);
    }
    return { rows: decoded, next: rows.at(-1)?.response_id };
  }
}
