/**
 * The judge cache inside a run's database (table `judge_cache`, migration 3), so `judge`, `report`
 * and `run --judge` on judged data make no model call, and the cache travels with the run. On a
 * PostgreSQL database it is the team's: a judgment anyone made is reused by everyone.
 */
import type { SqlTx } from '../store/sql.ts';
import type { CacheEntry, JudgeCache } from './judge-cache.ts';

interface CacheRow {
  stage: string;
  prompt_hash: string;
  model: string;
  value: string;
  usage: string;
}

export class DatabaseJudgeCache implements JudgeCache {
  constructor(private readonly db: SqlTx) {}

  async get(key: string): Promise<CacheEntry | undefined> {
    const { rows } = await this.db.query<CacheRow>('SELECT stage, prompt_hash, model, value, usage FROM judge_cache WHERE key = $1', [key]);
    const row = rows[0];
    if (row === undefined) return undefined;
    return { key, stage: row.stage as CacheEntry['stage'], prompt_hash: row.prompt_hash, model: row.model, value: JSON.parse(row.value), usage: JSON.parse(row.usage) };
  }

  /** The first judgment stored under a key stays: two processes judging one input at once agree on it. */
  async put(entry: CacheEntry): Promise<void> {
    await this.db.query(
      `INSERT INTO judge_cache (key, stage, prompt_hash, model, value, usage, created_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (key) DO NOTHING`,
      [entry.key, entry.stage, entry.prompt_hash, entry.model, JSON.stringify(entry.value), JSON.stringify(entry.usage), new Date().toISOString()],
    );
  }
}
