import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { syntheticRun } from './testing/synthetic-run.ts';
import { writeReport } from './write-report.ts';

const responses = syntheticRun({ models: 2, requests: 40, seed: 3, fixes: ['none', 'card'] });

async function tables(seed: number): Promise<Map<string, string>> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-tables-'));
  const report = await writeReport(responses, { out, formats: new Set(['md', 'csv', 'json']), reps: 200, seed, engine: 'synthetic', title: 't' });
  return new Map(report.files.map((f) => [f, fs.readFileSync(path.join(out, f), 'utf8')]));
}

test('the same seed writes byte-identical tables; another seed other intervals, same values', async () => {
  const first = await tables(5);
  const again = await tables(5);
  const other = await tables(6);
  assert.deepEqual([...first.keys()].sort(), ['md', 'csv', 'json'].flatMap((ext) => ['arms', 'table12', 'table13', 'table5'].map((t) => `tables/${t}.${ext}`)).sort());
  assert.deepEqual(first, again);
  assert.notEqual(first.get('tables/table13.md'), other.get('tables/table13.md'));
  const values = (text: string) => (JSON.parse(text) as { rows: Record<string, { value?: unknown } | unknown>[] }).rows.map((r) => JSON.stringify(Object.values(r).map((v) => (v !== null && typeof v === 'object' ? (v as { value: unknown }).value : v))));
  assert.deepEqual(values(first.get('tables/table13.json')!), values(other.get('tables/table13.json')!));
});

test('nothing judged: the report says so instead of writing empty tables', async () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-none-'));
  const unjudged = responses.slice(0, 5).map((r) => ({ ...r, label: null }));
  await assert.rejects(writeReport(unjudged, { out, formats: new Set(['md']), reps: 10, seed: 1, engine: 'x', title: 't' }), /none of the 5 responses has a label/);
});
