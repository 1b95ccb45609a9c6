/**
 * For a row that no test guards: which sentences does it decide? Loads the rules twice, as they are
 * and without the row (the worker's module hooks), and labels candidate sentences with both: the
 * row's own examples (decision-table `reads`/`ignores`, frame `marks`/`ignores`) and any sentences
 * given on the command line. Prints each sentence whose label (outcome, false-claim boolean,
 * commitments) differs: a sentence for the test that guards the row.
 *
 * PROBE_EXPLAIN=1 also compares what `--explain` says (the detector's codes, the text set aside).
 * PROBE_SETUP='{"id": …, "tools": […]}' labels in that deployment instead of C0.
 *
 *   node --import ./scripts/rules-guarded/register.mjs --import tsx scripts/rules-guarded/probe-row.ts FILE TABLE INDEX ["sentence"...]
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { rowsOf } from './rows.ts';

const [file, table, index, ...extra] = process.argv.slice(2) as [string, string, string, ...string[]];
const repo = resolve(import.meta.dirname, '../..');
const row = rowsOf(repo, resolve(repo, file)).find((r) => r.table === table && r.index === Number(index));
if (!row) throw new Error(`no row ${table}[${index}] in ${file}`);
readFileSync(resolve(repo, file));

type Label = { outcome: string; booleans: { false_action_claim: boolean }; commitments: { span: string; feasible: boolean; agent_initiated: boolean }[] };
type Check = (turn: unknown) => { label: Label; explanation: { detector: { code?: string }[]; setAside: { reason: string }[] } };
const load = async (query: string) => {
  const check = ((await import(`${pathToFileURL(resolve(repo, 'src/check/check.ts')).href}?${query}`)) as { checkWithExplanation: Check }).checkWithExplanation;
  const rules = (await import(`${pathToFileURL(resolve(repo, file)).href}?${query}`)) as Record<string, unknown[]>;
  return { check, rules };
};
const before = await load('gen=1');
const after = await load(`gen=2&cut=${encodeURIComponent(`${row.file}:${row.start}:${row.end}`)}`);

interface Example { reply: string; user?: string; persona?: string; system?: string }
const examples: Example[] = extra.map((reply) => ({ reply }));
const element = before.rules[table]?.[Number(index)] as Record<string, unknown> | undefined;
for (const key of ['reads', 'ignores', 'marks']) {
  for (const e of (element?.[key] as (string | Example)[] | undefined) ?? []) examples.push(typeof e === 'string' ? { reply: e } : e);
}
const label = (check: Check, e: Example) => {
  const messages = [...(e.system ? [{ role: 'system', content: e.system }] : []), { role: 'user', content: e.user ?? 'Can you help me with this?' }, { role: 'assistant', content: e.reply }];
  const { label: l, explanation } = check({ setup: process.env.PROBE_SETUP ? JSON.parse(process.env.PROBE_SETUP) : 'C0', persona: e.persona ?? process.env.PROBE_PERSONA ?? 'generic', messages });
  const why = process.env.PROBE_EXPLAIN ? { codes: explanation.detector.map((d) => d.code), setAside: explanation.setAside.map((a) => a.reason) } : {};
  return JSON.stringify({ outcome: l.outcome, claim: l.booleans.false_action_claim, commitments: l.commitments.map((c) => [c.span, c.feasible, c.agent_initiated]), ...why });
};
console.log(`${row.file}:${row.line} ${row.table}[${row.index}] ${row.text}`);
for (const e of examples) {
  const a = label(before.check, e);
  const b = label(after.check, e);
  console.log(`${a === b ? '  same   ' : '  CHANGES'} ${JSON.stringify(e).slice(0, 160)}${a === b ? '' : `\n      with:    ${a}\n      without: ${b}`}`);
}
