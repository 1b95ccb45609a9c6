/**
 * Reading public corpora into uniform rows (text, intent, and a row id that finds the row again).
 * Shapes: SLURP jsonl (`slurp_id`, `sentence`, `intent`) or its plain-text lm.txt (one utterance
 * a line, unlabelled); MASSIVE jsonl (`id`, `utt`, `intent`, `locale`); Bitext CSV (`instruction`,
 * `intent`, rows numbered from 1 after the header).
 */
import { basename } from 'node:path';
import { RequestFileError } from './request-problem.ts';
import { parseCsvObjects } from './csv.ts';

export type Corpus = 'slurp' | 'massive' | 'bitext';

export const CORPUS_LICENCES: Record<Corpus, string> = {
  slurp: 'CC BY 4.0',
  massive: 'CC BY 4.0',
  bitext: 'CDLA-Sharing-1.0',
};

export interface CorpusRow {
  corpus: Corpus;
  /** Base name of the file, so provenance does not depend on where the corpus was unpacked. */
  file: string;
  id_field: string;
  row_id: number | string;
  text: string;
  intent: string | null;
}

function field(obj: Record<string, unknown>, names: readonly string[]): unknown {
  for (const n of names) if (n in obj) return obj[n];
  return undefined;
}

function readJsonlRows(text: string, path: string, corpus: 'slurp' | 'massive'): CorpusRow[] {
  const file = basename(path);
  const rows: CorpusRow[] = [];
  const idNames = corpus === 'slurp' ? ['slurp_id'] : ['id'];
  const textNames = corpus === 'slurp' ? ['sentence'] : ['utt'];
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '') return;
    if (!trimmed.startsWith('{')) {
      // SLURP's lm.txt: unlabelled utterances, identified by line number.
      if (corpus === 'slurp') rows.push({ corpus, file, id_field: 'line', row_id: line, text: trimmed, intent: null });
      else throw new RequestFileError({ file: path, line, expected: 'a MASSIVE JSON object', got: JSON.stringify(trimmed.slice(0, 30)) });
      return;
    }
    let obj: Record<string, unknown>;
    try {
      obj = JSON.parse(trimmed) as Record<string, unknown>;
    } catch (err) {
      throw new RequestFileError({ file: path, line, expected: 'JSON', got: (err as Error).message });
    }
    const utterance = field(obj, textNames);
    if (typeof utterance !== 'string') {
      throw new RequestFileError({ file: path, line, expected: `a string field ${textNames.join('/')}`, got: JSON.stringify(utterance) ?? 'nothing' });
    }
    const locale = obj.locale;
    // The keyword filter is English; MASSIVE's other locales are translations of the same rows.
    if (typeof locale === 'string' && !locale.startsWith('en')) return;
    const id = field(obj, idNames);
    const intent = obj.intent;
    rows.push({
      corpus,
      file,
      id_field: typeof id === 'number' || typeof id === 'string' ? idNames[0]! : 'line',
      row_id: typeof id === 'number' || typeof id === 'string' ? id : line,
      text: utterance,
      intent: typeof intent === 'string' ? intent : null,
    });
  });
  return rows;
}

function readBitextRows(text: string, path: string): CorpusRow[] {
  const objects = parseCsvObjects(text, path);
  if (objects.length > 0 && !('instruction' in objects[0]!)) {
    throw new RequestFileError({ file: path, line: 1, expected: 'a CSV header with an "instruction" column', got: Object.keys(objects[0]!).join(',') });
  }
  const file = basename(path);
  return objects.map((o, index) => ({
    corpus: 'bitext' as const,
    file,
    id_field: 'row',
    row_id: index + 1,
    text: o.instruction ?? '',
    intent: o.intent ?? null,
  }));
}

/** Parses a corpus file's text; `path` names it in provenance and errors. */
export function readCorpusRows(corpus: Corpus, text: string, path: string): CorpusRow[] {
  return corpus === 'bitext' ? readBitextRows(text, path) : readJsonlRows(text, path, corpus);
}
