/**
 * Reads a chat log file (JSON Lines) into turns. Bad lines become problems naming the line and
 * field; every good line is kept. A file none of whose lines is a known format is one error.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { LogFormatError, parseLogRecord, type LogFormat, type LogTurn } from './log-formats.ts';

export interface LineProblem {
  file: string;
  line: number;
  field: string;
  message: string;
}

export interface ReadLogs {
  turns: LogTurn[];
  records: number;
  formats: Partial<Record<LogFormat, number>>;
  problems: LineProblem[];
}

/** Lines longer than this are refused (a record is a conversation, not a corpus). */
export const MAX_LINE_CHARS = 4_000_000;

/**
 * Part of a file: the bytes [start, end), which begin at a line start (or 0) and end just after a
 * newline (or at the end of the file), so its lines are exactly the file's lines there; its first
 * line has number `firstLine`.
 */
export interface ByteRange {
  start: number;
  end: number;
  firstLine: number;
}

export interface ReadLogsRange extends ReadLogs {
  /** Lines read (blank ones included), as readline counts them. */
  lines: number;
}

export async function readLogs(file: string, range?: ByteRange): Promise<ReadLogsRange> {
  const out: ReadLogsRange = { turns: [], records: 0, formats: {}, problems: [], lines: 0 };
  if (range && range.end <= range.start) return out;
  const first = range?.firstLine ?? 1;
  // Only the file's very first line may start with a byte order mark.
  const bomAllowed = (range?.start ?? 0) === 0;
  let line = first - 1;
  const input = createReadStream(file, range ? { start: range.start, end: range.end - 1 } : undefined);
  for await (const raw of createInterface({ input, crlfDelay: Infinity })) {
    line++;
    out.lines++;
    const text = bomAllowed && out.lines === 1 && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
    if (text.trim() === '') continue;
    if (text.length > MAX_LINE_CHARS) {
      out.problems.push({ file, line, field: '(line)', message: `longer than ${MAX_LINE_CHARS} characters` });
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      out.problems.push({ file, line, field: '(line)', message: `not valid JSON: ${(error as Error).message}` });
      continue;
    }
    try {
      const parsed = parseLogRecord(value, line);
      out.records++;
      out.formats[parsed.format] = (out.formats[parsed.format] ?? 0) + 1;
      out.turns.push(...parsed.turns);
    } catch (error) {
      if (!LogFormatError.isInstance(error)) throw error;
      out.problems.push({ file, line, field: error.field, message: `expected ${error.expected}, got ${error.got}` });
    }
  }
  return out;
}
