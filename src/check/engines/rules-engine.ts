/** The offline rules engine behind the engine interface: no model, nothing to plan. */
import { checkWithExplanation } from '../check.ts';
import { Routing, type CheckEngine, type EngineCheckOptions, type EngineLabel } from './engine.ts';

export function rulesEngine(): CheckEngine {
  const routing = new Routing();
  const { engine } = checkWithExplanation({ id: 'probe', setup: 'C0', messages: [{ role: 'user', content: 'Hello.' }, { role: 'assistant', content: 'Hello!' }] }).label;
  return {
    kind: 'rules',
    // The rules name themselves (detector and judge versions) in every label; stored judgments are keyed by that name.
    name: engine.detector === engine.judge ? engine.detector : `${engine.detector}+${engine.judge}`,
    promptHashes: {},
    concurrency: 1,
    stats: null,
    routing,
    async label(turn: unknown, options: EngineCheckOptions = {}): Promise<EngineLabel> {
      const { label, explanation } = checkWithExplanation(turn, options);
      routing.add(false, []);
      return { label, explanation, sentToModel: false, triggers: [] };
    },
    plan: async () => ({ calls: [], cached: 0, sentToModel: false, triggers: [] }),
  };
}
