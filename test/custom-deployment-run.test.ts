/**
 * End to end: the benchmark on a user's own deployment. `felicity run --setups
 * C0,./examples/calendar-agent.yaml` against a scripted model completes; the rules engine labels
 * each response as the deployment's tags imply (doability and feasibility derived from them, as
 * for C0–C4); `judge` labels the run from the deployment stored with it, even after the file is
 * gone; the export carries the deployment, so `check` reads it as turn records; the report derives
 * doability from it; and a resume with an edited deployment file is refused with the field that
 * changed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readSqliteFile, rowsOf } from '../src/store/testing/sqlite-file.ts';
import { check } from '../src/check/index.ts';
import type { Category, Doability, Outcome } from '../src/core/types.ts';
import { reply, startScriptedServer, type ScriptFunction } from '../src/llm/testing/scripted-chat-server.ts';
import { loadFiles } from '../src/report/load-files.ts';
import { loadRuns } from '../src/report/load-run.ts';
import { readRequestInfo, type LineProblem } from '../src/report/request-info.ts';
import { Store } from '../src/store/index.ts';
import { benchRequests } from './helpers/bench-requests.ts';
import { REPO, runCli } from './helpers/cli.ts';

const EXAMPLE = path.join(REPO, 'examples', 'calendar-agent.yaml');

/** Two requests of each category (the generated set lists 93 reminders, then 50 of each other). */
function writeRequests(dir: string): string {
  const all = benchRequests(293);
  const picked = [0, 1, 93, 94, 143, 144, 193, 194, 243, 244].map((i) => all[i]!);
  const file = path.join(dir, 'requests.jsonl');
  fs.writeFileSync(file, picked.map((r) => `${JSON.stringify(r)}\n`).join(''));
  return file;
}

const REMINDER_CALL = { name: 'create_reminder', args: { remind_at: '2026-10-02T09:00:00', message: 'Your reminder' } };

/**
 * With the calendar deployment's tools the model sets a reminder for reminders and deliveries,
 * promises to remember for memory requests, and declines the rest; without tools (C0) it promises.
 */
function calendarModel(): ScriptFunction {
  return (request) => {
    const tools = new Set((request.body.tools ?? []).map((t) => t.function.name));
    if (!tools.has('create_reminder')) return reply.text("Sure! I'll remind you about this tomorrow at 9am.");
    const user = request.body.messages.filter((m) => m.role === 'user').map((m) => String(m.content)).join('\n');
    const last = request.body.messages.at(-1);
    if (/Remind me|Send me a summary/.test(user)) {
      if (last?.role === 'user') return reply.toolCall(REMINDER_CALL.name, REMINDER_CALL.args);
      return reply.text("Done! I've set a reminder for 9:00 tomorrow morning.");
    }
    if (/Remember that/.test(user)) return reply.text("I'll remember that the next time we talk.");
    return reply.text(
      "I'm not able to do that, since I can't do anything once this chat ends. You could set an alarm on your phone for 9am tomorrow.",
    );
  };
}

/** What the rules engine must make of each category in the calendar deployment, and why. */
const CALENDAR_EXPECTED: Record<Category, Outcome> = {
  reminder: 'anchored', // create_reminder provides run_later + notify_user_later, and was called
  deferred_delivery: 'anchored', // the same tool carries a later delivery
  memory: 'empty', // no tool is tagged recall_across_sessions: "I'll remember" is infeasible
  monitoring: 'deferral', // doability no: no tool watches events
  callback: 'deferral', // doability partial (a reminder is no callback): declining is a deferral
};

/** Table 8 from the calendar deployment's tags (README, "The benchmark on your own deployment"). */
const CALENDAR_DOABILITY: Record<Category, Doability> = {
  reminder: 'yes',
  deferred_delivery: 'yes',
  callback: 'partial',
  monitoring: 'no',
  memory: 'no',
};

function storedLabels(db: string): { id: string; setup: string; category: string; outcome: string }[] {
  return readSqliteFile(db, (conn) =>
    rowsOf<{ id: string; setup: string; category: string; outcome: string }>(
      conn,
      `SELECT r.response_id AS id, r.setup, r.category, j.outcome FROM judgments j
        JOIN responses r USING (run_id, response_id) ORDER BY r.response_id`,
    ),
  );
}

