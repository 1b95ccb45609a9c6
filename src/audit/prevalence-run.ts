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

/** What the design needs of one turn (after `--only`): its stratum, cue, conversation and tool use. */
export interface TurnFacts {
  stratum: string;
  cue: boolean;
  conversation: string;
  toolUsing: boolean;
}

export interface Selection {
  /** Indices (into the facts) of the turns kept: not in a tool-using conversation. */
  kept: number[];
  excluded: { conversations: number; turns: number };
  /** The design over the kept turns (its indices are into `kept`). */
  design: ReturnType<typeof selectTurns>;
  judged: number[];
}

/**
 * Leaves out tool-using conversations and selects the turns to judge. The single-process and the
 * chunked audit (chunked-plan.ts) both select through this, so they select the same turns.
 */
export function selectFromFacts(filtered: readonly TurnFacts[], sample: number, seed: number): Selection {
  const toolConversations = new Set<string>();
  for (const t of filtered) if (t.toolUsing) toolConversations.add(t.conversation);
  const kept: number[] = [];
  filtered.forEach((t, i) => {
    if (!toolConversations.has(t.conversation)) kept.push(i);
  });
  const design = selectTurns(
    kept.map((i) => ({ stratum: filtered[i]!.stratum, cue: filtered[i]!.cue })),
    sample,
    seed,
  );
  const judged = design.flatMap((d) => [...d.cue, ...d.sampled]).sort((a, b) => a - b);
  return { kept, excluded: { conversations: toolConversations.size, turns: filtered.length - kept.length }, design, judged };
}

/** The facts the design reads of a turn. */
export function turnFacts(turn: LogTurn, options: Pick<PrevalenceOptions, 'strata' | 'cue'>): TurnFacts {
  return { stratum: turn.fields[options.strata] ?? '(none)', cue: hasCue(turn.reply, options.cue), conversation: turn.conversation, toolUsing: turn.toolUsing };
}

/** Whether a turn passes `--only`. */
export function passesOnly(turn: LogTurn, only: Record<string, string>): boolean {
  for (const field in only) if (turn.fields[field] !== only[field]) return false;
  return true;
}

/** Reads and selects: everything before any label, so `--dry-run` can say what judging would cost. */
export async function planPrevalence(file: string, options: PrevalenceOptions): Promise<PrevalencePlan> {
  const read = await readLogs(file);
  const filtered = read.turns.filter((t) => passesOnly(t, options.only));
  const selection = selectFromFacts(
    filtered.map((t) => turnFacts(t, options)),
    options.sample,
    options.seed,
  );
  return {
    file,
    records: read.records,
    formats: read.formats as Record<string, number>,
    problems: read.problems,
    turns: read.turns.length,
    filteredOut: read.turns.length - filtered.length,
    excluded: selection.excluded,
    kept: selection.kept.map((i) => filtered[i]!),
    design: selection.design,
    judged: selection.judged,
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
  const report = prevalenceReport(plan, options, values, unlabelled.length, (i) => plan.kept[i]!.conversation);
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
    report.calibration = { file: calibration.file, items: turns.length, leftOut: calibration.items.length - usable.length, correction: correctPrevalence(report.estimate, turns, options.level) };
  }
  return { report, unlabelled };
}

/**
 * The report from the judged values (`values` keyed by index into the kept turns); a selected turn
 * without values could not be labelled and leaves the design (its stratum's sample is one smaller).
 */
export function prevalenceReport(
  plan: Omit<PrevalencePlan, 'kept' | 'problems'>,
  options: PrevalenceOptions,
  values: ReadonlyMap<number, TurnValues>,
  unlabelled: number,
  conversationOf: (turn: number) => string,
): PrevalenceReport {
  const design = plan.design.map((d) => ({ ...d, cue: d.cue.filter((i) => values.has(i)), sampled: d.sampled.filter((i) => values.has(i)) }));
  const estimate = estimatePrevalence(design, values, { reps: options.reps, seed: options.seed, level: options.level, conversationOf });
  return {
    file: plan.file,
    records: plan.records,
    formats: plan.formats,
    turnsRead: plan.turns,
    filteredOut: plan.filteredOut,
    excluded: { ...plan.excluded, why: 'tool-using conversations (tool calls or an autonomous-agent framework driving the model)' },
    design: { strata: options.strata, sample: Number.isFinite(options.sample) ? options.sample : 'all', seed: options.seed, cue: options.cue.source, judged: plan.judged.length, unlabelled },
    estimate,
  };
}

function lastReply(record: Record<string, unknown>): string {
  const messages = Array.isArray(record['messages']) ? (record['messages'] as ChatMessage[]) : [];
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]?.role === 'assistant') return textOf(messages[i]!.content);
  return '';
}
