/**
 * Checks against the real corpora in ../shared/data, which users' clones do not have: every mined
 * request's provenance must point at the row it claims, and the miner must find known rows.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { readCorpusRows, type Corpus, type CorpusRow } from './corpus-rows.ts';
import { loadRequests } from './validate-requests.ts';
import { mineCandidates } from './mine-requests.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SHARED = process.env.FELICITY_SHARED_DATA ?? join(ROOT, '../shared/data');
const skip = existsSync(SHARED) ? false : `${SHARED} is absent (the public corpora live outside the repository)`;

async function rowsOf(corpus: Corpus, file: string): Promise<Map<string, CorpusRow>> {
  const path = join(SHARED, corpus, file);
  const rows = readCorpusRows(corpus, await readFile(path, 'utf8'), path);
  return new Map(rows.map((r) => [`${r.id_field}:${r.row_id}`, r]));
}

test('every mined v1 request matches its corpus row (text and intent)', { skip }, async () => {
  const { records } = await loadRequests(join(ROOT, 'data/requests/v1.jsonl'));
  const cache = new Map<string, Map<string, CorpusRow>>();
  let checked = 0;
  for (const r of records) {
    if (r.source !== 'slurp' && r.source !== 'bitext') continue;
    const p = r.provenance;
    const key = `${p.corpus}/${p.file}`;
    if (!cache.has(key)) cache.set(key, await rowsOf(p.corpus as Corpus, p.file));
    const row = cache.get(key)!.get(`${p.id_field}:${p.row_id}`);
    assert.ok(row, `${r.id}: ${key} ${p.id_field} ${p.row_id} not found`);
    assert.equal(row.text, p.original, r.id);
    assert.equal(row.intent, p.intent, r.id);
    checked += 1;
  }
  assert.equal(checked, 145);
});

test('mining the real SLURP devel split finds calendar_set reminders', { skip }, async () => {
  const rows = [...(await rowsOf('slurp', 'devel.jsonl')).values()];
  const candidates = mineCandidates(rows);
  const hit = candidates.find((c) => c.provenance.row_id === 7279);
  assert.equal(hit?.category_guess, 'reminder');
  assert.equal(hit?.text, 'remind me to pick up the laundry next monday');
});
