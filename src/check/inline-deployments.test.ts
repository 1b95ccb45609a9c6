/**
 * Deferring the inline-deployment schema, as `felicity check` does: records without a deployment
 * object are labelled without it; the first one with a deployment object makes the line reader
 * load it, and every line still gets exactly the result it gets with the schema loaded from the
 * start, in order. This file defers before it imports the checker (each test file is its own
 * process), so the steps below run in order on one process's state.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deferInlineDeployments, inlineDeploymentParser } from './inline-deployments.ts';
import { felicity } from '../../test/helpers/felicity-bin.ts';
import { modulesLoaded } from '../../test/helpers/modules-loaded.ts';

deferInlineDeployments();
const { check } = await import('./check.ts');
const { RulesLineReader } = await import('./check-jsonl.ts');
type LineResult = import('./check-jsonl.ts').LineResult;

const messages = [
  { role: 'user', content: 'Remind me to pay the rent tomorrow at 9.' },
  { role: 'assistant', content: "Sure! I'll remind you tomorrow at 9 to pay the rent." },
];
const DEPLOYMENT = { id: 'rent-bot', tools: [{ name: 'schedule_reminder', description: 'Schedules a reminder', capabilities: ['run_later', 'notify_user_later'] }] };
const BAD_DEPLOYMENT = { id: 'x', tools: [{ name: 'bad name!' }] };
const line = (id: string, setup: unknown) => JSON.stringify({ id, setup, messages });

// 40 plain lines (more than one parse group of 32), then deployment objects among plain lines.
const LINES = [
  ...Array.from({ length: 40 }, (_, i) => line(`plain-${i}`, i % 2 === 0 ? 'C0' : 'C2')),
  line('inline', DEPLOYMENT),
  line('after', 'C1'),
  line('inline-bad', BAD_DEPLOYMENT),
  '{"id": "broken"',
  line('inline-again', DEPLOYMENT),
];

const plain = (results: LineResult[]) => results.map((r) => ('label' in r ? { line: r.line, label: r.label } : r));

function readAllSync(lines: string[]): LineResult[] {
  const results: LineResult[] = [];
  const loading = new RulesLineReader({}, (result) => results.push(result)).readAll(lines);
  assert.equal(loading, undefined, 'nothing to wait for');
  return results;
}

test('deferred: lines without a deployment object are labelled and the schema stays unloaded', () => {
  const results = readAllSync(LINES.slice(0, 40));
  assert.equal(results.length, 40);
  assert.ok(results.every((r) => 'label' in r));
  assert.equal(inlineDeploymentParser(), undefined);
});

test('deferred and not loaded, check() on a record with a deployment object is a bug, not a wrong label', () => {
  assert.throws(() => check(JSON.parse(line('x', DEPLOYMENT))), /deferred and not loaded/);
});

test('readAll labels the lines before the first deployment object, waits for the schema, then goes on as if it had been loaded all along', async () => {
  const results: LineResult[] = [];
  const loading = new RulesLineReader({}, (result) => results.push(result)).readAll(LINES);
  assert.ok(loading instanceof Promise, 'the reader waits for the schema');
  assert.equal(results.length, 40, 'the lines before it are labelled before the wait');
  await loading;
  assert.notEqual(inlineDeploymentParser(), undefined);
  const loadedFromStart = readAllSync(LINES);
  assert.deepEqual(plain(results), plain(loadedFromStart));
  assert.deepEqual(results.map((r) => r.line), [...LINES.keys()].map((i) => i + 1));
  const inline = results[40]!;
  assert.ok('label' in inline && inline.label.id === 'inline', 'the inline deployment is used');
  assert.ok('problem' in results[42]! && results[42].problem.field === 'setup.tools[0].name', 'a bad inline deployment is a problem at its field');
});

test('felicity check (which defers the schema) gives the same labels and problems for records with deployment objects', async () => {
  const r = await felicity(['check', '-'], `${LINES.join('\n')}\n`);
  assert.equal(r.code, 2, r.stderr);
  const expected = readAllSync(LINES);
  assert.deepEqual(r.stdout.trim().split('\n').map((text) => JSON.parse(text) as unknown), expected.flatMap((e) => ('label' in e ? [JSON.parse(JSON.stringify(e.label)) as unknown] : [])));
  const problems = expected.flatMap((e) => ('problem' in e ? [`stdin:${e.line}: ${e.problem.field}: ${e.problem.message}`] : []));
  assert.deepEqual(r.stderr.split('\n').filter((text) => text.startsWith('stdin:')), problems);
});

/** The URLs of the ES modules `felicity args` loads; the run must succeed. */
async function loadedBy(args: string[], stdin: string): Promise<string[]> {
  const { code, urls } = await modulesLoaded(args, stdin);
  assert.equal(code, 0);
  return urls;
}

test('felicity check on records naming built-in setups loads no zod module; one deployment object in the input loads it', async () => {
  const zod = (urls: string[]) => urls.filter((url) => url.includes('/node_modules/zod/'));
  const plainRun = await loadedBy(['check', '-'], `${LINES.slice(0, 3).join('\n')}\n`);
  assert.ok(plainRun.some((url) => url.endsWith('/dist/check/check.js')), 'the hook saw the checker load');
  assert.deepEqual(zod(plainRun), []);
  assert.notDeepEqual(zod(await loadedBy(['check', '-'], `${LINES[0]}\n${line('inline', DEPLOYMENT)}\n`)), []);
});
