/**
 * The engine options every judging command shares (`--engine`, `--judge-model SPEC`, `--cache FILE`,
 * `--no-cache`), turned into a checking engine, and the lines a judging command ends with: calls,
 * cache hits and tokens per stage, and the share of turns the model saw.
 */
import { Routing, type CheckEngine, type EngineKind, type TurnPlan } from '../check/engines/engine.ts';
import { rulesEngine } from '../check/engines/rules-engine.ts';
import type { JudgeCache } from '../check/judge-cache.ts';
import type { ChatModel } from '../llm/chat-model.ts';
import { UsageError } from './usage-exit.ts';

export interface EngineFlags {
  engine?: EngineKind;
  judgeModel?: string;
  /** A file, false for --no-cache, undefined for the default. */
  cache?: string | false;
}

export interface OpenedEngine {
  engine: CheckEngine;
  /** Where judgments are cached, for the summary; null for rules or --no-cache. */
  cacheWhere: string | null;
  close(): Promise<void>;
}

/**
 * The engine the flags ask for. `dbCache` is the run database's cache (judge, run); without it a
 * cache file is used (check, validate). Throws UsageError, ModelSpecError or ModelSetupError.
 */
export async function openEngine(flags: EngineFlags, dbCache?: JudgeCache): Promise<OpenedEngine> {
  const kind = flags.engine ?? 'rules';
  if (kind === 'rules') {
    if (flags.judgeModel) throw new UsageError('--judge-model needs --engine llm or --engine hybrid');
    return { engine: rulesEngine(), cacheWhere: null, close: async () => {} };
  }
  if (!flags.judgeModel) throw new UsageError(`--engine ${kind} needs --judge-model SPEC (e.g. ollama:qwen3:8b)`);
  // The model clients and judges load only when a model judges: an offline check starts faster.
  const [{ createChatModel }, { createCheckEngine }, { defaultCacheFile, FileJudgeCache }, { firstCallChecked }, { NO_CACHE }] = await Promise.all([
    import('../llm/create-chat-model.ts'),
    import('../check/engines/create-engine.ts'),
    import('../check/judge-cache-file.ts'),
    import('../benchmark/endpoint-check.ts'),
    import('../check/judge-cache.ts'),
  ]);
  // A judge that cannot be reached ends the command at its first call, with one line.
  const judgeModel: ChatModel = firstCallChecked(await createChatModel(flags.judgeModel));
  let cache: JudgeCache;
  let cacheWhere: string | null;
  if (flags.cache === false) [cache, cacheWhere] = [NO_CACHE, null];
  else if (dbCache && flags.cache === undefined) [cache, cacheWhere] = [dbCache, 'the run database'];
  else {
    const file = flags.cache ?? defaultCacheFile();
    [cache, cacheWhere] = [new FileJudgeCache(file), file];
  }
  return { engine: createCheckEngine(kind, { judgeModel, cache }), cacheWhere, close: () => judgeModel.close() };
}

/** The closing lines of a judging command. */
export function judgingSummary(command: string, opened: OpenedEngine): string[] {
  const { engine } = opened;
  if (engine.stats === null) return [];
  const lines = engine.stats.format().map((line) => `felicity ${command}: ${line}`);
  lines.push(`felicity ${command}: ${engine.stats.calls} model calls, ${engine.stats.cacheHits} cache hits${opened.cacheWhere ? ` (cache: ${opened.cacheWhere})` : ' (no cache)'}`);
  if (engine.kind === 'hybrid') lines.push(`felicity ${command}: ${engine.routing.format()}`);
  return lines;
}

/** Sums turn plans for `--dry-run`; a judgment asked for twice in one pass is one call (the second is a cache hit). */
export class PlanTally {
  cached = 0;
  promptTokens = 0;
  private readonly keys = new Set<string>();
  readonly routing = new Routing();

  get calls(): number {
    return this.keys.size;
  }

  add(plan: TurnPlan): void {
    this.routing.add(plan.sentToModel, plan.triggers);
    this.cached += plan.cached;
    for (const call of plan.calls) {
      if (this.keys.has(call.key)) {
        this.cached++;
        continue;
      }
      this.keys.add(call.key);
      this.promptTokens += call.promptTokens;
    }
  }

  format(command: string): string {
    return (
      `felicity ${command}: dry run: ${this.routing.format()}; ${this.calls} calls (~${this.promptTokens} prompt tokens), ` +
      `${this.cached} judgments already cached; add one call per residual or unsure commitment the detector finds, and one per repair`
    );
  }
}
