/**
 * `felicity judge --dry-run`: what labelling a stored run's unjudged responses with a model engine
 * would cost, page by page, without a model call.
 */
import type { CheckEngine, TurnPlan } from '../check/engines/engine.ts';
import type { Store } from '../store/index.ts';
import { turnRecordOf } from './engines.ts';
import { userDeployment } from './grid-setups.ts';
import type { RunConfig } from './run-config.ts';

export async function* planRun(store: Store, run: string, engine: CheckEngine, options: { force?: boolean; pageSize?: number } = {}): AsyncGenerator<TurnPlan> {
  const { id, config } = await store.runs.get(run);
  const deployments = (JSON.parse(config) as RunConfig).deployments;
  for (let after = ''; ; ) {
    // A damaged record costs no call either; the real pass reports it.
    const { rows: page, next } = await store.responses.unjudgedPage(id, engine.name, after, options.pageSize ?? 500, options.force ?? false, () => {});
    if (next === undefined) return;
    for (const row of page) {
      let plan: TurnPlan;
      try {
        plan = await engine.plan(turnRecordOf(row, userDeployment(row.setup, deployments)), { setup: row.setup });
      } catch {
        continue; // A response the engine cannot read costs no call; the real pass reports it.
      }
      yield plan;
    }
    after = next;
  }
}
