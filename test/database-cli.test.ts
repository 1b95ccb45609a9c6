/**
 * Databases felicity cannot use, as every command meets them: damaged (pages zeroed, bits
 * flipped) and missing felicity's own tables (`schema_version`, `judgments` dropped). Each is the
 * one line of README ("A `--db` that cannot be used…") with exit code 2, never a SqliteError.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqliteFile } from '../src/store/testing/sqlite-file.ts';
import { Store } from '../src/store/index.ts';
import { writeBenchRequests } from './helpers/bench-requests.ts';
import { startScriptedServer } from '../src/llm/testing/scripted-chat-server.ts';
import { felicity } from './helpers/felicity-bin.ts';
import { gridModel } from './helpers/grid-model.ts';

/** A judged run "r" of 300 responses, checkpointed into one file so its pages can be damaged. */
async function judgedDatabase(file: string): Promise<Buffer> {
  const store = await Store.open(file);
  const { id } = await store.runs.create({ name: 'r', config: '{}', request_set_hash: 'h', code_version: 'v' });
  for (let i = 0; i < 300; i++) {
    await store.saveResponse(
      id,
      {
        response_id: `resp-${i}`, request_id: `req-${i}`, model: 'm', setup: 'C0', variant: 'inferred', persona: 'generic', fix: 'none',
        sample: 0, category: 'reminder', latency_ms: 1, usage: null, error: null,
        messages: [{ role: 'user', content: 'Remind me tomorrow.' }, { role: 'assistant', content: `Sure, I will remind you. ${'x'.repeat(500)}` }],
      },
      { response_id: `resp-${i}`, engine: 'rules', prompt_hashes: {}, label: { outcome: 'empty', failure: true } as never },
    );
  }
  await store.close();
  const conn = openSqliteFile(file, { readOnly: false });
  conn.exec('PRAGMA journal_mode = DELETE'); // folds the WAL into the file
  conn.close();
  return fs.readFileSync(file);
}

async function damagedDatabases(dir: string): Promise<Record<string, string>> {
  const good = await judgedDatabase(path.join(dir, 'good.db'));
  const files: Record<string, string> = {};
  const write = (name: string, bytes: Buffer) => fs.writeFileSync((files[name] = path.join(dir, `${name}.db`)), bytes);
  write('zeroed', Buffer.from(good).fill(0, 4096 * 5, 4096 * 40));
  const flipped = Buffer.from(good);
  for (let i = 4096 * 3; i < flipped.length; i += 997) flipped[i]! ^= 0x5a;
  write('flipped', flipped);
  for (const table of ['schema_version', 'judgments']) {
    write(`no-${table}`, good);
    const conn = openSqliteFile(files[`no-${table}`]!, { readOnly: false });
    conn.exec(`DROP TABLE ${table}`);
    conn.close();
  }
  return files;
}

test('damaged databases and ones missing felicity tables: one line, exit 2, in report, export, judge and run', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-dbcli-'));
  const requests = writeBenchRequests(dir, 1);
  // A server that answers, so that `run` gets past its endpoint check to the database.
  const server = await startScriptedServer(gridModel());
  t.after(() => server.close());
  const commands: [string, string[]][] = [
    ['report', ['report', 'r', '--out', path.join(dir, 'report')]],
    ['export', ['export', 'r']],
    ['judge', ['judge', 'r', '--engine', 'rules']],
    ['run', ['run', '--name', 'r', '--model', `openai-compatible:${server.url}#grid`, '--requests', requests]],
  ];
  const expected: Record<string, RegExp> = {
    zeroed: /the database is damaged or cut short/,
    flipped: /the database is damaged or cut short/,
    'no-schema_version': /is not a felicity database, or felicity's tables in it were changed \(schema_version is missing\)/,
    'no-judgments': /is not a felicity database, or felicity's tables in it were changed \(judgments is missing\)/,
  };
  for (const [name, db] of Object.entries(await damagedDatabases(dir))) {
    for (const [command, args] of commands) {
      const r = await felicity([...args, '--db', db]);
      const what = `${command} on ${name}: ${r.stderr.slice(0, 1500)}`;
      assert.equal(r.code, 2, what);
      assert.match(r.stderr, new RegExp(`^felicity ${command}: database ${db.replaceAll('.', '\\.')}: `), what);
      assert.match(r.stderr, expected[name]!, what);
      assert.equal(r.stderr.trim().split('\n').length, 1, what);
    }
  }
});
