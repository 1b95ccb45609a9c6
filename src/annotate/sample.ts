/**
 * `felicity annotate sample`: reads turn records (a run's export) or chat logs, flags each with the
 * rules checker, draws the annotation set (sample-design.ts) and writes it to a new annotation
 * database with a token per annotator.
 */
import { checkMany } from '../check/check-many.ts';
import { parseLogRecord, turnRecord, LogFormatError } from '../audit/log-formats.ts';
import { readJsonLines, type LineProblem } from './json-lines.ts';
import { itemView } from './item-view.ts';
import { designAnnotation, type Candidate } from './sample-design.ts';
import { AnnotationStore, type StoredItem } from './store.ts';

export interface SampleOptions {
  db: string;
  size: number;
  overlap: number;
  annotators: string[];
  seed: number;
  /** The field naming a log turn's stratum when records have no category. */
  strata: string;
  setup: string;
}

export interface SampleResult {
  candidates: number;
  items: number;
  overlap: number;
  strata: Map<string, { items: number; flagged: number }>;
  tokens: Map<string, string>;
  problems: LineProblem[];
}

export async function sampleAnnotationSet(input: string, options: SampleOptions): Promise<SampleResult> {
  const { values, problems } = await readJsonLines(input);
  const records: Record<string, unknown>[] = [];
  for (const { line, value } of values) {
    const r = value as Record<string, unknown>;
    // A turn record (SPEC §4) is taken whole; other chat-log records become one record per turn.
    if (r && typeof r === 'object' && Array.isArray(r['messages']) && (r['setup'] !== undefined || r['category'] !== undefined)) {
      records.push({ ...r, id: String(r['id'] ?? `line-${line}`) });
      continue;
    }
    try {
      for (const turn of parseLogRecord(value, line).turns) {
        if (turn.toolUsing) continue;
        records.push({ ...turn.fields, ...turnRecord(turn, options.setup) });
      }
    } catch (error) {
      if (!LogFormatError.isInstance(error)) throw error;
      problems.push({ file: input, line, field: error.field, message: `expected ${error.expected}, got ${error.got}` });
    }
  }
  const labels = await checkMany(records, { setup: options.setup });
  const candidates: (Candidate & { record: Record<string, unknown> })[] = [];
  const seen = new Set<string>();
  labels.forEach((result, i) => {
    const record = records[i]!;
    const id = String(record['id']);
    if ('error' in result) {
      problems.push({ file: input, line: 0, field: result.error.field, message: `${id}: ${result.error.message}` });
      return;
    }
    if (seen.has(id)) {
      problems.push({ file: input, line: 0, field: 'id', message: `${id}: repeated; the later record is left out` });
      return;
    }
    seen.add(id);
    const setup = typeof record['setup'] === 'string' ? record['setup'] : typeof record['setup'] === 'object' ? String((record['setup'] as { id?: unknown }).id ?? 'custom') : options.setup;
    const stratum = record['category'] !== undefined ? `${setup} × ${String(record['category'])}` : String(record[options.strata] ?? '(none)');
    candidates.push({ stratum, flagged: result.label.failure, record });
  });
  const design = designAnnotation(candidates, { size: options.size, overlap: options.overlap, annotators: options.annotators, seed: options.seed });
  const items: StoredItem[] = design.map((a) => {
    const c = candidates[a.index]!;
    const id = String(c.record['id']);
    const { view, facts } = itemView(id, c.record, options.setup);
    return { id, stratum: c.stratum, flagged: c.flagged, overlap: a.overlap, model: String(c.record['model'] ?? '(unknown)'), record: c.record, view, facts, annotators: a.annotators };
  });
  const store = AnnotationStore.open(options.db, { create: true });
  try {
    store.addItems(items);
    const tokens = new Map(options.annotators.map((name) => [name, store.issueToken(name)]));
    const strata = new Map<string, { items: number; flagged: number }>();
    for (const item of items) {
      const s = strata.get(item.stratum) ?? { items: 0, flagged: 0 };
      s.items++;
      if (item.flagged) s.flagged++;
      strata.set(item.stratum, s);
    }
    return { candidates: candidates.length, items: items.length, overlap: items.filter((i) => i.overlap).length, strata, tokens, problems };
  } finally {
    store.close();
  }
}
