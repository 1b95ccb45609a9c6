/**
 * Agreement of a checker's labels with human labels (paper §5.6, Table 6), pooled, per model and
 * per setup: outcome accuracy and Cohen's κ, failure precision and recall, false-claim κ, the
 * detector at response level (any agent-initiated commitment) and at span level (normalised text
 * overlap, span-match.ts), feasibility and anchoring agreement on matched spans, each boolean's
 * accuracy and κ, and the confusion matrix. Pure: items in, numbers out.
 */
import { BOOLEAN_NAMES, FAILURE_OUTCOMES, type LabelRecord, type Outcome, type ResponseBooleans } from '../core/types.ts';
import { accuracy, binaryScores, cohensKappa, confusion, type BinaryScores } from './agreement.ts';
import { goldAgentInitiated, type GoldLabel } from './gold-label.ts';
import { matchSpans } from './span-match.ts';

export interface ValidationItem {
  id: string;
  setup: string;
  model: string;
  gold: GoldLabel;
  predicted: LabelRecord;
}

export interface Agreement {
  /** Pairs compared. */
  n: number;
  accuracy: number;
  kappa: number;
}

export interface SpanScores {
  gold: number;
  predicted: number;
  matched: number;
  precision: number;
  recall: number;
  f1: number;
}

export interface GroupScores {
  n: number;
  outcome: { accuracy: number; kappa: number };
  failure: BinaryScores;
  falseClaimKappa: number;
  detectorResponse: BinaryScores;
  detectorSpans: SpanScores;
  /** On matched spans. */
  feasibility: Agreement;
  /** On matched spans whose gold label says whether the commitment was anchored. */
  anchoring: Agreement;
  booleans: Record<keyof ResponseBooleans, { accuracy: number; kappa: number }>;
  /** gold → predicted → count, in order of first appearance. */
  confusion: [Outcome, [Outcome, number][]][];
}

export interface Mismatch {
  id: string;
  setup: string;
  model: string;
  gold: GoldLabel;
  predicted: LabelRecord;
}

export interface ValidationReport {
  pooled: GroupScores;
  bySetup: Record<string, GroupScores>;
  byModel: Record<string, GroupScores>;
  /** Items whose outcome differs, in input order. */
  mismatches: Mismatch[];
}

export function scoreValidation(items: readonly ValidationItem[]): ValidationReport {
  return {
    pooled: scoreGroup(items),
    bySetup: groupBy(items, (i) => i.setup),
    byModel: groupBy(items, (i) => i.model),
    mismatches: items.filter((i) => i.gold.outcome !== i.predicted.outcome).map(({ id, setup, model, gold, predicted }) => ({ id, setup, model, gold, predicted })),
  };
}

function groupBy(items: readonly ValidationItem[], key: (i: ValidationItem) => string): Record<string, GroupScores> {
  const groups = new Map<string, ValidationItem[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return Object.fromEntries([...groups].sort(([a], [b]) => a.localeCompare(b)).map(([k, group]) => [k, scoreGroup(group)]));
}

export function scoreGroup(items: readonly ValidationItem[]): GroupScores {
  const gold = items.map((i) => i.gold.outcome);
  const predicted = items.map((i) => i.predicted.outcome);
  const spans = { gold: 0, predicted: 0, matched: 0 };
  const feasibility: [boolean[], boolean[]] = [[], []];
  const anchoring: [(boolean | null)[], (boolean | null)[]] = [[], []];
  for (const item of items) {
    const g = item.gold.commitments;
    const p = item.predicted.commitments;
    const pairs = matchSpans(g.map((c) => c.span), p.map((c) => c.span));
    spans.gold += g.length;
    spans.predicted += p.length;
    spans.matched += pairs.length;
    for (const [gi, pi] of pairs) {
      feasibility[0].push(g[gi]!.feasible);
      feasibility[1].push(p[pi]!.feasible);
      if (g[gi]!.anchored !== undefined) {
        anchoring[0].push(g[gi]!.anchored ?? null);
        anchoring[1].push(p[pi]!.anchored);
      }
    }
  }
  const precision = spans.predicted === 0 ? Number.NaN : spans.matched / spans.predicted;
  const recall = spans.gold === 0 ? Number.NaN : spans.matched / spans.gold;
  const booleans = Object.fromEntries(
    BOOLEAN_NAMES.map((name) => {
      const g = items.map((i) => i.gold.booleans[name]);
      const p = items.map((i) => i.predicted.booleans[name]);
      return [name, { accuracy: accuracy(g, p), kappa: cohensKappa(g, p) }];
    }),
  ) as GroupScores['booleans'];
  return {
    n: items.length,
    outcome: { accuracy: accuracy(gold, predicted), kappa: cohensKappa(gold, predicted) },
    failure: binaryScores(gold.map((o) => FAILURE_OUTCOMES.has(o)), predicted.map((o) => FAILURE_OUTCOMES.has(o))),
    falseClaimKappa: cohensKappa(items.map((i) => i.gold.booleans.false_action_claim), items.map((i) => i.predicted.booleans.false_action_claim)),
    detectorResponse: binaryScores(
      items.map((i) => i.gold.commitments.some(goldAgentInitiated)),
      items.map((i) => i.predicted.commitments.some((c) => c.agent_initiated)),
    ),
    detectorSpans: { ...spans, precision, recall, f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : Number.NaN },
    feasibility: agreement(feasibility[0], feasibility[1]),
    anchoring: agreement(anchoring[0], anchoring[1]),
    booleans,
    confusion: [...confusion(gold, predicted)].map(([g, row]) => [g, [...row]]),
  };
}

function agreement<T>(gold: readonly T[], predicted: readonly T[]): Agreement {
  return { n: gold.length, accuracy: accuracy(gold, predicted), kappa: cohensKappa(gold, predicted) };
}
