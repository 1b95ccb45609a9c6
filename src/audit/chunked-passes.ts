/**
 * The two passes of a chunked audit over one byte range (chunked-ranges.ts) of the log.
 *
 * Pass 1 reads the range and keeps, per turn that passes `--only`, the compact facts the design
 * needs (stratum, conversation, cue word, tool use), not its text; with the range's line count and
 * bad lines (numbered from the range's first line, made global when the ranges are put together).
 * Pass 2 reads the range again, knowing its first global line, and labels only the turns the
 * design selected there (by their position among the range's turns).
 */
import { turnRecord } from './log-formats.ts';
import { passesOnly, turnFacts, type Labeller, type PrevalenceOptions } from './prevalence-run.ts';
import { readLogs, type LineProblem } from './read-logs.ts';
import { valuesOfLabel } from './turn-values.ts';

/** Bad lines kept per range: the command prints the first 20 of the whole file and a count. */
export const PROBLEMS_KEPT = 20;

export const CUE_FLAG = 1;
export const TOOL_FLAG = 2;

export interface ChunkFacts {
  /** Lines in the range, blank ones included. */
  lines: number;
  records: number;
  formats: Record<string, number>;
  /** The first bad lines, `line` counted from 1 at the range's start. */
  problems: Omit<LineProblem, 'file'>[];
  problemCount: number;
  /** Assistant turns read, before `--only`. */
  turnsRead: number;
  /** Distinct strata and conversations of the range; turns refer to them by index. */
  strata: string[];
  /**
   * A number stands for a record without an id, whose conversation is `line-N` with N its global
   * line: here its line in the range.
   */
  conversations: (string | number)[];
  /** Per turn passing `--only`, in file order. */
  stratum: number[];
  conversation: number[];
  /** CUE_FLAG | TOOL_FLAG. */
  flags: number[];
}

/** The judged values of a selected turn ([empty, falseClaims, either]), or why it was not labelled. */
export type ChunkValue = [number, number, number] | { id: string; error: string };

export class ChunkChangedError extends Error {
  override readonly name = 'ChunkChangedError';
  readonly code = 'chunk_changed';
  constructor(
    readonly file: string,
    readonly range: { start: number; end: number },
    readonly expected: number,
    readonly got: number,
  ) {
    super(`${file}: bytes ${range.start}–${range.end} now hold ${got} turns, pass 1 counted ${expected}: the file changed during the audit`);
  }
}

const ID_FIELDS = ['id', 'conversation_id', 'conversation_hash'];

export async function chunkFacts(file: string, range: { start: number; end: number }, options: Pick<PrevalenceOptions, 'only' | 'strata' | 'cue'>): Promise<ChunkFacts> {
  const read = await readLogs(file, { ...range, firstLine: 1 });
  const facts: ChunkFacts = {
    lines: read.lines,
    records: read.records,
    formats: read.formats as Record<string, number>,
    problems: read.problems.slice(0, PROBLEMS_KEPT).map(({ line, field, message }) => ({ line, field, message })),
    problemCount: read.problems.length,
    turnsRead: read.turns.length,
    strata: [],
    conversations: [],
    stratum: [],
    conversation: [],
    flags: [],
  };
  const strata = new Map<string, number>();
  const conversations = new Map<string, number>();
  for (const turn of read.turns) {
    if (!passesOnly(turn, options.only)) continue;
    const t = turnFacts(turn, options);
    let s = strata.get(t.stratum);
    if (s === undefined) strata.set(t.stratum, (s = facts.strata.push(t.stratum) - 1));
    let c = conversations.get(t.conversation);
    if (c === undefined) {
      // parseLogRecord names a record without any id field `line-N` by its (here local) line.
      const local = ID_FIELDS.every((f) => turn.fields[f] === undefined);
      conversations.set(t.conversation, (c = facts.conversations.push(local ? Number(t.conversation.slice('line-'.length)) : t.conversation) - 1));
    }
    facts.stratum.push(s);
    facts.conversation.push(c);
    facts.flags.push((t.cue ? CUE_FLAG : 0) | (t.toolUsing ? TOOL_FLAG : 0));
  }
  return facts;
}

/**
 * Labels the range's turns at positions `selected` (among its turns passing `--only`; pass 1
 * counted `expectedTurns` of them). Values in the order of `selected`.
 */
export async function chunkValues(
  file: string,
  range: { start: number; end: number; firstLine: number },
  selected: readonly number[],
  expectedTurns: number,
  options: Pick<PrevalenceOptions, 'only' | 'setup'>,
  label: Labeller,
): Promise<ChunkValue[]> {
  const read = await readLogs(file, range);
  const turns = read.turns.filter((t) => passesOnly(t, options.only));
  if (turns.length !== expectedTurns) throw new ChunkChangedError(file, range, expectedTurns, turns.length);
  const picked = selected.map((k) => turns[k]!);
  const labels = await label(picked.map((t) => turnRecord(t, options.setup)));
  return labels.map((result, k): ChunkValue => {
    if ('error' in result) return { id: picked[k]!.id, error: result.error };
    const v = valuesOfLabel(result);
    return [v.empty, v.falseClaims, v.either];
  });
}
