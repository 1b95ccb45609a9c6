/**
 * A labelling worker for mine-guards.ts: reads one job per line on stdin, `{"gen": 3, "cut":
 * "src/…/lexicon.ts:120:131", "file", "list", "entry": "…" | null, "templates": [...]}`, fills the
 * templates with the entry (for a row that is not a plain phrase, such as `...combine([...])`, with
 * the first phrase the exported list loses without the row), labels each filled turn with the rules
 * as they are and with a fresh copy of the rules that lacks the row, and writes `{"gen": 3,
 * "entry", "turns": [filled], "with": [{label, why}], "without": [{label, why} | {"error"}]}` per job.
 */
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fill, guardTurnRecord, labelKey, whyKey, type GuardTemplate } from '../../src/check/testing/word-guards.ts';

const repo = resolve(import.meta.dirname, '../..');
type Check = (turn: unknown) => { label: Parameters<typeof labelKey>[0]; explanation: Parameters<typeof whyKey>[0] };
const url = (file: string, query: string) => `${pathToFileURL(resolve(repo, file)).href}?${query}`;
const load = async (query: string): Promise<Check> => ((await import(url('src/check/check.ts', query))) as { checkWithExplanation: Check }).checkWithExplanation;
const asIs = await load('gen=0');
const message = (error: unknown) => String((error as Error)?.message ?? error).split('\n')[0]!.slice(0, 200);

/** The phrases an exported list holds with the row and not without it. */
async function lostPhrases(file: string, list: string, query: string): Promise<string[]> {
  const before = ((await import(url(file, 'gen=0'))) as Record<string, unknown>)[list];
  const after = ((await import(url(file, query))) as Record<string, unknown>)[list];
  const phrases = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : value && typeof value === 'object' ? Object.keys(value) : [];
  const kept = new Set(phrases(after));
  return phrases(before).filter((p) => !kept.has(p));
}

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const job = JSON.parse(line) as { gen: number; cut: string; file: string; list: string; entry: string | null; templates: GuardTemplate[] };
  const query = new URLSearchParams({ gen: String(job.gen), cut: job.cut }).toString();
  const label = (check: Check, turn: Omit<GuardTemplate, 'expect'>) => {
    try {
      const { label: l, explanation } = check(guardTurnRecord(turn));
      return { label: labelKey(l), why: whyKey(explanation) };
    } catch (error) {
      return { error: message(error) };
    }
  };
  let without: Check | { error: string };
  let entry = job.entry;
  try {
    without = await load(query);
    entry ??= (await lostPhrases(job.file, job.list, query))[0] ?? null;
  } catch (error) {
    without = { error: `loading the rules without the row: ${message(error)}` };
  }
  const turns = entry === null ? [] : job.templates.map((t) => fill(t, entry));
  process.stdout.write(
    `${JSON.stringify({
      gen: job.gen,
      entry,
      turns,
      with: turns.map((t) => label(asIs, t)),
      without: turns.map((t) => (typeof without === 'function' ? label(without, t) : without)),
    })}\n`,
  );
}
