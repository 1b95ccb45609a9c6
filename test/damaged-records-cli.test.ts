/**
 * A felicity database whose JSON text was damaged by hand or by another tool (a shared PostgreSQL
 * database is writable by a whole team): truncated messages, messages that are an object, usage
 * with NaN, a label that is not JSON. `export`, `judge` and `report` each answer one line naming
 * the damaged record and its field, and exit 2: no stack trace.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startScriptedServer } from '../src/llm/testing/scripted-chat-server.ts';
import { writeBenchRequests } from './helpers/bench-requests.ts';
import { runCli } from './helpers/cli.ts';
import { gridModel } from './helpers/grid-model.ts';

const SQLITE = '/usr/bin/sqlite3';
const skip = !fs.existsSync(SQLITE) && `${SQLITE} is absent (it edits the database from outside felicity)`;

async function storedRun(): Promise<{ dir: string; db: string; ids: string[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-damaged-'));
  const db = path.join(dir, 'r.db');
  const server = await startScriptedServer(gridModel(), { record: false });
  try {
    const made = await runCli(['run', '--model', `openai-compatible:${server.url}#grid`, '--requests', writeBenchRequests(dir, 4), '--db', db, '--name', 'v', '--setups', 'C0', '--judge', 'rules']);
    assert.equal(made.code, 0, made.stderr);
  } finally {
    await server.close();
  }
  const ids = execFileSync(SQLITE, [db, 'SELECT response_id FROM responses ORDER BY response_id'], { encoding: 'utf8' }).trim().split('\n');
  return { dir, db, ids };
}

const DAMAGE: [string, (id: string) => string, RegExp][] = [
  ['truncated messages', (id) => `UPDATE responses SET messages = '[{"role":"user","content":"Remi' WHERE response_id = '${id}'`, /field messages.*not valid JSON/],
  ['messages that are an object', (id) => `UPDATE responses SET messages = '{"role":"user","content":"hi"}' WHERE response_id = '${id}'`, /field messages.*expected a list/],
  ['usage with NaN', (id) => `UPDATE responses SET usage = '{"total_tokens": NaN}' WHERE response_id = '${id}'`, /field usage.*not valid JSON/],
  ['a label that is not JSON', (id) => `UPDATE judgments SET label = 'outcome: empty' WHERE response_id = '${id}'`, /field label.*not valid JSON/],
];

for (const [what, damage, expected] of DAMAGE) {
  test(`${what}: export, judge and report name the record in one line, exit 2`, { skip }, async () => {
    const { dir, db, ids } = await storedRun();
    const victim = ids[1]!;
    execFileSync(SQLITE, [db, damage(victim)]);
    const commands: string[][] = [['export', 'v', '--db', db, '--format', 'jsonl', '--out', path.join(dir, 'out.jsonl')]];
    // The report reads messages and labels, not usage.
    if (!what.includes('usage')) commands.push(['report', 'v', '--db', db, '--out', path.join(dir, 'report'), '--requests', path.join(dir, 'requests-4.jsonl')]);
    // Relabelling reads the messages and usage, not the old labels.
    if (!what.includes('label')) commands.push(['judge', 'v', '--db', db, '--engine', 'rules', '--force']);
    for (const args of commands) {
      const r = await runCli(args);
      assert.equal(r.code, 2, `${args[0]}: ${r.stderr}`);
      assert.doesNotMatch(r.stderr, /\n\s+at /, `${args[0]}: a stack trace`);
      assert.match(r.stderr, new RegExp(`response "${victim}"`), `${args[0]}: ${r.stderr}`);
      assert.match(r.stderr, expected, `${args[0]}: ${r.stderr}`);
    }
  });
}
