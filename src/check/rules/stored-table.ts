/**
 * Tables of the rules that `npm run build` computes once (scripts/build-tables.mjs) and writes as
 * JSON beside the compiled modules, so no process or worker builds them at start. From the sources
 * (tests, tsx) there are none: the rules then build their own, and they check that a stored table
 * was made from the same literals before using it.
 */
import { readFileSync } from 'node:fs';

/** `NAME.json` beside this module, parsed, or undefined when it is absent or not JSON. */
export function storedTable<T>(name: string): T | undefined {
  try {
    return JSON.parse(readFileSync(new URL(`./${name}.json`, import.meta.url), 'utf8')) as T;
  } catch {
    return undefined;
  }
}
