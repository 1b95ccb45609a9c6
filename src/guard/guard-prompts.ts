/**
 * The guard's two prompts, kept as text files in prompts/ so they can be read, diffed and hashed
 * on their own: the rewrite prompt (fix C) and the re-anchor note. Each is versioned by the
 * SHA-256 of its text, which every stored fix step records.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { bundledFile } from '../bundled-files.ts';

export interface GuardPrompt {
  /** File name without extension, e.g. "rewrite-v1". */
  name: string;
  text: string;
  /** SHA-256 of the text, hex. */
  hash: string;
}

function load(name: string): GuardPrompt {
  const text = fs.readFileSync(bundledFile(`prompts/${name}.txt`), 'utf8');
  return { name, text, hash: createHash('sha256').update(text).digest('hex') };
}

export const REWRITE_PROMPT = load('rewrite-v1');
export const REANCHOR_PROMPT = load('reanchor-v1');

/**
 * Fills `{{name}}` slots in one pass over the template, so text put into a slot (model output,
 * user text) is never itself scanned for slots.
 */
export function fillPrompt(prompt: GuardPrompt, values: Record<string, string>): string {
  return prompt.text.replace(/\{\{(\w+)\}\}/g, (slot, name: string) => {
    if (!Object.hasOwn(values, name)) throw new Error(`prompt ${prompt.name}: no value for ${slot}`);
    return values[name]!;
  });
}
