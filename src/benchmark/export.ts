/**
 * Exporting a stored run as response records: JSON Lines (the interchange format) or CSV (for
 * spreadsheets: one row per response, `messages` and `usage` as JSON text). Rows stream from the
 * database to the output with backpressure, so a run of any size exports in constant memory.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { viewTurn } from '../core/turn.ts';
import type { Store } from '../store/index.ts';
import type { ExportFormat } from './export-formats.ts';
import { userDeployment } from './grid-setups.ts';
import type { RunConfig } from './run-config.ts';
import { RESPONSE_FIELDS, toResponseRecord, type ResponseRecord } from './response-record.ts';

/** RFC 4180: quote a field when it holds a comma, quote, CR or LF; double inner quotes. */
export function csvField(value: unknown): string {
  const text = value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** CSV columns: the record's fields, then the reply the user read (a spreadsheet cannot reach into `messages`). */
export const CSV_COLUMNS = [...RESPONSE_FIELDS, 'final_reply'] as const;

/**
 * Model text is untrusted: a cell starting with = + - or @ would run as a formula in a
 * spreadsheet, so such a reply is written with a leading apostrophe (shown as text, not run).
 */
function defused(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function csvRow(record: ResponseRecord): string {
  const cells = RESPONSE_FIELDS.map((f) => csvField(record[f]));
  cells.push(csvField(defused(viewTurn(record.messages).finalText)));
  return `${cells.join(',')}\r\n`;
}

async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/** Writes every response of `run` to `out`; returns how many were written. */
export async function exportRun(store: Store, run: string, format: ExportFormat, out: Writable): Promise<number> {
  const { id, config } = store.runs.get(run);
  const { deployments } = JSON.parse(config) as RunConfig;
  let n = 0;
  // The byte-order mark tells spreadsheet programs the file is UTF-8 (else accents are misread).
  if (format === 'csv') await write(out, `\ufeff${CSV_COLUMNS.join(',')}\r\n`);
  for (const row of store.responses.iterate(id)) {
    // A JSON Lines record carries a user's deployment whole (it must stand as a turn record); a CSV cell its id.
    const record = toResponseRecord(run, row, format === 'jsonl' ? userDeployment(row.setup, deployments) : undefined);
    await write(out, format === 'csv' ? csvRow(record) : `${JSON.stringify(record)}\n`);
    n++;
  }
  return n;
}
