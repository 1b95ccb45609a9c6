/** JSON Lines in, values out; a line that is not JSON is a problem naming it, and the rest are kept. */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

export interface LineProblem {
  file: string;
  line: number;
  field: string;
  message: string;
}

export async function readJsonLines(file: string): Promise<{ values: { line: number; value: unknown }[]; problems: LineProblem[] }> {
  const values: { line: number; value: unknown }[] = [];
  const problems: LineProblem[] = [];
  let line = 0;
  for await (const raw of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    line++;
    const text = line === 1 && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
    if (text.trim() === '') continue;
    try {
      values.push({ line, value: JSON.parse(text) });
    } catch (error) {
      problems.push({ file, line, field: '(line)', message: `not valid JSON: ${(error as Error).message}` });
    }
  }
  return { values, problems };
}
