/**
 * Validation of a request file (JSON Lines of request records): per-record schema and content
 * checks, then set-level checks (duplicate ids, near-duplicate requests, over-shared contexts).
 * Every problem names file, line and field; good records are kept so a runner can go on without
 * the bad ones.
 */
import { readFile } from 'node:fs/promises';
import { issueInWords } from './issue-words.ts';
import { SOURCES, requestRecordSchema, type RequestRecord } from './request-record.ts';
import { RequestFileError, type RequestProblem } from './request-problem.ts';
import { findContextProblems, findTextProblems } from './text-checks.ts';
import { NEAR_DUPLICATE_THRESHOLD, findNearDuplicates } from './near-duplicates.ts';

/** A context may be reused once (two requests); the third use makes it generic (Appendix B). */
export const MAX_CONTEXT_SHARE = 2;

export interface ValidationResult {
  /** Records that passed every per-record check and are not the later half of a set-level clash. */
  records: RequestRecord[];
  problems: RequestProblem[];
  /** Non-blank lines read. */
  lines: number;
}

interface Parsed {
  line: number;
  record: RequestRecord;
}

function normaliseContext(context: string): string {
  return context.toLowerCase().replace(/\s+/g, ' ').replace(/[.!?\s]+$/, '').trim();
}

function describe(value: unknown): string {
  const s = JSON.stringify(value);
  return s === undefined ? 'nothing' : s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

function checkRecord(value: unknown, file: string, line: number): { record?: RequestRecord; problems: RequestProblem[] } {
  const problems: RequestProblem[] = [];
  const add = (field: string, reason: string) => problems.push({ file, line, field, reason });
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    add('(line)', `expected a JSON object, got ${describe(value)}`);
    return { problems };
  }
  const source = (value as Record<string, unknown>).source;
  if (typeof source !== 'string' || !(SOURCES as readonly string[]).includes(source)) {
    add('source', `unknown source ${describe(source)} (expected one of ${SOURCES.join(', ')})`);
  }
  const parsed = requestRecordSchema.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.length > 0 ? issue.path.join('.') : '(line)';
      if (field === 'source' && problems.some((p) => p.field === 'source')) continue;
      add(field, issueInWords(issue, value));
    }
    return { problems };
  }
  const record = parsed.data;
  if (record.source !== 'template' && record.source !== 'hand' && record.provenance.corpus !== record.source) {
    add('provenance.corpus', `must equal source ${describe(record.source)}, got ${describe(record.provenance.corpus)}`);
  }
  for (const field of ['request', 'context'] as const) {
    for (const reason of findTextProblems(record[field])) add(field, reason);
  }
  for (const reason of findContextProblems(record.context)) add('context', reason);
  return problems.length === 0 ? { record, problems } : { problems };
}

function setLevelProblems(parsed: readonly Parsed[], file: string): { problems: RequestProblem[]; rejected: Set<number> } {
  const problems: RequestProblem[] = [];
  const rejected = new Set<number>();
  const idLines = new Map<string, number>();
  for (const { line, record } of parsed) {
    const first = idLines.get(record.id);
    if (first === undefined) idLines.set(record.id, line);
    else {
      problems.push({ file, line, field: 'id', reason: `duplicate id ${describe(record.id)} (first on line ${first})` });
      rejected.add(line);
    }
  }
  for (const d of findNearDuplicates(parsed.map((p) => p.record.request))) {
    const a = parsed[d.first]!;
    const b = parsed[d.second]!;
    problems.push({
      file,
      line: b.line,
      field: 'request',
      reason: `near-duplicate of line ${a.line} (token Jaccard ${d.similarity.toFixed(2)} ≥ ${NEAR_DUPLICATE_THRESHOLD})`,
    });
    rejected.add(b.line);
  }
  const contextLines = new Map<string, number[]>();
  for (const { line, record } of parsed) {
    const key = normaliseContext(record.context);
    const lines = contextLines.get(key) ?? [];
    lines.push(line);
    contextLines.set(key, lines);
    if (lines.length > MAX_CONTEXT_SHARE) {
      problems.push({
        file,
        line,
        field: 'context',
        reason: `context shared by ${lines.length} requests (also lines ${lines.slice(0, -1).join(', ')}); at most ${MAX_CONTEXT_SHARE} may share one`,
      });
      rejected.add(line);
    }
  }
  return { problems, rejected };
}

/** Validates JSONL text; `file` is only used to name the source in problems. */
export function validateRequestsText(text: string, file: string): ValidationResult {
  const problems: RequestProblem[] = [];
  const parsed: Parsed[] = [];
  let lines = 0;
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    lines += 1;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (err) {
      problems.push({ file, line, field: '(line)', reason: `bad JSON: ${(err as Error).message}` });
      return;
    }
    const checked = checkRecord(value, file, line);
    problems.push(...checked.problems);
    if (checked.record) parsed.push({ line, record: checked.record });
  });
  const setLevel = setLevelProblems(parsed, file);
  problems.push(...setLevel.problems);
  problems.sort((a, b) => a.line - b.line);
  const records = parsed.filter((p) => !setLevel.rejected.has(p.line)).map((p) => p.record);
  return { records, problems, lines };
}

/** Reads and validates a request file; throws RequestFileError only when it cannot be read. */
export async function loadRequests(path: string): Promise<{ records: RequestRecord[]; problems: RequestProblem[] }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new RequestFileError({ file: path, line: 0, expected: 'a readable JSONL file', got: (err as NodeJS.ErrnoException).code ?? String(err) });
  }
  const { records, problems } = validateRequestsText(text, path);
  return { records, problems };
}
