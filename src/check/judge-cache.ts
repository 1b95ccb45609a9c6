/**
 * The judge cache: a model judgment is stored under the SHA-256 of what determines it — the stage,
 * the prompt's hash, the judge model, the sampling parameters and the canonical JSON of the input —
 * so re-judging the same data makes no model call, and any change to one of them is a miss.
 * Only valid judgments are cached: a failed one is asked again next time. Keys hold no secret
 * (model specs never carry keys; see src/llm/model-spec.ts).
 */
import type { SamplingParams, Usage } from '../llm/chat-model.ts';
import { canonicalJson } from './canonical-json.ts';
import { sha256, type Stage } from './llm/prompts.ts';

export interface CacheKeyParts {
  stage: Stage;
  prompt_hash: string;
  model: string;
  params: SamplingParams;
  input: unknown;
}

export interface CacheEntry {
  key: string;
  stage: Stage;
  prompt_hash: string;
  model: string;
  value: unknown;
  usage: Usage;
}

/** Asynchronous: the cache may be a database table on a server, shared by a team. */
export interface JudgeCache {
  get(key: string): Promise<CacheEntry | undefined>;
  put(entry: CacheEntry): Promise<void>;
}

export function cacheKey(parts: CacheKeyParts): string {
  return sha256(canonicalJson(parts));
}

/** A cache that lives as long as the process (library callers, tests, `--no-cache` off-switch aside). */
export class MemoryJudgeCache implements JudgeCache {
  private readonly entries = new Map<string, CacheEntry>();
  get size(): number {
    return this.entries.size;
  }
  async get(key: string): Promise<CacheEntry | undefined> {
    return this.entries.get(key);
  }
  async put(entry: CacheEntry): Promise<void> {
    this.entries.set(entry.key, entry);
  }
}

/** `--no-cache`: every lookup misses and nothing is stored. */
export const NO_CACHE: JudgeCache = { get: async () => undefined, put: async () => {} };
