/**
 * `felicity prevalence` end to end, without the command line: read the logs, leave out tool-using
 * conversations, choose the turns to judge (two-stage design), label them with an engine, estimate,
 * and correct with a calibration file when one is given.
 */
import type { LabelRecord } from '../core/types.ts';
import { textOf } from '../core/turn.ts';
import type { ChatMessage } from '../core/types.ts';
import type { GoldItem } from '../stats/gold-label.ts';
import { hasCue } from './cue.ts';
import { turnRecord, type LogTurn } from './log-formats.ts';
import { correctPrevalence, estimatePrevalence, type CorrectionResult, type PrevalenceEstimate } from './prevalence.ts';
import { readLogs, type LineProblem } from './read-logs.ts';
import { selectTurns } from './two-stage.ts';
import { valuesOfGold, valuesOfLabel, type TurnValues } from './turn-values.ts';

/** Labels records in order; an entry is the label or why the record could not be labelled. */
export type Labeller = (records: readonly Record<string, unknown>[]) => Promise<(LabelRecord | { error: string })[]>;

export interface PrevalenceOptions {
  /** Non-cue turns to judge, in all (Infinity: every turn). */
  sample: number;
  seed: number;
  /** The record field that names a turn's stratum. */
  strata: string;
  /** Keep only turns whose record has these field values. */
  only: Record<string, string>;
  cue: RegExp;
  reps: number;
  level: number;
  setup: string;
}

export interface PrevalencePlan {
  file: string;
  records: number;
  formats: Record<string, number>;
  problems: LineProblem[];
  turns: number;
  filteredOut: number;
  excluded: { conversations: number; turns: number };
  kept: LogTurn[];
  design: ReturnType<typeof selectTurns>;
  judged: number[];
}

export interface PrevalenceReport {
  file: string;
  records: number;
  formats: Record<string, number>;
  turnsRead: number;
  filteredOut: number;
  excluded: { conversations: number; turns: number; why: string };
  design: { strata: string; sample: number | 'all'; seed: number; cue: string; judged: number; unlabelled: number };
  estimate: PrevalenceEstimate;
  calibration?: { file: string; items: number; leftOut: number; correction: CorrectionResult };
}

/** Reads and selects: everything before any label, so `--dry-run` can say what judging would cost. */
export async function planPrevalence(file: string, options: PrevalenceOptions): Promise<PrevalencePlan> {
  const read = await readLogs(file);
  const wanted = Object.entries(options.only);
  const filtered = read.turns.filter((t) => wanted.every(([field, value]) => t.fields[field] === value));
  const toolConversations = new Set(filtered.filter((t) => t.toolUsing).map((t) => t.conversation));
  const kept = filtered.filter((t) => !toolConversations.has(t.conversation));
  const design = selectTurns(
    kept.map((t) => ({ stratum: t.fields[options.strata] ?? '(none)', cue: hasCue(t.reply, options.cue) })),
    options.sample,
    options.seed,
  );
  const judged = design.flatMap((d) => [...d.cue, ...d.sampled]).sort((a, b) => a - b);
  return {
    file,
    records: read.records,
    formats: read.formats as Record<string, number>,
    problems: read.problems,
    turns: read.turns.length,
    filteredOut: read.turns.length - filtered.length,
    excluded: { conversations: toolConversations.size, turns: filtered.length - kept.length },
    kept,
    design,
    judged,
  };
}

export async function runPrevalence(
  plan: PrevalencePlan,
  options: PrevalenceOptions,
  label: Labeller,
  calibration?: { file: string; items: readonly GoldItem[] },
): Promise<{ report: PrevalenceReport; unlabelled: { id: string; error: string }[] }> {
  const labels = await label(plan.judged.map((i) => turnRecord(plan.kept[i]!, options.setup)));
  const values = new Map<number, TurnValues>();
  const unlabelled: { id: string; error: string }[] = [];
  plan.judged.forEach((turn, k) => {
    const result = labels[k]!;
    if ('error' in result) unlabelled.push({ id: plan.kept[turn]!.id, error: result.error });
    else values.set(turn, valuesOfLabel(result));
  });
  // A turn that could not be labelled leaves the design (its stratum's sample is one smaller).
  const design = plan.design.map((d) => ({ ...d, cue: d.cue.filter((i) => values.has(i)), sampled: d.sampled.filter((i) => values.has(i)) }));
  const estimate = estimatePrevalence(design, values, { reps: options.reps, seed: options.seed, level: options.level, conversationOf: (i) => plan.kept[i]!.conversation });
  const report: PrevalenceReport = {
    file: plan.file,
    records: plan.records,
    formats: plan.formats,
    turnsRead: plan.turns,
    filteredOut: plan.filteredOut,
    excluded: { ...plan.excluded, why: 'tool-using conversations (tool calls or an autonomous-agent framework driving the model)' },
    design: { strata: options.strata, sample: Number.isFinite(options.sample) ? options.sample : 'all', seed: options.seed, cue: options.cue.source, judged: plan.judged.length, unlabelled: unlabelled.length },
    estimate,
  };
  if (calibration) {
    const usable = calibration.items.filter((item) => item.record['stratum'] !== 'purposive');
    const checked = await label(usable.map((item) => item.record));
    const turns = usable.flatMap((item, k) => {
      const result = checked[k]!;
      if ('error' in result) {
        unlabelled.push({ id: item.id, error: result.error });
        return [];
      }
      return [{ cue: hasCue(lastReply(item.record), options.cue), human: valuesOfGold(item.gold), checker: valuesOfLabel(result) }];
    });
    report.calibration = { file: calibration.file, items: turns.length, leftOut: calibration.items.length - usable.length, correction: correctPrevalence(estimate, turns, options.level) };
  }
  return { report, unlabelled };
}

function lastReply(record: Record<string, unknown>): string {
  const messages = Array.isArray(record['messages']) ? (record['messages'] as ChatMessage[]) : [];
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]?.role === 'assistant') return textOf(messages[i]!.content);
  return '';
}
