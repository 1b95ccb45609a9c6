/**
 * Finds a guard for each word-list entry: a turn where the entry decides the label. Each entry is
 * put into the templates written for its list (scripts/rules-guarded/templates/<lexicon>.ts: list
 * name → turns with `{}` where the entry goes, and the label the entry is there to give); each
 * filled turn is labelled with the rules as they are and without the entry (a fresh copy of the
 * rules per entry, in worker processes: label-worker.ts). The first turn whose label is the one the
 * template expects with the entry and changes without it is the entry's guard, appended to
 * src/check/rules/guards/<lexicon>.jsonl, which src/check/rules/word-list-guards.test.ts replays.
 *
 * Entries no template guards are listed with why: `no template` (none for the list), `no phrase`
 * (the entry is a pattern: give the template list a `fill` for it), `not decided` (the templates
 * give the expected label with and without the entry: another entry or rule reads the same text,
 * so write a template only this entry reads, or delete the entry), `other label` (no template gives
 * its expected label even with the entry).
 *
 *   node --import ./scripts/rules-guarded/register.mjs --import tsx scripts/rules-guarded/mine-guards.ts \
 *     --file src/check/rules/act-lexicon.ts [--list NARRATION] [--jobs 2] [--redo] [--report out.tsv]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { type GuardTemplate, type LabelKey, type WhyKey, type WordGuard } from '../../src/check/testing/word-guards.ts';
import { rowsOf, type Row } from './rows.ts';

const repo = resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({
  options: {
    file: { type: 'string', multiple: true },
    list: { type: 'string', multiple: true },
    jobs: { type: 'string', default: '1' },
    'per-worker': { type: 'string', default: '20' },
    redo: { type: 'boolean', default: false },
    report: { type: 'string' },
  },
});
if (!args.file?.length) throw new Error('give --file src/check/rules/<lexicon>.ts (one or more)');

/** A template list: turns per list name, and optional sample text for entries that are patterns. */
export interface Templates {
  lists: Record<string, GuardTemplate[]>;
  fill?: Record<string, Record<string, string>>;
}

interface Work { row: Row; entry: string | null; templates: GuardTemplate[] }
const statuses: { file: string; list: string; entry: string; status: string }[] = [];
const works: Work[] = [];
const guardsByFile = new Map<string, WordGuard[]>();

for (const wanted of args.file) {
  const file = relative(repo, resolve(wanted));
  const name = basename(file, '.ts');
  const templatesPath = join(repo, 'scripts/rules-guarded/templates', `${name}.ts`);
  const templates: Templates = existsSync(templatesPath) ? ((await import(pathToFileURL(templatesPath).href)) as { default: Templates }).default : { lists: {} };
  const out = guardsPath(file);
  const kept = existsSync(out) ? readFileSync(out, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as WordGuard) : [];
  const rows = rowsOf(repo, join(repo, file)).filter((r) => !args.list || args.list.includes(r.table));
  const key = (list: string, entry: string) => `${list}\u0000${entry}`;
  const guarded = new Set(args.redo ? [] : kept.map((g) => key(g.list, g.entry)));
  guardsByFile.set(file, args.redo ? kept.filter((g) => !rows.some((r) => r.table === g.list)) : kept);
  for (const row of rows) {
    const entry = row.words ?? templates.fill?.[row.table]?.[row.text] ?? null;
    if (guarded.has(key(row.table, entryName(row)))) continue;
    const forList = templates.lists[row.table];
    if (!forList?.length) statuses.push({ file, list: row.table, entry: entryName(row), status: 'no template' });
    else works.push({ row, entry, templates: forList });
  }
}

/** How a guard names its entry: the phrase, or the row's source text. */
function entryName(row: Row): string {
  return row.words ?? row.text;
}

function guardsPath(file: string): string {
  return join(repo, 'src/check/rules/guards', `${basename(file, '.ts')}.jsonl`);
}

// The workers.
const started = performance.now();
const jobs = Math.max(1, Number(args.jobs));
const perWorker = Math.max(1, Number(args['per-worker']));
let next = 0;
let done = 0;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

