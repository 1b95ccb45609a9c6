/**
 * `felicity run` whose SQLite database fills its disk: one line saying so and how to resume, the
 * exit code of a database to fix, and no stack trace; the responses stored before it stay.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startScriptedServer } from '../src/llm/testing/scripted-chat-server.ts';
import { NO_SMALL_DISK, smallDisk } from '../src/cli/testing/small-disk.ts';
import { writeBenchRequests } from './helpers/bench-requests.ts';
import { runCli, storedResponses } from './helpers/cli.ts';
import { gridModel } from './helpers/grid-model.ts';

const canMount = (() => {
  const probe = smallDisk(64);
  probe?.cleanup();
  return probe !== undefined;
})();

test('a full disk during run is one line, exit 2, and what was stored is kept', { skip: !canMount && NO_SMALL_DISK }, async () => {
  const disk = smallDisk(768)!;
  const server = await startScriptedServer(gridModel(), { record: false });
  try {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-disk-full-'));
    const db = path.join(disk.dir, 'r.db');
    const r = await runCli(['run', '--model', `openai-compatible:${server.url}#grid`, '--requests', writeBenchRequests(dir, 293), '--db', db, '--name', 'full', '--setups', 'C0,C1,C2', '--judge', 'rules']);
    assert.equal(r.code, 2, r.stderr);
    assert.doesNotMatch(r.stderr, /\n\s+at |SqliteError/);
    assert.match(r.stderr, /felicity run: database .*r\.db: the disk it is on is full .*run the same command again/);
    assert.ok(storedResponses(db) > 0, 'responses stored before the disk filled are kept');
  } finally {
    await server.close();
    disk.cleanup();
  }
});
