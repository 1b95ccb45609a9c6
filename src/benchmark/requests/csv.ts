/**
 * A small RFC 4180 CSV reader: quoted fields may hold commas, doubled quotes and newlines (the
 * Bitext files put multi-line replies in quotes, so splitting on newlines would misnumber rows).
 */
import { RequestFileError } from './request-problem.ts';

/** Rows of fields; a trailing newline does not produce an empty row. */
export function parseCsv(text: string, file: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let quoteStartLine = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else {
        if (ch === '\n') line += 1;
        field += ch;
      }
    } else if (ch === '"' && field === '') {
      quoted = true;
      quoteStartLine = line;
    } else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      line += 1;
    } else field += ch;
  }
  if (quoted) throw new RequestFileError({ file, line: quoteStartLine, expected: 'a closing quote', got: 'end of file' });
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Data rows as objects keyed by the header row. */
export function parseCsvObjects(text: string, file: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text, file);
  if (!header) return [];
  return rows.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])));
}