async function runWorker(): Promise<void> {
  while (next < works.length) {
    const batch = works.slice(next, next + perWorker);
    next += batch.length;
    const child = spawn(process.execPath, ['--import', './scripts/rules-guarded/register.mjs', '--import', 'tsx', 'scripts/rules-guarded/label-worker.ts'], { cwd: repo, stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    for (const [i, work] of batch.entries()) {
      const { row } = work;
      child.stdin.write(`${JSON.stringify({ gen: i + 1, cut: `${row.file}:${row.start}:${row.end}`, file: row.file, list: row.table, entry: work.entry, templates: work.templates })}\n`);
      const answer = await lines.next();
      if (answer.done) throw new Error(`label worker stopped at ${work.row.file} ${work.row.table}[${work.row.index}]`);
      decide(work, JSON.parse(answer.value) as Answer);
      done++;
      if (done % 25 === 0) process.stderr.write(`${done}/${works.length} entries, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
    }
    child.stdin.end();
    await new Promise((r) => child.once('close', r));
  }
}

type Labelled = { label: LabelKey; why: WhyKey } | { error: string };
interface Answer { entry: string | null; turns: Omit<GuardTemplate, 'expect'>[]; with: Labelled[]; without: Labelled[] }

function decide(work: Work, answer: Answer): void {
  const listed = { file: work.row.file, list: work.row.table, entry: entryName(work.row) };
  if (answer.entry === null) {
    statuses.push({ ...listed, status: 'no phrase' });
    return;
  }
  // A turn whose label the entry changes; failing that, one where it changes only what --explain says.
  let expected = false;
  for (const pin of ['label', 'why'] as const) {
    for (const [i, turn] of answer.turns.entries()) {
      const expect = work.templates[i]!.expect;
      const withIt = answer.with[i]!;
      const without = answer.without[i]!;
      if ('error' in withIt) continue;
      if (withIt.label.outcome !== expect.outcome || (expect.claim !== undefined && withIt.label.booleans.false_action_claim !== expect.claim)) continue;
      expected = true;
      if ('error' in without ? pin === 'why' : same(withIt[pin], without[pin]) || (pin === 'why' && !same(withIt.label, without.label))) continue;
      guardsByFile.get(work.row.file)!.push({
        file: work.row.file,
        list: work.row.table,
        entry: listed.entry,
        ...(answer.entry !== listed.entry ? { phrase: answer.entry } : {}),
        ...turn,
        label: withIt.label,
        ...(pin === 'why' ? { why: withIt.why } : {}),
      });
      statuses.push({ ...listed, status: pin === 'label' ? 'guarded' : 'guarded by why' });
      return;
    }
  }
  statuses.push({ ...listed, status: expected ? 'not decided' : 'other label' });
}

await Promise.all(Array.from({ length: Math.min(jobs, works.length) }, runWorker));

for (const [file, guards] of guardsByFile) {
  // In the file's order of lists and entries, so a diff shows what changed.
  const order = new Map(rowsOf(repo, join(repo, file)).map((r, i) => [`${r.table}\u0000${r.words ?? r.text}`, i]));
  guards.sort((a, b) => (order.get(`${a.list}\u0000${a.entry}`) ?? 1e9) - (order.get(`${b.list}\u0000${b.entry}`) ?? 1e9));
  mkdirSync(dirname(guardsPath(file)), { recursive: true });
  writeFileSync(guardsPath(file), guards.map((g) => JSON.stringify(g)).join('\n') + (guards.length ? '\n' : ''));
}

const counts = new Map<string, number>();
for (const s of statuses) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
console.log(`${statuses.length} entries looked at in ${((performance.now() - started) / 1000).toFixed(0)} s: ${[...counts].map(([k, v]) => `${v} ${k}`).join(', ')}`);
for (const s of statuses.filter((x) => !x.status.startsWith('guarded'))) console.log(`  ${s.status.padEnd(12)} ${s.list} ${JSON.stringify(s.entry)}`);
if (args.report) writeFileSync(args.report, statuses.map((s) => [s.file, s.list, s.entry, s.status].join('\t')).join('\n') + '\n');
