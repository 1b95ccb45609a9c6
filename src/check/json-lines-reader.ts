/** A JSON Lines file read line by line: each value with its line number, or the line's problem. A BOM and blank lines are skipped. */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

export async function* jsonLines(file: string): AsyncGenerator<{ line: number; value: unknown } | { line: number; problem: string }> {
  let line = 0;
  for await (const raw of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    line++;
    const text = line === 1 && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
    if (text.trim() === '') continue;
    try {
      yield { line, value: JSON.parse(text) as unknown };
    } catch (error) {
      yield { line, problem: `not valid JSON: ${(error as Error).message}` };
    }
  }
}
