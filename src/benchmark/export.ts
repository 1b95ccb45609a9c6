/**
 * Exporting a stored run as response records: JSON Lines (the interchange format) or CSV (for
 * spreadsheets: one row per response, `messages` and `usage` as JSON text). With an engine's
 * labels, each record also carries the label columns (outcome, the judge's five booleans, the
 * engine), empty where that engine left a response unlabelled. Rows stream from the database to
 * the output with backpressure, so a run of any size exports in constant memory.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { viewTurn } from '../core/turn.ts';
import type { LabelRecord, ResponseBooleans } from '../core/types.ts';
import type { Store } from '../store/index.ts';
import { DamagedRecordError, type DamageSink } from '../store/stored-json.ts';
import type { ExportFormat } from './export-formats.ts';
import { userDeployment } from './grid-setups.ts';
import type { RunConfig } from './run-config.ts';
import { RESPONSE_FIELDS, toResponseRecord, type ResponseRecord } from './response-record.ts';

/**
 * RFC 4180: quote a field when it holds a comma, quote, CR or LF; double inner quotes. Every text
 * cell is defused: ids, request text, model names and errors are as untrusted as model replies.
 */
export function csvField(value: unknown): string {
  const text = value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : typeof value === 'string' ? defused(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The judge's five booleans, in label-record order. */
export const BOOLEAN_COLUMNS = ['false_action_claim', 'declines_request', 'hands_back_to_user', 'did_task_now', 'asks_clarification'] as const satisfies readonly (keyof ResponseBooleans)[];

/** The label columns an export adds after the record's own fields (additive: SPEC §4 fields unchanged). */
export const LABEL_COLUMNS = ['outcome', ...BOOLEAN_COLUMNS, 'engine'] as const;

export type LabelColumns = Record<(typeof LABEL_COLUMNS)[number], string | boolean | null>;

/** A label as its columns; all null when the response has no label from the engine. */
export function labelColumns(label: LabelRecord | undefined, engine: string): LabelColumns {
  const out = { outcome: label?.outcome ?? null } as LabelColumns;
  for (const b of BOOLEAN_COLUMNS) out[b] = label === undefined ? null : label.booleans?.[b] === true;
  out.engine = label === undefined ? null : engine;
  return out;
}

/** CSV columns: the record's fields, the reply the user read (a spreadsheet cannot reach into `messages`), then the label columns. */
export const CSV_COLUMNS = [...RESPONSE_FIELDS, 'final_reply', ...LABEL_COLUMNS] as const;

/**
 * A text cell starting with = + - @, tab or carriage return would run as a formula in a
 * spreadsheet, so it is written with a leading apostrophe (shown as text, not run).
 */
function defused(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** @param labels the label columns; absent (all empty) when no engine's labels are exported. */
export function csvRow(record: ResponseRecord, labels?: LabelColumns): string {
  const cells = RESPONSE_FIELDS.map((f) => csvField(record[f]));
  cells.push(csvField(viewTurn(record.messages).finalText));
  for (const c of LABEL_COLUMNS) cells.push(csvField(labels?.[c]));
  return `${cells.join(',')}\r\n`;
}

async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

export interface ExportOptions {
  /** The stored engine id whose labels fill the label columns; none: CSV leaves them empty, JSON Lines omits them. */
  engine?: string;
  /** Told of each response whose stored record (or label) is damaged: it is left out and the export goes on (without it, the export stops there). */
  onDamaged?: DamageSink;
}

/** Writes every response of `run` to `out`; returns how many were written. */
export async function exportRun(store: Store, run: string, format: ExportFormat, out: Writable, options: ExportOptions = {}): Promise<number> {
  const { id, config } = await store.runs.get(run);
  const { deployments } = JSON.parse(config) as RunConfig;
  let n = 0;
  // The byte-order mark tells spreadsheet programs the file is UTF-8 (else accents are misread).
  if (format === 'csv') await write(out, `\ufeff${CSV_COLUMNS.join(',')}\r\n`);
  for await (const row of store.responses.iterate(id, options.onDamaged)) {
    // A JSON Lines record carries a user's deployment whole (it must stand as a turn record); a CSV cell its id.
    const record = toResponseRecord(run, row, format === 'jsonl' ? userDeployment(row.setup, deployments) : undefined);
    let labels: LabelColumns | undefined;
    if (options.engine !== undefined) {
      const engine = options.engine;
      const label = await store.judgments.label(id, row.response_id, engine, row.request_id).then(
        (found) => ({ found }),
        (error: unknown) => ({ error }),
      );
      if ('error' in label) {
        // A record without its label would read as unlabelled: it is left out with the others.
        if (options.onDamaged === undefined || !DamagedRecordError.isInstance(label.error)) throw label.error;
        options.onDamaged(label.error);
        continue;
      }
      labels = labelColumns(label.found, engine);
    }
    await write(out, format === 'csv' ? csvRow(record, labels) : `${JSON.stringify(labels === undefined ? record : { ...record, ...labels })}\n`);
    n++;
  }
  return n;
}
