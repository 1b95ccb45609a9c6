import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkMany } from '../check/check-many.ts';
import { fileChunkRanges } from './chunked-file.ts';
import { chunkFacts, chunkValues } from './chunked-passes.ts';
import { decodeEstimate, encodeEstimate } from './chunked-estimate.ts';
import { planFromFacts, reportFromValues } from './chunked-plan.ts';
import { DEFAULT_CUE } from './cue.ts';
import { planPrevalence, runPrevalence, type Labeller, type PrevalenceOptions } from './prevalence-run.ts';
import { generateLog } from './testing/generate-log.ts';

const label: Labeller = async (records) => (await checkMany(records, { jobs: 1, setup: 'C0' })).map((r) => ('label' in r ? r.label : { error: r.error.message }));
const base: PrevalenceOptions = { sample: 150, seed: 3, strata: 'model', only: {}, cue: DEFAULT_CUE, reps: 100, level: 0.95, setup: 'C0' };

/** Both passes over every range in turn, then the estimate: what the workers do, without a database. */
async function chunked(file: string, size: number, chunkBytes: number, options: PrevalenceOptions) {
  const ranges = await fileChunkRanges(file, size, chunkBytes);
  const facts = [];
  for (const r of ranges) facts.push(await chunkFacts(file, r, options));
  const plan = planFromFacts(file, facts, options);
  const values = [];
  for (const [i, r] of ranges.entries()) values.push(plan.selected[i]!.length === 0 ? [] : await chunkValues(file, { ...r, firstLine: plan.firstLines[i]! }, plan.selected[i]!, plan.rangeTurns[i]!, options, label));
  return { ranges, plan, ...reportFromValues(plan, options, values) };
}

test('the ranges put together select the same turns and give the same report as the single process, for any range size and options', async () => {
  const bytes = generateLog(800, 21);
  const file = join(mkdtempSync(join(tmpdir(), 'felicity-plan-')), 'logs.jsonl');
  writeFileSync(file, bytes);
  const cases: [number, PrevalenceOptions][] = [
    [1, base],
    [3_000, base],
    [bytes.length, base],
    [2_000, { ...base, only: { language: 'English' }, strata: 'language', sample: Infinity }],
    [5_000, { ...base, sample: 0, seed: 99 }],
  ];
  for (const [chunkBytes, options] of cases) {
    const plan = await planPrevalence(file, options);
    const single = await runPrevalence(plan, options, label);
    const got = await chunked(file, bytes.length, chunkBytes, options);
    const what = `range size ${chunkBytes}, ${JSON.stringify({ ...options, cue: undefined, sample: String(options.sample) })}`;
    if (chunkBytes === 1) assert.equal(got.ranges.length, bytes.filter((b) => b === 10).length, 'one range per line');
    assert.deepEqual(got.plan.design, plan.design, what);
    assert.deepEqual(got.report, single.report, what);
    assert.deepEqual(got.plan.problems, plan.problems.slice(0, 20), what);
    assert.equal(got.plan.problemCount, plan.problems.length, what);
  }
});

test('the stored estimate keeps non-finite numbers, which plain JSON turns into null, and "NaN" strings stay strings', async () => {
  const bytes = generateLog(60, 2);
  const file = join(mkdtempSync(join(tmpdir(), 'felicity-plan-')), 'logs.jsonl');
  writeFileSync(file, bytes);
  const got = await chunked(file, bytes.length, 1_000, base);
  const report = { ...got.report, estimate: { ...got.report.estimate, eitherWithoutCue: Number.NaN } };
  const estimate = { problems: got.plan.problems, problemCount: got.plan.problemCount, report, unlabelled: [{ id: 'NaN', error: 'Infinity' }] };
  assert.deepEqual(decodeEstimate(encodeEstimate(estimate)), estimate);
  assert.deepEqual(decodeEstimate(encodeEstimate({ problems: [], problemCount: 0, failure: 'x', extra: [Infinity, -Infinity, null] } as never)), { problems: [], problemCount: 0, failure: 'x', extra: [Infinity, -Infinity, null] });
});
