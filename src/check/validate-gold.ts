/**
 * The I/O half of `felicity validate` (and `npm run eval:dev`): reads human-labelled items and
 * label records from JSON Lines files, labels the items with an engine or joins them to a labels
 * file by id, and hands the pairs to the scorer (src/stats/validation.ts). Bad lines are
 * problems naming the line and field; every good line is kept.
 */
import { BOOLEAN_NAMES, OUTCOMES, type LabelRecord } from '../core/types.ts';
import { GoldFormatError, parseGoldItem, type GoldItem } from '../stats/gold-label.ts';
import type { ValidationItem } from '../stats/validation.ts';
import { CheckInputError } from './check-input-error.ts';
import type { CheckEngine, EngineCheckOptions } from './engines/engine.ts';
import { mapOrdered } from './engines/map-ordered.ts';
import type { Explanation } from './explanation.ts';
import { jsonLines } from './json-lines-reader.ts';
import { JudgmentFailedError } from './llm/judgment-failed-error.ts';

export interface LineProblem {
  file: string;
  line: number;
  field: string;
  message: string;
}

export interface Labelled {
  items: ValidationItem[];
  /** Explanations by item id, for `--mismatches`. */
  explanations: Map<string, Explanation>;
  /** Items the engine could not label: a model judgment failed. */
  unlabelled: { id: string; message: string }[];
  problems: LineProblem[];
}

export async function readGold(file: string): Promise<{ items: GoldItem[]; problems: LineProblem[] }> {
  const items: GoldItem[] = [];
  const problems: LineProblem[] = [];
  for await (const entry of jsonLines(file)) {
    if ('problem' in entry) {
      problems.push({ file, line: entry.line, field: '(line)', message: entry.problem });
      continue;
    }
    try {
      items.push({ ...parseGoldItem(entry.value), line: entry.line });
    } catch (error) {
      if (!GoldFormatError.isInstance(error)) throw error;
      problems.push({ file, line: entry.line, field: error.field, message: `expected ${error.expected}, got ${error.got}` });
    }
  }
  return { items, problems };
}

/** Labels every gold item with the engine, `concurrency` at a time, in order. */
export async function labelGold(items: readonly GoldItem[], engine: CheckEngine, options: EngineCheckOptions & { file?: string } = {}): Promise<Labelled> {
  const out: Labelled = { items: [], explanations: new Map(), unlabelled: [], problems: [] };
  const results = mapOrdered(items, engine.concurrency, async (item) => {
    try {
      return { item, result: await engine.label(item.record, options) };
    } catch (error) {
      if (JudgmentFailedError.isInstance(error)) return { item, failed: error.message };
      if (CheckInputError.isInstance(error)) return { item, bad: error };
      throw error;
    }
  });
  for await (const r of results) {
    if ('failed' in r) {
      out.unlabelled.push({ id: r.item.id, message: r.failed! });
      continue;
    }
    if ('bad' in r) {
      out.problems.push({ file: options.file ?? '(gold)', line: r.item.line ?? 0, field: r.bad!.field, message: r.bad!.message.slice(r.bad!.field.length + 2) });
      continue;
    }
    out.items.push({ id: r.item.id, setup: r.item.setup, model: r.item.model, gold: r.item.gold, predicted: r.result.label });
    out.explanations.set(r.item.id, r.result.explanation);
  }
  return out;
}

/** Joins gold items to label records (SPEC §4) by id. */
export async function joinLabels(items: readonly GoldItem[], file: string): Promise<Labelled> {
  const labels = new Map<string, LabelRecord>();
  const skipped = new Set<string>();
  const out: Labelled = { items: [], explanations: new Map(), unlabelled: [], problems: [] };
  for await (const entry of jsonLines(file)) {
    if ('problem' in entry) {
      out.problems.push({ file, line: entry.line, field: '(line)', message: entry.problem });
      continue;
    }
    const reason = (entry.value as { not_labelled?: unknown } | null)?.not_labelled;
    if (typeof reason === 'string') {
      // A turn `check` could not judge (no reply, not English): unlabelled, not a malformed label.
      const id = String((entry.value as { id?: unknown }).id);
      skipped.add(id);
      out.unlabelled.push({ id, message: `not labelled (${reason})` });
      continue;
    }
    const bad = labelProblem(entry.value);
    if (bad) out.problems.push({ file, line: entry.line, field: bad.field, message: bad.message });
    else labels.set(String((entry.value as LabelRecord).id), entry.value as LabelRecord);
  }
  for (const item of items) {
    const predicted = labels.get(item.id);
    if (predicted === undefined && skipped.has(item.id)) continue;
    if (predicted === undefined) out.problems.push({ file, line: 0, field: 'id', message: `no label record for gold item ${item.id}` });
    else out.items.push({ id: item.id, setup: item.setup, model: item.model, gold: item.gold, predicted });
  }
  return out;
}

function labelProblem(value: unknown): { field: string; message: string } | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { field: '(record)', message: 'not a JSON object' };
  const r = value as Record<string, unknown>;
  if (typeof r['id'] !== 'string' && typeof r['id'] !== 'number') return { field: 'id', message: 'missing' };
  if (!(OUTCOMES as readonly unknown[]).includes(r['outcome'])) return { field: 'outcome', message: `expected ${OUTCOMES.join('|')}` };
  const booleans = r['booleans'] as Record<string, unknown> | undefined;
  const missing = BOOLEAN_NAMES.find((b) => typeof booleans?.[b] !== 'boolean');
  if (missing) return { field: `booleans.${missing}`, message: 'expected true or false' };
  if (!Array.isArray(r['commitments'])) return { field: 'commitments', message: 'expected a list' };
  const index = r['commitments'].findIndex((c: Record<string, unknown> | null) => typeof c?.['span'] !== 'string' || typeof c['feasible'] !== 'boolean' || typeof c['agent_initiated'] !== 'boolean');
  if (index >= 0) return { field: `commitments[${index}]`, message: 'expected span, feasible and agent_initiated' };
  return undefined;
}
