/**
 * A report table and its three renderings. Rates are held as fractions and written as percent:
 * in Markdown with the interval in brackets ("45.9 [41.7, 50.1]"), in CSV and JSON as their own
 * columns/fields. Not defined is `–` in Markdown and empty/null in CSV/JSON, never 0.
 */
import { csvField } from '../benchmark/export.ts';

export interface Interval {
  value: number | null;
  low: number | null;
  high: number | null;
}

export type Cell = string | number | null | Interval;

export interface Column {
  key: string;
  title: string;
  /** A rate (fraction) with an interval; `signed` for differences between arms. */
  kind?: 'text' | 'count' | 'rate' | 'difference';
}

export interface Table {
  id: string;
  title: string;
  columns: Column[];
  rows: Record<string, Cell>[];
}

const DASH = '–';

function percent(v: number | null, signed: boolean): string {
  if (v === null) return DASH;
  const p = (v * 100).toFixed(1);
  const text = p === '-0.0' ? '0.0' : p;
  return signed && v > 0 && text !== '0.0' ? `+${text}` : text;
}

function asInterval(cell: Cell): Interval {
  return cell !== null && typeof cell === 'object' ? cell : { value: typeof cell === 'number' ? cell : null, low: null, high: null };
}

function markdownCell(cell: Cell, column: Column): string {
  if (column.kind === 'rate' || column.kind === 'difference') {
    const { value, low, high } = asInterval(cell);
    const signed = column.kind === 'difference';
    if (value === null) return DASH;
    return low === null || high === null ? percent(value, signed) : `${percent(value, signed)} [${percent(low, signed)}, ${percent(high, signed)}]`;
  }
  if (cell === null) return DASH;
  return markdownText(String(cell));
}

/**
 * Text inside a Markdown table: model names and request text are untrusted, and a Markdown viewer
 * renders inline HTML and links. HTML's specials become entities, link brackets, code ticks and
 * the cell separator are backslash-escaped, and a line break (which would end the row) is a space.
 */
function markdownText(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replace(/[\\`[\]|]/g, '\\$&')
    .replace(/\r\n?|\n/g, ' ');
}

export function toMarkdown(table: Table): string {
  const head = `| ${table.columns.map((c) => markdownText(c.title)).join(' | ')} |`;
  const rule = `|${table.columns.map((c) => (c.kind === 'text' || c.kind === undefined ? ' --- |' : ' ---: |')).join('')}`;
  const body = table.rows.map((row) => `| ${table.columns.map((c) => markdownCell(row[c.key] ?? null, c)).join(' | ')} |`);
  return `### ${markdownText(table.title)}\n\n${[head, rule, ...body].join('\n')}\n`;
}

const round = (v: number | null) => (v === null ? null : Math.round(v * 100_000) / 1000);

export function toCsv(table: Table): string {
  const header: string[] = [];
  for (const c of table.columns) {
    if (c.kind === 'rate' || c.kind === 'difference') header.push(c.key, `${c.key}_low`, `${c.key}_high`);
    else header.push(c.key);
  }
  const lines = [header.join(',')];
  for (const row of table.rows) {
    const fields: string[] = [];
    for (const c of table.columns) {
      const cell = row[c.key] ?? null;
      if (c.kind === 'rate' || c.kind === 'difference') {
        const { value, low, high } = asInterval(cell);
        fields.push(...[value, low, high].map((v) => (v === null ? '' : String(round(v)))));
      } else fields.push(csvField(cell));
    }
    lines.push(fields.join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** JSON: rates in percent, each a `{value, low, high}` object; null where not defined. */
export function toJson(table: Table): string {
  const rows = table.rows.map((row) =>
    Object.fromEntries(
      table.columns.map((c) => {
        const cell = row[c.key] ?? null;
        if (c.kind !== 'rate' && c.kind !== 'difference') return [c.key, cell];
        const { value, low, high } = asInterval(cell);
        return [c.key, { value: round(value), low: round(low), high: round(high) }];
      }),
    ),
  );
  return `${JSON.stringify({ id: table.id, title: table.title, unit: 'percent', columns: table.columns, rows }, null, 1)}\n`;
}
