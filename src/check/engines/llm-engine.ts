/**
 * The model engines: `llm` judges every turn with the model (paper §3.4); `hybrid` runs the rules
 * first and asks the model only for turns that trip a trigger (hybrid-triggers.ts), keeping the
 * rules' label for the rest.
 */
import { checkWithExplanation } from '../check.ts';
import { resolveRecordDeployment } from '../deployment-facts.ts';
import { validateTurn } from '../turn-input.ts';
import { toolList, turnInput } from '../llm/judge-inputs.ts';
import { detectorSections, responseSections, type LlmJudge } from '../llm/llm-judge.ts';
import { labelWithModel } from '../llm/llm-label.ts';
import { promptSetTag, STAGES } from '../llm/prompts.ts';
import { Routing, type CheckEngine, type EngineCheckOptions, type EngineLabel, type TurnPlan } from './engine.ts';
import { hybridTriggers } from './hybrid-triggers.ts';
import { rulesEngine } from './rules-engine.ts';
import { turnFacts } from './turn-facts.ts';

/** Turns judged at once by default; each endpoint's adaptive limiter bounds the calls further. */
export const DEFAULT_JUDGE_CONCURRENCY = 8;

export function llmEngine(judge: LlmJudge, concurrency = DEFAULT_JUDGE_CONCURRENCY): CheckEngine {
  const routing = new Routing();
  return {
    kind: 'llm',
    name: `llm(${judge.identity})@${promptSetTag(judge.prompts)}`,
    promptHashes: promptHashes(judge),
    concurrency,
    stats: judge.stats,
    routing,
    async label(turn: unknown, options: EngineCheckOptions = {}): Promise<EngineLabel> {
      const { label, explanation } = await labelWithModel(turn, judge, options);
      routing.add(true, []);
      return { label, explanation, sentToModel: true, triggers: [] };
    },
    plan: (turn, options = {}) => planModelPass(judge, turn, options),
  };
}

export function hybridEngine(judge: LlmJudge, concurrency = DEFAULT_JUDGE_CONCURRENCY): CheckEngine {
  const routing = new Routing();
  const rules = rulesEngine();
  const triggersOf = (turn: unknown, options: EngineCheckOptions) => {
    const rulesResult = checkWithExplanation(turn, options);
    return { rulesResult, triggers: hybridTriggers({ ...rulesResult, ...turnFacts(turn, options) }) };
  };
  return {
    kind: 'hybrid',
    name: `hybrid(${rules.name}+llm(${judge.identity})@${promptSetTag(judge.prompts)})`,
    promptHashes: promptHashes(judge),
    concurrency,
    stats: judge.stats,
    routing,
    async label(turn: unknown, options: EngineCheckOptions = {}): Promise<EngineLabel> {
      const { rulesResult, triggers } = triggersOf(turn, options);
      if (triggers.length === 0) {
        routing.add(false, triggers);
        return { ...rulesResult, sentToModel: false, triggers };
      }
      const { label, explanation } = await labelWithModel(turn, judge, options);
      routing.add(true, triggers);
      return { label, explanation, sentToModel: true, triggers };
    },
    async plan(turn, options = {}) {
      const { triggers } = triggersOf(turn, options);
      return triggers.length === 0 ? { calls: [], cached: 0, sentToModel: false, triggers } : { ...(await planModelPass(judge, turn, options)), triggers };
    },
  };
}

function promptHashes(judge: LlmJudge): Record<string, string> {
  return Object.fromEntries(STAGES.map((stage) => [stage, judge.prompts[stage].hash]));
}

/** The detector and response-judge calls a turn needs (residual feasibility calls come on top). */
async function planModelPass(judge: LlmJudge, turn: unknown, options: EngineCheckOptions): Promise<TurnPlan> {
  const { record, persona } = validateTurn(turn);
  const deployment = resolveRecordDeployment(record.setup, options.setup);
  const input = turnInput(record.messages);
  const stages = await Promise.all([judge.plan('detector', detectorSections(input)), judge.plan('response', responseSections(toolList(deployment, persona ?? 'generic'), input))]);
  const asked = stages.filter((s) => !s.cached);
  return {
    calls: asked.map((s) => ({ key: s.key, promptTokens: Math.ceil(s.promptChars / 4) })),
    cached: stages.length - asked.length,
    sentToModel: true,
    triggers: [],
  };
}
