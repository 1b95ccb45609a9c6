/**
 * A felicity database whose JSON text was damaged by hand or by another tool (a shared PostgreSQL
 * database is writable by a whole team): truncated messages, messages that are an object, usage
 * with NaN, a label that is not JSON. `export`, `judge` and `report` each say one line per damaged
 * record (the run, the response, its request, the field, what was expected and what was found),
 * go on with every good record, and exit 2 at the end: no stack trace. On SQLite (through
 * node:sqlite, no system binary) and on PostgreSQL when a test server is there.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type PgModule from 'pg';
import { requireOptional } from '../src/optional-packages.ts';
import { startScriptedServer } from '../src/llm/testing/scripted-chat-server.ts';
import { freshPostgresDatabase, postgresSkip } from '../src/store/testing/postgres.ts';
import { openSqliteFile } from '../src/store/testing/sqlite-file.ts';
import { writeBenchRequests } from './helpers/bench-requests.ts';
import { runCli } from './helpers/cli.ts';
import { gridModel } from './helpers/grid-model.ts';

/** A database to damage from outside felicity: SQL run on it, and rows read back. */
interface Backend {
  db: string;
  exec(sql: string, params: string[]): Promise<void>;
  rows(sql: string): Promise<Record<string, string>[]>;
  close(): Promise<void>;
}

function sqliteBackend(dir: string): Backend {
  const db = path.join(dir, 'r.db');
  const open = () => openSqliteFile(db, { readOnly: false });
  return {
    db,
    exec: async (sql, params) => {
      const conn = open();
      try {
        conn.prepare(sql).run(...params);
      } finally {
        conn.close();
      }
    },
    rows: async (sql) => {
      const conn = open();
      try {
        return conn.prepare(sql).all().map((row) => ({ ...row }) as Record<string, string>);
      } finally {
        conn.close();
      }
    },
    close: async () => {},
  };
}

async function postgresBackend(): Promise<Backend> {
  const database = await freshPostgresDatabase('felicity_damaged');
  const pg = requireOptional<typeof PgModule>('pg', 'the PostgreSQL store');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  return {
    db: database.url,
    exec: async (sql, params) => {
      // One placeholder: SQLite's `?` is PostgreSQL's `$1`.
      await client.query(sql.replace('?', '$1'), params);
    },
    rows: async (sql) => (await client.query<Record<string, string>>(sql)).rows,
    close: async () => {
      await client.end();
      await database.drop();
    },
  };
}

/** A run of six responses labelled by the rules, stored in `backend`. */
async function storedRun(dir: string, backend: Backend): Promise<{ requests: string; responses: { response_id: string; request_id: string }[] }> {
  const requests = writeBenchRequests(dir, 6);
  const server = await startScriptedServer(gridModel(), { record: false });
  try {
    const made = await runCli(['run', '--model', `openai-compatible:${server.url}#grid`, '--requests', requests, '--db', backend.db, '--name', 'v', '--setups', 'C0', '--judge', 'rules']);
    assert.equal(made.code, 0, made.stderr);
  } finally {
    await server.close();
  }
  const responses = (await backend.rows('SELECT response_id, request_id FROM responses ORDER BY response_id')) as { response_id: string; request_id: string }[];
  assert.ok(responses.length >= 4, `${responses.length} responses`);
  return { requests, responses };
}

const DAMAGE: [string, string, RegExp][] = [
  ['truncated messages', `UPDATE responses SET messages = '[{"role":"user","content":"Remi' WHERE response_id = ?`, /field messages is damaged: expected a list, got text that is not valid JSON/],
  ['messages that are an object', `UPDATE responses SET messages = '{"role":"user","content":"hi"}' WHERE response_id = ?`, /field messages is damaged: expected a list, got an object/],
  ['usage with NaN', `UPDATE responses SET usage = '{"total_tokens": NaN}' WHERE response_id = ?`, /field usage is damaged: expected an object, got text that is not valid JSON/],
  ['a label that is not JSON', `UPDATE judgments SET label = 'outcome: empty' WHERE response_id = ?`, /field label is damaged: expected an object, got text that is not valid JSON/],
];

async function damagedRecordsKeepTheRest(backend: Backend, dir: string, what: string, damage: string, expected: RegExp): Promise<void> {
  const { requests, responses } = await storedRun(dir, backend);
  // Two damaged records, not next to each other: the first must not stop the command.
  const victims = [responses[1]!, responses[3]!];
  for (const victim of victims) await backend.exec(damage, [victim.response_id]);
  const good = responses.length - victims.length;
  const out = path.join(dir, 'out.jsonl');
  const commands: [string[], (stderr: string) => void][] = [
    [
      ['export', 'v', '--db', backend.db, '--format', 'jsonl', '--out', out],
      (stderr) => {
        const exported = fs.readFileSync(out, 'utf8').trim().split('\n').map((line) => (JSON.parse(line) as { id: string }).id);
        assert.deepEqual(exported, responses.filter((r) => !victims.includes(r)).map((r) => r.response_id));
        assert.match(stderr, new RegExp(`felicity export: ${good} responses`));
      },
    ],
  ];
  // The report reads messages and labels, not usage.
  if (!what.includes('usage')) {
    commands.push([['report', 'v', '--db', backend.db, '--out', path.join(dir, 'report'), '--requests', requests], (stderr) => assert.match(stderr, new RegExp(`read ${good} responses`))]);
  }
  // Relabelling reads the messages and usage, not the old labels.
  if (!what.includes('label')) {
    commands.push([['judge', 'v', '--db', backend.db, '--engine', 'rules', '--force'], (stderr) => assert.match(stderr, new RegExp(`felicity judge: ${good} responses labelled`))]);
  }
  for (const [args, keptTheRest] of commands) {
    const r = await runCli(args);
    const command = args[0]!;
    assert.equal(r.code, 2, `${command}: ${r.stderr}`);
    assert.doesNotMatch(r.stderr, /\n\s+at /, `${command}: a stack trace`);
    for (const victim of victims) {
      const said = r.stderr.split('\n').filter((line) => line.includes(`response "${victim.response_id}"`));
      assert.equal(said.length, 1, `${command}: one line for ${victim.response_id}:\n${r.stderr}`);
      assert.match(said[0]!, new RegExp(`^felicity ${command}: run "v": response "${victim.response_id}" \\(request "${victim.request_id}"\\): `));
      assert.match(said[0]!, expected, `${command}: ${said[0]}`);
    }
    assert.match(r.stderr, new RegExp(`felicity ${command}: 2 damaged records skipped`), `${command}: ${r.stderr}`);
    keptTheRest(r.stderr);
  }
}

for (const [what, damage, expected] of DAMAGE) {
  test(`SQLite, ${what}: export, judge and report say one line per damaged record, keep every good one, exit 2`, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-damaged-'));
    const backend = sqliteBackend(dir);
    try {
      await damagedRecordsKeepTheRest(backend, dir, what, damage, expected);
    } finally {
      await backend.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test(`PostgreSQL, ${what}: the same`, async (t) => {
    const skip = await postgresSkip();
    if (skip) return t.skip(skip);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-damaged-pg-'));
    const backend = await postgresBackend();
    try {
      await damagedRecordsKeepTheRest(backend, dir, what, damage, expected);
    } finally {
      await backend.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
}
