/**
 * The chunked audit's global step, pure: the ranges' pass-1 facts put together, in file order,
 * into the same turn list the single-process `planPrevalence` builds (the same strata, cues,
 * conversations and tool use, in the same order), so `selectFromFacts` selects the same turns with
 * the same seed; and, from pass 2's values, the same report through `prevalenceReport`.
 */
import { CUE_FLAG, TOOL_FLAG, type ChunkFacts, type ChunkValue } from './chunked-passes.ts';
import { prevalenceReport, selectFromFacts, type PrevalenceOptions, type PrevalencePlan, type PrevalenceReport, type TurnFacts } from './prevalence-run.ts';
import type { LineProblem } from './read-logs.ts';
import type { TurnValues } from './turn-values.ts';

export interface ChunkedPlan extends Omit<PrevalencePlan, 'kept'> {
  /** The first bad lines of the file (global line numbers) and how many there are in all. */
  problemCount: number;
  /** Each range's first line in the file. */
  firstLines: number[];
  /** Turns kept (the design's indices run over them). */
  keptTurns: number;
  /** Per range: the positions, among its turns passing `--only`, of the turns to judge. */
  selected: number[][];
  /** Per range: its turns passing `--only` (pass 2 checks it reads as many). */
  rangeTurns: number[];
  conversationOf: (kept: number) => string;
}

export function planFromFacts(file: string, facts: readonly ChunkFacts[], options: Pick<PrevalenceOptions, 'sample' | 'seed'>): ChunkedPlan {
  const firstLines: number[] = [];
  const problems: LineProblem[] = [];
  const formats: Record<string, number> = {};
  const filtered: TurnFacts[] = [];
  /** Index into `filtered` of each range's first turn. */
  const offsets: number[] = [];
  let line = 1;
  let records = 0;
  let turns = 0;
  let problemCount = 0;
  for (const f of facts) {
    firstLines.push(line);
    offsets.push(filtered.length);
    for (const p of f.problems) if (problems.length < 20) problems.push({ file, line: line + p.line - 1, field: p.field, message: p.message });
    problemCount += f.problemCount;
    records += f.records;
    turns += f.turnsRead;
    for (const [format, n] of Object.entries(f.formats)) formats[format] = (formats[format] ?? 0) + n;
    const conversations = f.conversations.map((c) => (typeof c === 'number' ? `line-${line + c - 1}` : c));
    for (let k = 0; k < f.flags.length; k++) {
      filtered.push({ stratum: f.strata[f.stratum[k]!]!, conversation: conversations[f.conversation[k]!]!, cue: (f.flags[k]! & CUE_FLAG) !== 0, toolUsing: (f.flags[k]! & TOOL_FLAG) !== 0 });
    }
    line += f.lines;
  }
  offsets.push(filtered.length);
  const selection = selectFromFacts(filtered, options.sample, options.seed);
  const selected: number[][] = facts.map(() => []);
  let range = 0;
  for (const j of selection.judged) {
    const at = selection.kept[j]!;
    while (at >= offsets[range + 1]!) range++;
    selected[range]!.push(at - offsets[range]!);
  }
  return {
    file,
    records,
    formats,
    problems,
    problemCount,
    turns,
    filteredOut: turns - filtered.length,
    excluded: selection.excluded,
    design: selection.design,
    judged: selection.judged,
    firstLines,
    keptTurns: selection.kept.length,
    selected,
    rangeTurns: facts.map((f) => f.flags.length),
    conversationOf: (kept) => filtered[selection.kept[kept]!]!.conversation,
  };
}

/** The report from each range's values (in the order of its `selected`). */
export function reportFromValues(plan: ChunkedPlan, options: PrevalenceOptions, values: readonly (readonly ChunkValue[])[]): { report: PrevalenceReport; unlabelled: { id: string; error: string }[] } {
  // Ranges in file order and their selections in order are the judged turns in order.
  const flat = values.flat();
  if (flat.length !== plan.judged.length || values.some((v, r) => v.length !== plan.selected[r]!.length)) {
    throw new Error(`chunked audit: ${flat.length} judged values for ${plan.judged.length} selected turns`);
  }
  const byTurn = new Map<number, TurnValues>();
  const unlabelled: { id: string; error: string }[] = [];
  plan.judged.forEach((turn, k) => {
    const v = flat[k]!;
    if (Array.isArray(v)) byTurn.set(turn, { empty: v[0], falseClaims: v[1], either: v[2] });
    else unlabelled.push(v);
  });
  return { report: prevalenceReport(plan, options, byTurn, unlabelled.length, plan.conversationOf), unlabelled };
}
