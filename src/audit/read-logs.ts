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

export async function readLogs(file: string): Promise<ReadLogs> {
  const out: ReadLogs = { turns: [], records: 0, formats: {}, problems: [] };
  let line = 0;
  for await (const raw of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    line++;
    const text = line === 1 && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
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
