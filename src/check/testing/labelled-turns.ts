/**
 * Reads a JSON Lines file of hand-labelled turns for a test that defines one test per turn. A
 * missing or empty file is an error naming it, never an empty list: a loop over no turns would
 * define no tests and pass. Only a file marked optional (one that lives outside the repository)
 * may be absent, and then the suite is skipped with the reason given.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

export interface LabelledTurns<T> {
  /** The file's path from `root`, to name the suite. */
  name: string;
  turns: T[];
  /** Set when an optional file is absent: the reason to skip its suite. */
  skip?: string;
}

export function readLabelledTurns<T>(file: string, options: { root?: string; optional?: string } = {}): LabelledTurns<T> {
  const name = options.root ? relative(options.root, file) : file;
  if (!existsSync(file)) {
    if (options.optional) return { name, turns: [], skip: `skipped: ${options.optional}` };
    throw new Error(`${file}: labelled turns file is missing`);
  }
  const turns = readFileSync(file, 'utf8').split('\n').flatMap((line, i) => {
    if (!line.trim()) return [];
    try {
      return [JSON.parse(line) as T];
    } catch (error) {
      throw new Error(`${file}:${i + 1}: not JSON (${(error as Error).message})`);
    }
  });
  if (turns.length === 0) throw new Error(`${file}: holds no labelled turns`);
  return { name, turns };
}
