/**
 * End to end: the full condition grid (20 conditions) on a spread of requests through `felicity
 * run --judge rules` against the scripted grid model, then `felicity report`. The scripted model
 * does one thing per setup and variant (test/helpers/grid-model.ts), so every table cell is known
 * in advance: C0-inferred replies are all empty commitments, C0-stated all deferrals, C1-inferred
 * all false claims, C2–C4 all anchored.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { check } from '../src/check/index.ts';
import { startScriptedServer } from '../src/llm/testing/scripted-chat-server.ts';
import { benchRequests } from './helpers/bench-requests.ts';
import { REPO, runCli, type Finished } from './helpers/cli.ts';
import { gridModel } from './helpers/grid-model.ts';

function report(args: readonly string[]): Promise<Finished> {
  return runCli(['report', ...args]);
}

/** Six requests of each category, half hand-written and half from a template. */
function requestFile(dir: string): string {
  const all = benchRequests(293);
  const starts = [0, 93, 143, 193, 243];
  const picked = starts.flatMap((s) => all.slice(s, s + 6)).map((r, i) =>
    i % 2 === 0 ? r : { ...r, source: 'template', provenance: { template_id: 'tpl-1', template: 'generated', fills: {} } },
  );
  const file = path.join(dir, 'requests.jsonl');
  fs.writeFileSync(file, picked.map((r) => `${JSON.stringify(r)}\n`).join(''));
  return file;
}

type JsonTable = { rows: Record<string, unknown>[] };
const readTable = (dir: string, id: string) => JSON.parse(fs.readFileSync(path.join(dir, 'tables', `${id}.json`), 'utf8')) as JsonTable;
const exact = (v: number) => ({ value: v, low: v, high: v });

