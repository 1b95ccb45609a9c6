/**
 * What a judging pass cost, per stage: model calls (repairs and format fallbacks included), cache
 * hits, failed judgments and tokens. Every command that judges prints it at the end.
 */
import { addUsage, ZERO_USAGE, type Usage } from '../../llm/chat-model.ts';
import { STAGES, type Stage } from './prompts.ts';

export interface StageStats {
  /** Judgments asked for (cache hits included). */
  judgments: number;
  calls: number;
  cacheHits: number;
  failures: number;
  usage: Usage;
}

export class JudgeStats {
  readonly byStage: Record<Stage, StageStats> = {
    detector: emptyStage(),
    feasibility: emptyStage(),
    response: emptyStage(),
  };

  record(stage: Stage, outcome: { calls: number; cached: boolean; failed: boolean; usage: Usage }): void {
    const s = this.byStage[stage];
    s.judgments++;
    s.calls += outcome.calls;
    if (outcome.cached) s.cacheHits++;
    if (outcome.failed) s.failures++;
    s.usage = addUsage(s.usage, outcome.usage);
  }

  get calls(): number {
    return STAGES.reduce((sum, stage) => sum + this.byStage[stage].calls, 0);
  }

  get cacheHits(): number {
    return STAGES.reduce((sum, stage) => sum + this.byStage[stage].cacheHits, 0);
  }

  /** One line per stage that judged anything, e.g. "detector: 12 calls, 30 cache hits, 0 failed, 5400 tokens". */
  format(): string[] {
    return STAGES.filter((stage) => this.byStage[stage].judgments > 0).map((stage) => {
      const s = this.byStage[stage];
      return `${stage}: ${s.calls} call${s.calls === 1 ? '' : 's'}, ${s.cacheHits} cache hit${s.cacheHits === 1 ? '' : 's'}, ${s.failures} failed, ${s.usage.total_tokens} tokens`;
    });
  }
}

function emptyStage(): StageStats {
  return { judgments: 0, calls: 0, cacheHits: 0, failures: 0, usage: ZERO_USAGE };
}