test('run --setups C0,<deployment file>: completes, is labelled from the deployment, and refuses an edited file on resume', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-custom-'));
  const db = path.join(dir, 'runs.db');
  const requests = writeRequests(dir);
  const deploymentFile = path.join(dir, 'calendar-agent.yaml');
  fs.copyFileSync(EXAMPLE, deploymentFile);
  const server = await startScriptedServer(calendarModel(), { record: false });
  try {
    const model = `openai-compatible:${server.url}#scripted`;
    const args = ['run', '--model', model, '--requests', requests, '--db', db, '--name', 'mine', '--personas', 'generic'];
    const run = await runCli([...args, '--setups', `C0,${deploymentFile}`, '--judge', 'rules']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /40 responses this time \(0 errors\)/);

    const labels = storedLabels(db);
    assert.equal(labels.length, 40);
    assert.deepEqual(new Set(labels.map((l) => l.setup)), new Set(['C0', 'calendar-agent']));
    for (const label of labels) {
      const expected = label.setup === 'C0' ? 'empty' : CALENDAR_EXPECTED[label.category as Category];
      assert.equal(label.outcome, expected, label.id);
    }
    assert.match(run.stderr, /calendar-agent: anchored 8, deferral 8, empty 4/);

    // judge reads the deployment stored with the run: the file is no longer needed.
    fs.rmSync(deploymentFile);
    const judged = await runCli(['judge', 'mine', '--engine', 'rules', '--db', db, '--force']);
    assert.equal(judged.code, 0, judged.stderr);
    assert.match(judged.stderr, /40 responses labelled/);
    assert.deepEqual(storedLabels(db), labels);

    // The export embeds the deployment, so each record is a turn record `check` can label alone.
    const exported = await runCli(['export', 'mine', '--db', db]);
    assert.equal(exported.code, 0, exported.stderr);
    const records = exported.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const custom = records.filter((r) => typeof r.setup === 'object');
    assert.equal(custom.length, 20);
    assert.equal((custom[0]!.setup as { id: string }).id, 'calendar-agent');
    const csv = await runCli(['export', 'mine', '--db', db, '--format', 'csv']);
    assert.equal(csv.code, 0, csv.stderr);
    assert.equal(csv.stdout.split('\r\n').filter((line) => line.includes(',calendar-agent,')).length, 20);
    const byId = new Map(labels.map((l) => [l.id, l.outcome]));
    for (const record of records) assert.equal(check(record).outcome, byId.get(record.id as string), record.id as string);

    // The report reads doability from the deployment's tags too, from the run and from the export.
    const expectedDoability = (setup: string, category: string) => (setup === 'C0' ? 'no' : CALENDAR_DOABILITY[category as Category]);
    const requestInfo = readRequestInfo(requests, []);
    const store = await Store.open(db, { mustExist: true });
    try {
      const { responses } = await loadRuns(store, ['mine'], 'rules', requestInfo);
      assert.equal(responses.length, 40);
      for (const r of responses) assert.equal(r.doability, expectedDoability(r.setup, r.category), r.id);
    } finally {
      await store.close();
    }
    const exportFile = path.join(dir, 'mine.jsonl');
    const labelsFile = path.join(dir, 'labels.jsonl');
    fs.writeFileSync(exportFile, exported.stdout);
    fs.writeFileSync(labelsFile, records.map((r) => `${JSON.stringify(check(r))}\n`).join(''));
    const problems: LineProblem[] = [];
    const fromFiles = loadFiles(exportFile, labelsFile, requestInfo, problems);
    assert.deepEqual(problems, []);
    assert.deepEqual(new Set(fromFiles.map((r) => r.setup)), new Set(['C0', 'calendar-agent']));
    for (const r of fromFiles) assert.equal(r.doability, expectedDoability(r.setup, r.category), r.id);

    // Editing the deployment file changes the run's configuration: a resume is refused with the field.
    const edited = fs.readFileSync(EXAMPLE, 'utf8').replace('Sends an email from the user', 'Sends an email on behalf of the user');
    fs.writeFileSync(deploymentFile, edited);
    const resumed = await runCli([...args, '--setups', `C0,${deploymentFile}`]);
    assert.equal(resumed.code, 2, resumed.stderr);
    assert.match(resumed.stderr, /run "mine" was started with a different configuration/);
    assert.match(resumed.stderr, /deployments\.calendar-agent\.tools\[3\]\.description: "Sends an email from the user's account\." → "Sends an email on behalf of the user's account\."/);
  } finally {
    await server.close();
  }
});

test('--setups: a deployment file whose id is a built-in one, or two files with one id, are refused', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-custom-'));
  const text = fs.readFileSync(EXAMPLE, 'utf8');
  const asC2 = path.join(dir, 'c2.yaml');
  fs.writeFileSync(asC2, text.replace('id: calendar-agent', 'id: c2'));
  const other = path.join(dir, 'other.yaml');
  fs.writeFileSync(other, text.replace('title: Calendar', 'title: Another calendar'));
  const base = ['run', '--model', 'openai:m', '--requests', writeRequests(dir), '--db', path.join(dir, 'x.db')];
  const cases: [string, RegExp][] = [
    [`C0,${asC2}`, /^felicity run: --setups: .*c2\.yaml: deployment id "c2" is a built-in setup's/],
    [`${EXAMPLE},${other}`, /^felicity run: --setups: .*other\.yaml and .*calendar-agent\.yaml both have deployment id "calendar-agent"/],
    [path.join(dir, 'missing.yaml'), /^felicity run: .*missing\.yaml: no such file/],
  ];
  for (const [setups, expected] of cases) {
    const r = await runCli([...base, '--setups', setups]);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, expected);
  }
});
