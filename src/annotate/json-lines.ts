/** JSON Lines in, values out; a line that is not JSON is a problem naming it, and the rest are kept. */
import { jsonLines } from '../check/json-lines-reader.ts';

export interface LineProblem {
  file: string;
  line: number;
  field: string;
  message: string;
}

export async function readJsonLines(file: string): Promise<{ values: { line: number; value: unknown }[]; problems: LineProblem[] }> {
  const values: { line: number; value: unknown }[] = [];
  const problems: LineProblem[] = [];
  for await (const entry of jsonLines(file)) {
    if ('problem' in entry) problems.push({ file, line: entry.line, field: '(line)', message: entry.problem });
    else values.push(entry);
  }
  return { values, problems };
}
