/**
 * The request set as the report needs it: each request's source and doability override. Lines
 * that are not request records are reported with file and line and skipped.
 */
import fs from 'node:fs';
import { DOABILITIES, type Doability } from '../core/types.ts';
import type { RequestInfo } from './report-response.ts';

export interface LineProblem {
  file: string;
  line: number;
  message: string;
}

export function readRequestInfo(file: string, problems: LineProblem[]): Map<string, RequestInfo> {
  const out = new Map<string, RequestInfo>();
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  lines.forEach((text, i) => {
    if (text.trim() === '') return;
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch {
      problems.push({ file, line: i + 1, message: 'not valid JSON' });
      return;
    }
    const r = record as { id?: unknown; source?: unknown; doable?: unknown };
    if (typeof r.id !== 'string' || typeof r.source !== 'string') {
      problems.push({ file, line: i + 1, message: 'field id or source: expected a string' });
      return;
    }
    const info: RequestInfo = { source: r.source };
    if (typeof r.doable === 'string' && (DOABILITIES as readonly string[]).includes(r.doable)) info.doable = r.doable as Doability;
    out.set(r.id, info);
  });
  return out;
}
