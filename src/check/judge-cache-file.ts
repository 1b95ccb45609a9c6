/**
 * The judge cache of `felicity check`: a JSON Lines file, one entry per line, read whole when
 * opened and appended to as judgments arrive, so a run that is stopped keeps what it paid for.
 * Lines that cannot be read (a cut-off last line after a crash, a hand edit) are skipped and
 * counted, never fatal: a cache miss only costs a call.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { CacheEntry, JudgeCache } from './judge-cache.ts';
import { STAGES } from './llm/prompts.ts';

/** $XDG_CACHE_HOME/felicity/judge-cache.jsonl, else ~/.cache/felicity/judge-cache.jsonl. */
export function defaultCacheFile(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const base = env['XDG_CACHE_HOME']?.trim() || join(homedir(), '.cache');
  return join(base, 'felicity', 'judge-cache.jsonl');
}

export class FileJudgeCache implements JudgeCache {
  private readonly entries = new Map<string, CacheEntry>();
  /** Lines of the file that were not valid entries. */
  readonly skippedLines: number = 0;

  constructor(readonly path: string) {
    if (!existsSync(path)) return;
    let skipped = 0;
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const entry = parseEntry(line);
      if (entry) this.entries.set(entry.key, entry);
      else skipped++;
    }
    this.skippedLines = skipped;
  }

  get size(): number {
    return this.entries.size;
  }

  async get(key: string): Promise<CacheEntry | undefined> {
    return this.entries.get(key);
  }

  async put(entry: CacheEntry): Promise<void> {
    if (this.entries.has(entry.key)) return;
    this.entries.set(entry.key, entry);
    mkdirSync(dirname(this.path), { recursive: true });
    appendFileSync(this.path, `${JSON.stringify(entry)}\n`);
  }
}

function parseEntry(line: string): CacheEntry | undefined {
  try {
    const value = JSON.parse(line) as Partial<CacheEntry>;
    const ok =
      typeof value.key === 'string' &&
      typeof value.prompt_hash === 'string' &&
      typeof value.model === 'string' &&
      (STAGES as readonly string[]).includes(value.stage as string) &&
      value.value !== undefined &&
      typeof value.usage === 'object' &&
      value.usage !== null;
    return ok ? (value as CacheEntry) : undefined;
  } catch {
    return undefined;
  }
}
