/**
 * Judging engines by CLI name. `rules` is the offline rules engine of `felicity check`; LLM
 * engines (which carry prompt hashes) can join the list later. The checker is loaded only when an
 * engine is asked for, so a run without --judge never loads it.
 */
import type { ChatMessage, Category } from '../core/types.ts';
import type { TurnRecord } from '../check/turn-record.ts';
import type { Deployment, PersonaId } from '../setups/deployment.ts';
import type { ResponseRow } from '../store/index.ts';
import type { CheckEngine } from '../check/engines/engine.ts';
import type { JudgeEngine, SyncJudgeEngine } from './judge.ts';
import type { CheckPool } from '../check/check-pool.ts';
import type { LabelRecord } from '../core/types.ts';

/** rules (offline), llm (a judge model labels every response) and hybrid (the model only where the rules are unsure). */
export const ENGINE_NAMES = ['rules', 'llm', 'hybrid'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

/**
 * A stored response as the turn record `check` takes (SPEC §4: a response record is one). A
 * response of a user's deployment carries that deployment, since its id means nothing to `check`.
 */
export function turnRecordOf(row: ResponseRow, deployment?: Deployment): TurnRecord {
  return {
    id: row.response_id,
    // The same object for every response of a run, so `check` validates it once.
    setup: deployment === undefined ? row.setup : (deployment as unknown as Record<string, unknown>),
    persona: row.persona as PersonaId,
    category: row.category as Category,
    messages: row.messages,
  };
}

const PROBE: ChatMessage[] = [
  { role: 'user', content: 'Hello.' },
  { role: 'assistant', content: 'Hello!' },
];

/**
 * The rules engine; model engines are built from their options (src/cli/judge-engine.ts) and
 * wrapped by `judgeEngineOf`. With `jobs` above 1, `judge` labels each page of a stored run on
 * that many worker threads (`labelPage`); `run --judge` labels each response as it lands.
 */
export async function createEngine(name: 'rules', options: { jobs?: number } = {}): Promise<SyncJudgeEngine> {
  switch (name) {
    case 'rules':
      return rulesEngine(options.jobs ?? 1);
  }
}

/** A checking engine (llm, hybrid) as the judge of a stored run: asynchronous, `concurrency` responses at a time. */
export function judgeEngineOf(engine: CheckEngine): JudgeEngine {
  return {
    name: engine.name,
    promptHashes: engine.promptHashes,
    concurrency: engine.concurrency,
    label: async (row, deployment) => (await engine.label(turnRecordOf(row, deployment), { setup: row.setup })).label,
  };
}

/** Responses per batch a worker labels: a page of 500 keeps two workers busy with two batches each. */
const WORKER_BATCH = 125;

async function rulesEngine(jobs: number): Promise<SyncJudgeEngine> {
  const { check } = await import('../check/index.ts');
  // The engine names itself (detector and judge versions) in every label; the probe reads that
  // name once, so stored judgments are keyed by the version that really produced them.
  const { detector, judge } = check({ id: 'probe', setup: 'C0', messages: PROBE }).engine;
  const label = (row: ResponseRow, deployment?: Deployment) => check(turnRecordOf(row, deployment), { setup: row.setup });
  const engine: SyncJudgeEngine = { name: detector === judge ? detector : `${detector}+${judge}`, promptHashes: {}, label };
  if (jobs <= 1) return engine;
  // Loaded here, not with the module: `run` imports ENGINE_NAMES for its --help.
  const { userDeployment } = await import('./grid-setups.ts');
  const { labelOnPool } = await import('../check/check-many.ts');
  let pool: CheckPool | undefined;
  return {
    ...engine,
    async labelPage(rows, deployments) {
      // A page too small to share is labelled here: starting workers would cost more.
      if (pool === undefined && rows.length <= WORKER_BATCH) return rows.map((row) => settle(() => label(row, userDeployment(row.setup, deployments))));
      pool ??= new (await import('../check/check-pool.ts')).CheckPool(jobs);
      // Each record names its setup (or carries its deployment), so the batch needs no default.
      return labelOnPool(pool, rows.map((row) => turnRecordOf(row, userDeployment(row.setup, deployments))), undefined, WORKER_BATCH);
    },
    async close() {
      await pool?.destroy();
    },
  };
}

function settle(label: () => LabelRecord): { label: LabelRecord } | { error: Error } {
  try {
    return { label: label() };
  } catch (error) {
    return { error: error as Error };
  }
}
