/**
 * The judge cache inside a run's database (table `judge_cache`, migration 3), so `judge`, `report`
 * and `run --judge` on judged data make no model call, and the cache travels with the run.
 */
import type { Database, Statement } from 'better-sqlite3';
import type { CacheEntry, JudgeCache } from './judge-cache.ts';

export class DatabaseJudgeCache implements JudgeCache {
  private readonly select: Statement<[string], { stage: string; prompt_hash: string; model: string; value: string; usage: string }>;
  private readonly insert: Statement<[Record<string, unknown>]>;

  constructor(db: Database) {
    this.select = db.prepare('SELECT stage, prompt_hash, model, value, usage FROM judge_cache WHERE key = ?');
    this.insert = db.prepare(`INSERT OR IGNORE INTO judge_cache (key, stage, prompt_hash, model, value, usage, created_at)
      VALUES (@key, @stage, @prompt_hash, @model, @value, @usage, @created_at)`);
  }

  get(key: string): CacheEntry | undefined {
    const row = this.select.get(key);
    if (row === undefined) return undefined;
    return { key, stage: row.stage as CacheEntry['stage'], prompt_hash: row.prompt_hash, model: row.model, value: JSON.parse(row.value), usage: JSON.parse(row.usage) };
  }

  put(entry: CacheEntry): void {
    this.insert.run({
      key: entry.key,
      stage: entry.stage,
      prompt_hash: entry.prompt_hash,
      model: entry.model,
      value: JSON.stringify(entry.value),
      usage: JSON.stringify(entry.usage),
      created_at: new Date().toISOString(),
    });
  }
}
