/**
 * `felicity judge --engine rules --jobs N`: a stored run labelled on worker threads stores the
 * same labels as one thread, response by response.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readSqliteFile, rowsOf } from '../src/store/testing/sqlite-file.ts';
import { startScriptedServer } from '../src/llm/testing/scripted-chat-server.ts';
import { writeBenchRequests } from './helpers/bench-requests.ts';
import { runCli } from './helpers/cli.ts';
import { gridModel } from './helpers/grid-model.ts';

function storedLabels(db: string): Map<string, string> {
  const rows = readSqliteFile(db, (conn) => rowsOf<{ response_id: string; label: string }>(conn, 'SELECT response_id, label FROM judgments ORDER BY response_id'));
  return new Map(rows.map((r) => [r.response_id, r.label]));
}

test('judge --engine rules on two worker threads stores the labels one thread stores', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-judge-jobs-'));
  const db = path.join(dir, 'run.db');
  const server = await startScriptedServer(gridModel(), { record: false });
  try {
    const requests = writeBenchRequests(dir, 20);
    const run = await runCli(['run', '--model', `openai-compatible:${server.url}#grid`, '--requests', requests, '--db', db, '--name', 'g', '--fixes', 'none']);
    assert.equal(run.code, 0, run.stderr);

    const one = await runCli(['judge', 'g', '--engine', 'rules', '--db', db, '--jobs', '1']);
    assert.equal(one.code, 0, one.stderr);
    assert.match(one.stderr, /400 responses labelled/);
    const byOne = storedLabels(db);
    assert.equal(byOne.size, 400);

    const two = await runCli(['judge', 'g', '--engine', 'rules', '--db', db, '--jobs', '2', '--force']);
    assert.equal(two.code, 0, two.stderr);
    assert.match(two.stderr, /400 responses labelled/);
    assert.deepEqual(storedLabels(db), byOne);
    assert.equal(two.stderr.split('\n').slice(1).join('\n'), one.stderr.split('\n').slice(1).join('\n'), 'the same outcome counts');
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