test('full grid, judged with rules, then felicity report: every table holds the counts the script implies', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-report-'));
  const db = path.join(dir, 'grid.db');
  const requests = requestFile(dir);
  const out = path.join(dir, 'report');
  const server = await startScriptedServer(gridModel(), { record: false });
  try {
    const model = `openai-compatible:${server.url}#grid`;
    const run = await runCli(['run', '--model', model, '--requests', requests, '--db', db, '--name', 'grid', '--judge', 'rules', '--concurrency', '8']);
    assert.equal(run.code, 0, run.stderr);

    const done = await report(['grid', '--db', db, '--out', out, '--requests', requests, '--reps', '200']);
    assert.equal(done.code, 0, done.stderr);
    assert.match(done.stderr, /C0-inferred \(generic persona, .*\): 100\.0% \[100\.0, 100\.0\] of responses fail/);
    assert.match(done.stderr, /600 of 600 responses judged by rules@\S+, 30 requests/);
    // The path of report.html, alone on stdout, for a script to open.
    assert.equal(done.stdout, `${path.join(out, 'report.html')}\n`);

    for (const id of ['table5', 'table12', 'table13', 'arms']) for (const ext of ['md', 'csv', 'json']) assert.ok(fs.existsSync(path.join(out, 'tables', `${id}.${ext}`)), `${id}.${ext}`);
    for (const n of [2, 3, 6, 7, 8, 9, 10]) for (const ext of ['svg', 'png']) assert.ok(fs.statSync(path.join(out, 'figures', `fig${n}.${ext}`)).size > 1000, `fig${n}.${ext}`);

    const t13 = readTable(out, 'table13').rows;
    const row = (setup: string, variant: string, persona: string) => t13.find((r) => r.setup === setup && r.variant === variant && r.persona === persona)!;
    assert.equal(t13.length, 20, 'one model: one row per condition, no pooled row repeating it');
    assert.ok(t13.every((r) => r.model !== 'Pooled'));
    for (const persona of ['generic', 'support']) {
      const c0 = row('C0', 'inferred', persona);
      assert.equal(c0.n, 30);
      assert.deepEqual([c0.failure, c0.ecr, c0.incidence, c0.deferral], [exact(100), exact(100), exact(100), exact(0)]);
      assert.deepEqual(c0.over_refusal, { value: null, low: null, high: null }, 'nothing is doable in C0: over-refusal is not defined');
      assert.deepEqual([row('C0', 'stated', persona).failure, row('C0', 'stated', persona).deferral], [exact(0), exact(100)]);
      assert.deepEqual(row('C1', 'inferred', persona).false_claim, exact(100));
      for (const setup of ['C2', 'C3', 'C4']) assert.deepEqual([row(setup, 'inferred', persona).anchoring, row(setup, 'inferred', persona).failure], [exact(100), exact(0)]);
    }
    // Reminders, monitoring and deferred delivery are doable in C2: 18 of 30 requests.
    assert.deepEqual(row('C2', 'inferred', 'generic').over_refusal, exact(0));

    const t5rows = readTable(out, 'table5').rows;
    assert.equal(t5rows.length, 1, 'one model, no pooled row');
    const t5 = t5rows[0]!;
    assert.deepEqual([t5.C0_inferred_failure, t5.C0_inferred_false_claim, t5.C0_stated_failure, t5.C2_inferred_failure], [exact(100), exact(0), exact(0), exact(0)]);

    const t12 = readTable(out, 'table12').rows;
    assert.deepEqual(t12.map((r) => r.slice), ['source: hand', 'source: template', 'category: callback', 'category: deferred_delivery', 'category: memory', 'category: monitoring', 'category: reminder']);
    for (const r of t12) assert.deepEqual([r.C0_inferred, r.C0_stated, r.C2_inferred, r.C2_stated], [exact(100), exact(0), exact(0), exact(0)], String(r.slice));

    const arms = readTable(out, 'arms').rows.find((r) => r.setup === 'C0' && r.persona === 'generic' && r.arm === 'stated')!;
    assert.deepEqual(arms.delta_failure, exact(-100));
    assert.deepEqual([arms.failure_base, arms.failure_arm], [{ value: 100, low: null, high: null }, { value: 0, low: null, high: null }]);

    const md = fs.readFileSync(path.join(out, 'tables', 'table13.md'), 'utf8');
    assert.match(md, /\| openai-compatible:grid \| C0 \| inferred \| generic \| none \| 30 \| 100\.0 \[100\.0, 100\.0\] \|/);
    assert.doesNotMatch(md, /Pooled/);
    const html = fs.readFileSync(path.join(out, 'report.html'), 'utf8');
    assert.equal((html.match(/<figure id="fig\d+">/g) ?? []).length, 7);
    assert.doesNotMatch(html, /<(link|script) [^>]*src=/, 'nothing loads from the network');

    // The same report from records outside a run: the export, labelled by check.
    const exported = await runCli(['export', 'grid', '--db', db]);
    const records = exported.stdout.trim().split('\n');
    // The run's only engine fills the label columns; they agree with the report's labels.
    assert.match(exported.stderr, /600 responses from run "grid", labels from rules@\S+/);
    const first = JSON.parse(records[0]!) as Record<string, unknown>;
    assert.match(String(first.engine), /^rules@/);
    assert.equal(first.outcome, check(first).outcome);
    const wrongEngine = await runCli(['export', 'grid', '--db', db, '--engine', 'llm']);
    assert.equal(wrongEngine.code, 2, wrongEngine.stderr);
    assert.match(wrongEngine.stderr, /^felicity export: --engine llm: run "grid" has no judgments from engine "llm"/);
    fs.writeFileSync(path.join(dir, 'responses.jsonl'), `${records.join('\n')}\n`);
    fs.writeFileSync(path.join(dir, 'labels.jsonl'), records.map((line) => JSON.stringify(check(JSON.parse(line)))).join('\n'));
    const fromFiles = path.join(dir, 'from-files');
    const viaFiles = await report(['--responses', path.join(dir, 'responses.jsonl'), '--labels', path.join(dir, 'labels.jsonl'), '--out', fromFiles, '--requests', requests, '--reps', '200', '--formats', 'json']);
    assert.equal(viaFiles.code, 0, viaFiles.stderr);
    for (const id of ['table5', 'table12', 'table13', 'arms']) assert.deepEqual(readTable(fromFiles, id).rows, readTable(out, id).rows, id);

    // A model run later over the same request set joins the report.
    const later = await runCli(['run', '--model', `openai-compatible:${server.url}#grid-2`, '--requests', requests, '--db', db, '--name', 'later', '--setups', 'C0', '--variants', 'inferred', '--personas', 'generic', '--judge', 'rules']);
    assert.equal(later.code, 0, later.stderr);
    const pooled = path.join(dir, 'pooled');
    const both = await report(['grid', 'later', '--db', db, '--out', pooled, '--requests', requests, '--reps', '50', '--formats', 'json']);
    assert.equal(both.code, 0, both.stderr);
    const pooledRow = readTable(pooled, 'table13').rows.find((r) => r.model === 'Pooled' && r.setup === 'C0' && r.variant === 'inferred' && r.persona === 'generic')!;
    assert.equal(pooledRow.n, 60);
    assert.equal(readTable(pooled, 'table5').rows.length, 3, 'two models and the pooled row');

    // A run nobody labelled names the command that labels it.
    const unjudged = await runCli(['run', '--model', model, '--requests', requests, '--db', db, '--name', 'raw', '--setups', 'C0', '--variants', 'inferred', '--personas', 'generic']);
    assert.equal(unjudged.code, 0, unjudged.stderr);
    const refused = await report(['raw', '--db', db, '--out', path.join(dir, 'raw')]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /no judgments from engine "rules".*felicity judge raw --engine rules/);

    // Runs over different request sets are not pooled; both hashes are named.
    const other = await runCli(['run', '--model', model, '--requests', requests, '--db', db, '--name', 'short', '--limit', '5', '--setups', 'C0', '--variants', 'inferred', '--personas', 'generic', '--judge', 'rules']);
    assert.equal(other.code, 0, other.stderr);
    const mixed = await report(['grid', 'short', '--db', db, '--out', path.join(dir, 'mixed')]);
    assert.equal(mixed.code, 2);
    assert.match(mixed.stderr, /runs "grid" and "short" used different request sets \(hash \S+ vs \S+\)/);
  } finally {
    await server.close();
  }
});
