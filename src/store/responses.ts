/**
 * The responses table: one row per (run, response id), the moment the response finishes.
 * Messages and usage are stored as JSON text; reads stream with `.iterate()` so an export never
 * holds a run in memory.
 */
import type { Database, Statement } from 'better-sqlite3';
import type { ChatMessage } from '../core/types.ts';

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

type Params = Omit<RawRow, never> & { run_id: number; created_at: string };

const COLUMNS =
  'response_id, request_id, model, setup, variant, persona, fix, sample, category, messages, usage, latency_ms, error';

export function decodeResponse(raw: RawRow): ResponseRow {
  return {
    ...raw,
    messages: JSON.parse(raw.messages) as ChatMessage[],
    usage: raw.usage === null ? null : (JSON.parse(raw.usage) as Record<string, unknown>),
  };
}

export class Responses {
  private readonly state: Statement<[number, string], { error: string | null }>;
  private readonly upsertStmt: Statement<[Params]>;
  private readonly dropJudgments: Statement<[number, string]>;
  private readonly countStmt: Statement<[number], { total: number; errors: number }>;
  private readonly allStmt: Statement<[number], RawRow>;
  private readonly pageStmt: Statement<[{ run_id: number; after: string; engine: string; all: number; limit: number }], RawRow>;

  constructor(db: Database) {
    this.state = db.prepare('SELECT error FROM responses WHERE run_id = ? AND response_id = ?');
    // A retried response replaces the failed one in place; its old judgments no longer apply.
    this.upsertStmt = db.prepare(`INSERT INTO responses (run_id, ${COLUMNS}, created_at)
      VALUES (@run_id, @response_id, @request_id, @model, @setup, @variant, @persona, @fix, @sample, @category,
              @messages, @usage, @latency_ms, @error, @created_at)
      ON CONFLICT (run_id, response_id) DO UPDATE SET
        messages = excluded.messages, usage = excluded.usage, latency_ms = excluded.latency_ms,
        error = excluded.error, created_at = excluded.created_at`);
    this.dropJudgments = db.prepare('DELETE FROM judgments WHERE run_id = ? AND response_id = ?');
    this.countStmt = db.prepare(
      'SELECT COUNT(*) AS total, COUNT(error) AS errors FROM responses WHERE run_id = ?',
    );
    // Ordered by the primary key, so the order is deterministic and needs no sort.
    this.allStmt = db.prepare(`SELECT ${COLUMNS} FROM responses WHERE run_id = ? ORDER BY response_id`);
    this.pageStmt = db.prepare(`SELECT ${COLUMNS} FROM responses r
      WHERE r.run_id = @run_id AND r.response_id > @after AND r.error IS NULL AND (@all OR NOT EXISTS (
        SELECT 1 FROM judgments j WHERE j.run_id = r.run_id AND j.response_id = r.response_id AND j.engine = @engine))
      ORDER BY r.response_id LIMIT @limit`);
  }

  stateOf(runId: number, responseId: string): ResponseState {
    const row = this.state.get(runId, responseId);
    if (row === undefined) return 'missing';
    return row.error !== null ? 'error' : 'ok';
  }

  /** The stored error of a failed response (undefined when it is missing or succeeded). */
  errorOf(runId: number, responseId: string): string | undefined {
    return this.state.get(runId, responseId)?.error ?? undefined;
  }

  /** Inserts or replaces a response. Call inside a transaction together with its judgment. */
  upsert(runId: number, row: ResponseRow): void {
    this.dropJudgments.run(runId, row.response_id);
    this.upsertStmt.run({
      ...row,
      run_id: runId,
      messages: JSON.stringify(row.messages),
      usage: row.usage === null ? null : JSON.stringify(row.usage),
      created_at: new Date().toISOString(),
    });
  }

  counts(runId: number): { total: number; errors: number } {
    return this.countStmt.get(runId) ?? { total: 0, errors: 0 };
  }

  /** Streams a run's responses ordered by response id. The connection is busy until it ends. */
  *iterate(runId: number): Generator<ResponseRow> {
    for (const raw of this.allStmt.iterate(runId)) yield decodeResponse(raw);
  }

  /**
   * The next page of responses after response id `after` that `engine` has not judged yet (or
   * all of them with `all`). Failed model calls are never judged: they hold no reply. Pages, not one long iterator, let the caller write judgments between
   * reads on the same connection.
   */
  unjudged(runId: number, engine: string, after: string, limit: number, all = false): ResponseRow[] {
    return this.pageStmt.all({ run_id: runId, after, engine, all: all ? 1 : 0, limit }).map(decodeResponse);
  }
}
