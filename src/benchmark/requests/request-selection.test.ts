import { test } from 'node:test';
import assert from 'node:assert/strict';
import { benchRequests } from '../../../test/helpers/bench-requests.ts';
import type { RunConfig } from '../run-config.ts';
import type { RequestRecord } from './request-record.ts';
import { requestSetHash } from './request-set-hash.ts';
import { extensionProblem, selectRequests, type Selection } from './request-selection.ts';

const file = benchRequests(293) as RequestRecord[];

function runOf(records: readonly RequestRecord[], selection: Selection): RunConfig {
  const used = selectRequests(records, selection);
  return {
    grid: { models: ['m'], setups: ['C0'], variants: ['inferred'], personas: ['generic'], fixes: ['none'], samples: 1 },
    requests: { hash: requestSetHash(used), count: used.length, limit: selection.limit, ...(selection.sample ? { sample: selection.sample } : {}) },
    sampling: { temperature: 0.7, max_tokens: null, seed: null, thinking: true },
  };
}

test('a larger limit or sample of the same file extends the run', () => {
  assert.equal(extensionProblem(file, selectRequests(file, { limit: 50 }), runOf(file, { limit: 20 })), undefined);
  const small = runOf(file, { limit: null, sample: { size: 20, seed: 4 } });
  assert.equal(extensionProblem(file, selectRequests(file, { limit: null, sample: { size: 80, seed: 4 } }), small), undefined);
});

test('requests appended to the file extend a run over the whole file', () => {
  const before = runOf(file.slice(0, 100), { limit: null });
  assert.equal(extensionProblem(file, file, before), undefined);
});

test('an edited earlier request, or a selection that drops one, does not', () => {
  const before = runOf(file, { limit: 20 });
  const edited = file.map((r, i) => (i === 3 ? { ...r, request: `${r.request} Please.` } : r));
  assert.match(extensionProblem(edited, selectRequests(edited, { limit: 40 }), before) ?? '', /no longer holds the run's 20 requests unchanged/);
  // Another seed's sample leaves most of the first sample out.
  const sampled = runOf(file, { limit: null, sample: { size: 20, seed: 1 } });
  assert.match(extensionProblem(file, selectRequests(file, { limit: null, sample: { size: 30, seed: 2 } }), sampled) ?? '', /leaves out \d+ of the run's requests/);
});
