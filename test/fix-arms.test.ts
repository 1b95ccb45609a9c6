/**
 * End to end: the full condition grid with all four fix arms (none, card, guard, reanchor)
 * through `felicity run --judge rules` against a scripted loopback model, killed with SIGKILL
 * mid-way and resumed. Every tuple ends up stored once, with the fix steps of every guarded
 * response; the export tells the arms apart; the guard arms remove the scripted failures.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readSqliteFile, rowsOf } from '../src/store/testing/sqlite-file.ts';
import { tuples, type Grid } from '../src/benchmark/conditions.ts';
import { modelIdentity } from '../src/benchmark/run-config.ts';
import { startScriptedServer } from '../src/llm/testing/scripted-chat-server.ts';
import { benchRequests, writeBenchRequests } from './helpers/bench-requests.ts';
import { runCli, startCli, waitForResponses } from './helpers/cli.ts';
import { fixGridModel } from './helpers/fix-grid-model.ts';
import { loadRuns } from '../src/report/load-run.ts';
import { responseView } from '../src/report/response-view.ts';
import { Store } from '../src/store/index.ts';

const REQUESTS = 40;
const FIXES = ['none', 'card', 'guard', 'reanchor'] as const;

function expectedIds(model: string): Set<string> {
  const grid: Grid = {
    models: [modelIdentity(model)],
    setups: ['C0', 'C1', 'C2', 'C3', 'C4'],
    variants: ['inferred', 'stated'],
    personas: ['generic', 'support'],
    fixes: [...FIXES],
    samples: 1,
  };
  return new Set([...tuples(benchRequests(REQUESTS) as { id: string }[], grid)].map((t) => t.responseId));
}

function query<T>(db: string, sql: string): T[] {
  return readSqliteFile(db, (conn) => rowsOf<T>(conn, sql));
}

const stamps = (db: string) => new Map(query<{ response_id: string; created_at: string }>(db, 'SELECT response_id, created_at FROM responses').map((r) => [r.response_id, r.created_at]));

test('all four fix arms over the full grid: killed, resumed, nothing lost, arms told apart', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-fixes-'));
  const db = path.join(dir, 'run.db');
  const requests = writeBenchRequests(dir, REQUESTS);
  const server = await startScriptedServer(fixGridModel(4), { record: false });
  const model = `openai-compatible:${server.url}#grid`;
  const args = ['run', '--model', model, '--requests', requests, '--db', db, '--name', 'fixes', '--fixes', FIXES.join(','), '--judge', 'rules', '--concurrency', '4'];
  const expected = expectedIds(model);
  assert.equal(expected.size, REQUESTS * 5 * 2 * (2 + 3));
  try {
    const first = startCli(args);
    await waitForResponses(db, 500, first);
    first.child.kill('SIGKILL');
    assert.equal((await first.done).signal, 'SIGKILL');
    const before = stamps(db);
    assert.ok(before.size >= 500 && before.size < expected.size, `mid-way: ${before.size} of ${expected.size}`);

    const second = await runCli(args);
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stderr, new RegExp(`${before.size} already finished`));
    const after = stamps(db);
    assert.deepEqual(new Set(after.keys()), expected);
    for (const [id, created] of before) assert.equal(after.get(id), created, id);

    // Every guarded response has its steps (saved in the same transaction), and only those.
    const orphans = query<{ n: number }>(db, `SELECT COUNT(*) AS n FROM responses r LEFT JOIN fix_steps f USING (run_id, response_id)
      WHERE (r.fix IN ('guard', 'reanchor')) != (f.response_id IS NOT NULL)`);
    assert.equal(orphans[0]!.n, 0);

    // The guard arms leave no failure; the baseline keeps the scripted ones.
    const failures = new Map(query<{ fix: string; n: number }>(db, 'SELECT r.fix, SUM(j.failure) AS n FROM responses r JOIN judgments j USING (run_id, response_id) GROUP BY r.fix').map((r) => [r.fix, r.n]));
    assert.equal(failures.get('guard'), 0);
    assert.equal(failures.get('reanchor'), 0);
    assert.ok((failures.get('none') ?? 0) > 0);
    // Re-anchoring made every unanchored C2 reminder a real create_reminder call.
    const c2 = query<{ outcome: string; n: number }>(db, `SELECT j.outcome, COUNT(*) AS n FROM responses r JOIN judgments j USING (run_id, response_id)
      WHERE r.fix = 'reanchor' AND r.setup = 'C2' GROUP BY 1`);
    assert.deepEqual(c2, [{ outcome: 'anchored', n: REQUESTS * 2 }]);

    // The stored turn holds the re-anchoring call and its mocked result (pile 1 drafts without the call).
    const [stored] = query<{ messages: string }>(db, `SELECT messages FROM responses WHERE response_id LIKE 'rq-0001/C2/inferred/generic/reanchor@%'`);
    const turn = JSON.parse(stored!.messages) as { role: string; content: string | null; tool_calls?: { function: { name: string } }[] }[];
    assert.deepEqual(turn.map((m) => m.role), ['system', 'user', 'assistant', 'tool', 'assistant']);
    assert.equal(turn[2]!.tool_calls?.[0]?.function.name, 'create_reminder');
    assert.deepEqual(JSON.parse(turn[3]!.content!), { status: 'created', reminder_id: 'rem-001' });

    // Extra model calls per 100 responses, from the stored steps; the run prints the same.
    const calls = query<{ fix: string; responses: number; extra: number }>(db, 'SELECT fix, COUNT(*) AS responses, SUM(extra_calls) AS extra FROM fix_steps GROUP BY fix ORDER BY fix');
    for (const c of calls) {
      const per100 = ((100 * c.extra) / c.responses).toFixed(1);
      t.diagnostic(`${c.fix}: ${c.extra} extra model calls over ${c.responses} responses = ${per100} per 100`);
      assert.match(second.stderr, new RegExp(`fix ${c.fix}: \\d+ of ${c.responses} replies changed, ${c.extra} extra model calls \\(${per100} per 100 responses\\)`));
    }
    assert.deepEqual(calls.map((c) => [c.fix, c.responses]), [['guard', REQUESTS * 10], ['reanchor', REQUESTS * 10]]);

    const exported = await runCli(['export', 'fixes', '--db', db]);
    assert.equal(exported.code, 0, exported.stderr);
    const records = exported.stdout.trim().split('\n').map((line) => JSON.parse(line) as { id: string; fix: string; variant: string });
    const byFix = new Map<string, number>();
    for (const r of records) {
      byFix.set(r.fix, (byFix.get(r.fix) ?? 0) + 1);
      assert.ok(r.id.includes(`/${r.fix}@`), r.id);
      if (r.fix !== 'none') assert.equal(r.variant, 'inferred');
    }
    assert.deepEqual(Object.fromEntries(byFix), { none: REQUESTS * 20, card: REQUESTS * 10, guard: REQUESTS * 10, reanchor: REQUESTS * 10 });

    // The report's list shows each guarded arm's draft beside the reply sent, and each call's result.
    const store = await Store.open(db);
    try {
      const views = (await loadRuns(store, ['fixes'], 'rules', new Map())).responses.map(responseView);
      const changed = views.filter((v) => v.guard !== null && v.guard.action !== 'none');
      assert.ok(changed.length > 0 && changed.every((v) => v.fix === 'guard' || v.fix === 'reanchor'));
      assert.ok(changed.every((v) => v.guard!.draft !== v.reply && v.guard!.draftOutcome !== null), 'a changed reply is shown with the draft it replaced');
      assert.ok(views.every((v) => (v.guard !== null) === (v.fix === 'guard' || v.fix === 'reanchor')));
      const reanchored = views.find((v) => v.id.startsWith('rq-0001/C2/inferred/generic/reanchor@'))!;
      assert.deepEqual(reanchored.calls.map((c) => [c.name, c.result === null ? null : JSON.parse(c.result)]), [['create_reminder', { status: 'created', reminder_id: 'rem-001' }]]);
    } finally {
      await store.close();
    }
  } finally {
    await server.close();
  }
});

test('--fixes refuses unknown fixes and fixes without the inferred variant, in one line', async () => {
  const unknown = await runCli(['run', '--model', 'ollama:m', '--fixes', 'none,C']);
  assert.equal(unknown.code, 2, unknown.stderr);
  assert.match(unknown.stderr, /^felicity run: --fixes: unknown value "C" \(expected none, card, guard, reanchor\)\n$/);
  const stated = await runCli(['run', '--model', 'ollama:m', '--fixes', 'card', '--variants', 'stated']);
  assert.equal(stated.code, 2, stated.stderr);
  assert.match(stated.stderr, /^felicity run: --fixes: fixes other than none run on the inferred variant; add inferred to --variants\n$/);
});
