/**
 * A synthetic judged run for benchmarks and tests: models × the 20 conditions × requests, each
 * response a label drawn from a seeded generator. Requests differ in how hard they are and the
 * models in how often they fail, so responses to one request are correlated, as in a real run.
 * The labels are internally consistent (an `empty` reply holds an infeasible commitment, etc.).
 */
import { CATEGORIES, type Category, type JudgedCommitment, type LabelRecord, type Outcome } from '../../core/types.ts';
import { Rng } from '../../stats/rng.ts';
import { doabilityFor, type ReportResponse } from '../report-response.ts';

export interface SyntheticOptions {
  models: number;
  requests: number;
  seed: number;
  fixes?: string[];
}

const SOURCES = ['slurp', 'bitext', 'template'];

function commitment(agent: boolean, feasible: boolean, anchored: boolean | null, primary: JudgedCommitment['primary_failure']): JudgedCommitment {
  return {
    span: "I'll remind you tomorrow",
    action: 'remind the user',
    performer: 'self',
    trigger_type: agent ? 'time' : 'user_next_message',
    time_expression: agent ? 'tomorrow' : null,
    required_capabilities: ['run_later', 'notify_user_later'],
    is_offer: false,
    confidence: 0.9,
    agent_initiated: agent,
    feasible,
    failure_types: primary === null ? [] : [primary],
    primary_failure: primary,
    anchoring_tools_required: feasible && agent ? ['create_reminder'] : [],
    anchored,
  };
}

function label(id: string, outcome: Outcome, doable: boolean, rng: Rng): LabelRecord {
  const asks = doable && outcome === 'other' && rng.uniform() < 0.5;
  const types = ['capability', 'temporal', 'agentive'] as const;
  const commitments: JudgedCommitment[] =
    outcome === 'empty' ? [commitment(true, false, null, types[rng.below(3)]!)]
    : outcome === 'unanchored' || asks ? [commitment(true, true, false, null)]
    : outcome === 'anchored' ? [commitment(true, true, true, null)]
    : rng.uniform() < 0.1 ? [commitment(false, true, null, null)]
    : [];
  return {
    id,
    outcome,
    failure: outcome === 'false_claim' || outcome === 'empty' || outcome === 'unanchored',
    commitments,
    booleans: { false_action_claim: outcome === 'false_claim', declines_request: outcome === 'deferral' || outcome === 'over_refusal', hands_back_to_user: false, did_task_now: outcome === 'done_now', asks_clarification: asks },
    engine: { detector: 'synthetic@1', judge: 'synthetic@1' },
  };
}

function draw(rng: Rng, doable: boolean, risk: number): Outcome {
  const u = rng.uniform();
  if (doable) {
    if (u < 0.05 * risk) return 'false_claim';
    if (u < 0.1 * risk) return 'empty';
    if (u < 0.18 * risk) return 'unanchored';
    if (u < 0.18 * risk + 0.08) return 'over_refusal';
    return u < 0.8 ? 'anchored' : 'other';
  }
  if (u < 0.08 * risk) return 'false_claim';
  if (u < 0.4 * risk) return 'empty';
  return u < 0.85 ? 'deferral' : 'other';
}

export function syntheticRun({ models, requests, seed, fixes = ['none'] }: SyntheticOptions): ReportResponse[] {
  const rng = new Rng(seed);
  const out: ReportResponse[] = [];
  const modelRisk = Array.from({ length: models }, () => 0.6 + 0.8 * rng.uniform());
  for (let q = 0; q < requests; q++) {
    const request = `req-${String(q).padStart(4, '0')}`;
    const category: Category = CATEGORIES[q % CATEGORIES.length]!;
    const source = SOURCES[q % SOURCES.length]!;
    const hardness = 0.4 + 1.2 * rng.uniform();
    for (const setup of ['C0', 'C1', 'C2', 'C3', 'C4'])
      for (const variant of ['inferred', 'stated'])
        for (const persona of ['generic', 'support'])
          for (const fix of fixes) {
            if (fix !== 'none' && variant !== 'inferred') continue;
            for (let m = 0; m < models; m++) {
              const model = `model-${m + 1}`;
              const doability = doabilityFor(setup, persona, category, undefined);
              const risk = Math.min(2.4, hardness * modelRisk[m]! * (variant === 'stated' ? 0.6 : 1) * (fix === 'none' ? 1 : 0.5));
              const outcome = draw(rng, doability === 'yes', risk);
              const id = `${request}/${setup}/${variant}/${persona}/${fix}@${model}/s0`;
              out.push({
                id, run: 'synthetic', request, model, setup, variant, persona, fix, sample: 0, category, source, doability,
                messages: [
                  { role: 'user', content: `Please help with request ${q}.` },
                  { role: 'assistant', content: outcome === 'empty' ? "Sure, I'll remind you tomorrow." : outcome === 'deferral' ? "I can't do that after this chat; set an alarm." : 'Okay.' },
                ],
                error: null,
                label: label(id, outcome, doability === 'yes', rng),
              });
            }
          }
  }
  return out;
}
