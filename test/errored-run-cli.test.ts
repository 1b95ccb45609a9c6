/**
 * A run whose every model call failed (the server rejected them all): there is nothing to label
 * or report, and `report` and `judge` say so, with how to redo them, instead of sending the
 * user from one to the other.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Store } from '../src/store/index.ts';
import { felicity } from './helpers/felicity-bin.ts';

/** Run "failed" in a new database: `n` responses, each with the error its model call ended in. */
async function failedRun(n: number): Promise<string> {
  const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-failedrun-')), 'r.db');
  const store = await Store.open(db);
  const { id } = await store.runs.create({ name: 'failed', config: '{}', request_set_hash: 'h', code_version: 'v' });
  for (let i = 0; i < n; i++) {
    await store.saveResponse(id, {
      response_id: `resp-${i}`, request_id: `req-${i}`, model: 'm', setup: 'C0', variant: 'inferred', persona: 'generic', fix: 'none',
      sample: 0, category: 'reminder', latency_ms: 1, usage: null, error: 'client (HTTP 400): scripted failure',
      messages: [{ role: 'user', content: 'Remind me tomorrow.' }],
    });
  }
  await store.close();
  return db;
}

const RETRY = /redo them with the command that started the run and --retry-errors \(felicity run … --name failed --db .*r\.db --retry-errors\)/;

test('report on a run whose every model call failed: says so and how to redo them (exit 1), not "run judge"', async () => {
  const db = await failedRun(4);
  const r = await felicity(['report', 'failed', '--db', db, '--out', path.join(path.dirname(db), 'report')]);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /^felicity report: run "failed" has no successful responses: all 4 model calls failed/);
  assert.match(r.stderr, RETRY);
  assert.doesNotMatch(r.stderr, /felicity judge/);
});

test('judge on a run whose every model call failed: nothing to label, says so and how to redo them (exit 1)', async () => {
  const db = await failedRun(3);
  const summaryFile = path.join(path.dirname(db), 'summary.json');
  const r = await felicity(['judge', 'failed', '--engine', 'rules', '--db', db, '--summary-json', summaryFile]);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /felicity judge: run "failed" has no successful responses: all 3 model calls failed; nothing to label/);
  assert.match(r.stderr, RETRY);
  // The summary is written for CI all the same: nothing labelled, three errored.
  const summary = JSON.parse(fs.readFileSync(summaryFile, 'utf8')) as { labelled: number; errored: number; failure_rate: number | null; engine: string | null };
  assert.deepEqual([summary.labelled, summary.errored, summary.failure_rate, summary.engine], [0, 3, null, null]);
});
