/**
 * Exporting a stored run as response records: JSON Lines (the interchange format) or CSV (for
 * spreadsheets: one row per response, `messages` and `usage` as JSON text). Rows stream from the
 * database to the output with backpressure, so a run of any size exports in constant memory.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { Store } from '../store/index.ts';
import { userDeployment } from './grid-setups.ts';
import type { RunConfig } from './run-config.ts';
import { RESPONSE_FIELDS, toResponseRecord, type ResponseRecord } from './response-record.ts';

export const EXPORT_FORMATS = ['jsonl', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** RFC 4180: quote a field when it holds a comma, quote, CR or LF; double inner quotes. */
export function csvField(value: unknown): string {
  const text = value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(record: ResponseRecord): string {
  return `${RESPONSE_FIELDS.map((f) => csvField(record[f])).join(',')}\r\n`;
}

async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/** Writes every response of `run` to `out`; returns how many were written. */
export async function exportRun(store: Store, run: string, format: ExportFormat, out: Writable): Promise<number> {
  const { id, config } = store.runs.get(run);
  const { deployments } = JSON.parse(config) as RunConfig;
  let n = 0;
  if (format === 'csv') await write(out, `${RESPONSE_FIELDS.join(',')}\r\n`);
  for (const row of store.responses.iterate(id)) {
    const record = toResponseRecord(run, row, userDeployment(row.setup, deployments));
    await write(out, format === 'csv' ? csvRow(record) : `${JSON.stringify(record)}\n`);
    n++;
  }
  return n;
}
