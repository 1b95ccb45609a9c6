/**
 * Builds data/requests/v1.jsonl from the curated tables in scripts/requests-v1/, deterministically.
 * When ../shared/data (or $FELICITY_SHARED_DATA) is present, every mined row's original text and
 * intent are checked against the corpus file first, so provenance cannot drift from the source.
 * The result must validate clean; nothing is written otherwise.
 *
 *   npx tsx scripts/build-requests.ts [--out FILE] [--check]
 *
 * --check compares the build with the committed file instead of writing it (exit 1 if different).
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATEGORIES, type Category } from '../src/core/types.ts';
import { CORPUS_LICENCES, readCorpusRows, type CorpusRow } from '../src/benchmark/requests/corpus-rows.ts';
import type { RequestRecord } from '../src/benchmark/requests/request-record.ts';
import { validateRequestsText } from '../src/benchmark/requests/validate-requests.ts';
import { formatProblem } from '../src/benchmark/requests/request-problem.ts';
import { composition, formatCompositionTable } from '../src/benchmark/requests/request-stats.ts';
import { requestSetHash } from '../src/benchmark/requests/request-set-hash.ts';
import { MINED_ROWS, type MinedRow } from './requests-v1/mined-rows.ts';
import { HAND_ROWS, TEMPLATES, TEMPLATE_ROWS, type TemplateRow } from './requests-v1/templated-rows.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_OUT = join(ROOT, 'data/requests/v1.jsonl');
const SHARED_DATA = process.env.FELICITY_SHARED_DATA ?? resolve(ROOT, '../shared/data');
const CORPUS_DIRS = { slurp: 'slurp', bitext: 'bitext' } as const;

const ID_PREFIX: Record<Category, string> = {
  reminder: 'rem',
  monitoring: 'mon',
  callback: 'cb',
  deferred_delivery: 'dd',
  memory: 'mem',
};

const STANDARD_CHANGE: Record<MinedRow['corpus'], string> = {
  slurp: 'rewrote the voice transcript as a typed request (capitalisation, punctuation, numerals for times and dates)',
  bitext:
    'rewrote the support request as a callback request (who should get in touch, and when where the user would say); the issue itself is in the hand-written context',
};

/** Checks mined rows against the corpus files; returns one message per mismatch. */
async function verifyAgainstCorpus(rows: readonly MinedRow[]): Promise<string[]> {
  const cache = new Map<string, Map<string, CorpusRow>>();
  const mismatches: string[] = [];
  for (const row of rows) {
    const path = join(SHARED_DATA, CORPUS_DIRS[row.corpus], row.file);
    let index = cache.get(path);
    if (!index) {
      const parsed = readCorpusRows(row.corpus, await readFile(path, 'utf8'), path);
      index = new Map(parsed.map((r) => [`${r.id_field}:${r.row_id}`, r]));
      cache.set(path, index);
    }
    const found = index.get(`${row.id_field}:${row.row_id}`);
    const where = `${row.corpus}/${row.file} ${row.id_field} ${row.row_id}`;
    if (!found) mismatches.push(`${where}: not found`);
    else if (found.text !== row.original) mismatches.push(`${where}: original is ${JSON.stringify(found.text)}, table has ${JSON.stringify(row.original)}`);
    else if (found.intent !== row.intent) mismatches.push(`${where}: intent is ${found.intent}, table has ${row.intent}`);
  }
  return mismatches;
}

type Draft = Omit<RequestRecord, 'id'>;

function fromMined(row: MinedRow): Draft {
  return {
    category: row.category,
    source: row.corpus,
    context: row.context,
    request: row.request,
    provenance: {
      corpus: row.corpus,
      file: row.file,
      id_field: row.id_field,
      row_id: row.row_id,
      original: row.original,
      intent: row.intent,
      changed: row.note ? `${STANDARD_CHANGE[row.corpus]}; ${row.note}` : STANDARD_CHANGE[row.corpus],
      licence: CORPUS_LICENCES[row.corpus],
    },
  };
}

function fillTemplate(row: TemplateRow): string {
  const { text } = TEMPLATES[row.template];
  const used = new Set<string>();
  const filled = text.replace(/\{(\w+)\}/g, (_, slot: string) => {
    const value = row.fills[slot];
    if (value === undefined) throw new Error(`template ${row.template}: no fill for slot {${slot}}`);
    used.add(slot);
    return value;
  });
  const extra = Object.keys(row.fills).filter((k) => !used.has(k));
  if (extra.length > 0) throw new Error(`template ${row.template}: fills ${extra.join(', ')} match no slot`);
  // Templates that open with a slot ("{when}, send me …") take their capital from the fill.
  return filled.charAt(0).toUpperCase() + filled.slice(1);
}

function fromTemplate(row: TemplateRow): Draft {
  const template = TEMPLATES[row.template];
  return {
    category: template.category,
    source: 'template',
    context: row.context,
    request: fillTemplate(row),
    provenance: { template_id: row.template, template: template.text, fills: row.fills },
  };
}

function buildRecords(): RequestRecord[] {
  const drafts: Draft[] = [
    ...MINED_ROWS.map(fromMined),
    ...TEMPLATE_ROWS.map(fromTemplate),
    ...HAND_ROWS.map(
      (h): Draft => ({
        category: h.category,
        source: 'hand',
        context: h.context,
        request: h.request,
        provenance: { hand_written: true, note: 'written by hand for request set v1; no corpus row or template' },
      }),
    ),
  ];
  const records: RequestRecord[] = [];
  for (const category of CATEGORIES) {
    drafts
      .filter((d) => d.category === category)
      .forEach((d, i) => records.push({ id: `${ID_PREFIX[category]}-${String(i + 1).padStart(3, '0')}`, ...d } as RequestRecord));
  }
  return records;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const outIndex = args.indexOf('--out');
  const out = outIndex >= 0 && args[outIndex + 1] ? resolve(args[outIndex + 1]!) : DEFAULT_OUT;

  if (existsSync(SHARED_DATA)) {
    const mismatches = await verifyAgainstCorpus(MINED_ROWS);
    for (const m of mismatches) process.stderr.write(`provenance mismatch: ${m}\n`);
    if (mismatches.length > 0) return 2;
    process.stderr.write(`checked ${MINED_ROWS.length} mined rows against ${SHARED_DATA}\n`);
  } else {
    process.stderr.write(`${SHARED_DATA} not found: mined rows not re-checked against the corpora\n`);
  }

  const records = buildRecords();
  const text = records.map((r) => `${JSON.stringify(r)}\n`).join('');
  const result = validateRequestsText(text, out);
  for (const p of result.problems) process.stderr.write(`${formatProblem(p)}\n`);
  if (result.problems.length > 0) return 2;

  if (check) {
    const committed = existsSync(out) ? await readFile(out, 'utf8') : '';
    const same = committed === text;
    process.stderr.write(same ? `${out} is up to date\n` : `${out} differs from the build\n`);
    return same ? 0 : 1;
  }
  await writeFile(out, text);
  process.stderr.write(`${formatCompositionTable(composition(records))}\n\nwrote ${records.length} requests to ${out}, version ${requestSetHash(text)}\n`);
  return 0;
}

process.exitCode = await main();
