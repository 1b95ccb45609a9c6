import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateRequestsText, loadRequests } from './validate-requests.ts';
import { formatProblem, RequestFileError } from './request-problem.ts';
import { composition } from './request-stats.ts';
import { jsonl, validRecord } from './test-helpers.ts';

/** Validates [good, bad] and returns the problems, which must all sit on line 2. */
function problemsForSecond(bad: unknown): { field: string; reason: string }[] {
  const result = validateRequestsText(jsonl([validRecord(), bad]), 'f.jsonl');
  for (const p of result.problems) assert.equal(p.line, 2, formatProblem(p));
  return result.problems.map(({ field, reason }) => ({ field, reason }));
}

function assertProblem(bad: unknown, field: string, reason: RegExp): void {
  const problems = problemsForSecond(bad);
  assert.ok(
    problems.some((p) => p.field === field && reason.test(p.reason)),
    `expected ${field} ~ ${reason}, got ${JSON.stringify(problems)}`,
  );
}

test('a small valid file has no problems and keeps every record', () => {
  const result = validateRequestsText(jsonl([validRecord(), validRecord(), validRecord()]), 'f.jsonl');
  assert.deepEqual(result.problems, []);
  assert.equal(result.records.length, 3);
});

test('rejects email addresses, phone numbers, URLs and identifiers in request or context', () => {
  assertProblem(validRecord({ request: 'Email me at jo.smith@example.org tomorrow.' }), 'request', /email address/);
  assertProblem(validRecord({ context: 'Call me on +44 20 7946 0958 later.' }), 'context', /phone number/);
  assertProblem(validRecord({ request: 'Tell me when www.shop-site.com has stock.' }), 'request', /URL/);
  assertProblem(validRecord({ request: 'Check https://x.test/a for me tomorrow.' }), 'request', /URL/);
  assertProblem(validRecord({ request: 'Have someone call me about order #85632.' }), 'request', /identifier/);
});

test('dates and times are not mistaken for phone numbers', () => {
  const result = validateRequestsText(jsonl([validRecord({ request: 'Remind me on 2026-10-02 at 10:30 to pay the rent.' })]), 'f.jsonl');
  assert.deepEqual(result.problems, []);
});

test('rejects each kind of unfilled placeholder', () => {
  assertProblem(validRecord({ request: 'Have someone call me about {{Order Number}}.' }), 'request', /\{\{…\}\}/);
  assertProblem(validRecord({ request: 'Tell [NAME] to call me back.' }), 'request', /\[NAME\]/);
  assertProblem(validRecord({ request: 'Send <person> the file tomorrow.' }), 'request', /<…>/);
  assertProblem(validRecord({ request: 'Remind me {when} to pay.' }), 'request', /\{slot\}/);
});

test('rejects a context that mentions tools or persistence', () => {
  assertProblem(validRecord({ context: 'My calendar is packed this week.' }), 'context', /tools or persistence/);
  assertProblem(validRecord({ context: 'You always remember these things.' }), 'context', /tools or persistence/);
});

test('rejects bad JSON, non-objects, missing and invalid fields, unknown category and source', () => {
  assertProblem('{"id": "x", ', '(line)', /bad JSON/);
  assertProblem('[1, 2]', '(line)', /JSON object/);
  const noRequest = validRecord();
  delete noRequest.request;
  assertProblem(noRequest, 'request', /./);
  assertProblem(validRecord({ context: '   ' }), 'context', /non-empty/);
  assertProblem(validRecord({ category: 'errand' }), 'category', /./);
  assertProblem(validRecord({ source: 'wildchat' }), 'source', /unknown source "wildchat"/);
  assertProblem(validRecord({ doable: 'maybe' }), 'doable', /./);
  assertProblem(validRecord({ source: 'template', provenance: { template_id: 'x' } }), 'provenance.template', /./);
  assertProblem(
    validRecord({ source: 'slurp', provenance: { corpus: 'bitext', file: 'a', id_field: 'row', row_id: 1, original: 'o', intent: null, changed: 'c', licence: 'l' } }),
    'provenance.corpus',
    /must equal source/,
  );
});

test('rejects duplicate ids, naming the first line', () => {
  const a = validRecord({ id: 'same' });
  const result = validateRequestsText(jsonl([a, validRecord(), validRecord({ id: 'same' })]), 'f.jsonl');
  assert.equal(result.problems.length, 1);
  assert.deepEqual({ ...result.problems[0] }, { file: 'f.jsonl', line: 3, field: 'id', reason: 'duplicate id "same" (first on line 1)' });
  assert.equal(result.records.length, 2);
});

test('rejects near-duplicate requests at the threshold but not below it', () => {
  const base = 'Remind me tomorrow at nine to water the tomato plants in the greenhouse.';
  const near = 'Remind me tomorrow at ten to water the tomato plants in the greenhouse.'; // 11 of 13 words shared
  const far = 'Remind me on Friday to repot the tomato plants.';
  const result = validateRequestsText(jsonl([validRecord({ request: base }), validRecord({ request: far }), validRecord({ request: near })]), 'f.jsonl');
  assert.equal(result.problems.length, 1);
  assert.equal(result.problems[0]!.line, 3);
  assert.equal(result.problems[0]!.field, 'request');
  assert.match(result.problems[0]!.reason, /near-duplicate of line 1 \(token Jaccard 0\.85/);
});

test('allows a context shared by two requests and rejects the third', () => {
  const ctx = "I'm sorting my bills tonight.";
  const two = validateRequestsText(jsonl([validRecord({ context: ctx }), validRecord({ context: ctx })]), 'f.jsonl');
  assert.deepEqual(two.problems, []);
  const three = validateRequestsText(
    jsonl([validRecord({ context: ctx }), validRecord(), validRecord({ context: ctx }), validRecord({ context: "i'm sorting my bills tonight" })]),
    'f.jsonl',
  );
  assert.equal(three.problems.length, 1);
  assert.equal(three.problems[0]!.line, 4);
  assert.match(three.problems[0]!.reason, /shared by 3 requests \(also lines 1, 3\)/);
});

test('blank lines are skipped but still counted in line numbers', () => {
  const text = `${JSON.stringify(validRecord())}\n\n${JSON.stringify(validRecord({ category: 'nope' }))}\n`;
  const result = validateRequestsText(text, 'f.jsonl');
  assert.equal(result.problems[0]!.line, 3);
});

test('formatProblem names file, line, field and reason on one line', () => {
  assert.equal(formatProblem({ file: 'a.jsonl', line: 7, field: 'request', reason: 'bad' }), 'a.jsonl:7: request: bad');
});

test('v1.jsonl validates clean with the exact category counts', async () => {
  const { records, problems } = await loadRequests(new URL('../../../data/requests/v1.jsonl', import.meta.url).pathname);
  assert.deepEqual(problems.map(formatProblem), []);
  assert.equal(records.length, 293);
  assert.deepEqual(composition(records).byCategory, { reminder: 93, monitoring: 50, callback: 50, deferred_delivery: 50, memory: 50 });
  assert.equal(records.filter((r) => r.doable !== undefined).length, 0);
});

test('loadRequests keeps good records, lists problems, and throws a typed error for a missing file', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'felicity-req-'));
  const path = join(dir, 'r.jsonl');
  await writeFile(path, jsonl([validRecord(), 'not json', validRecord()]));
  const { records, problems } = await loadRequests(path);
  assert.equal(records.length, 2);
  assert.equal(problems.length, 1);
  assert.equal(problems[0]!.file, path);
  assert.equal(problems[0]!.line, 2);
  await assert.rejects(loadRequests(join(dir, 'missing.jsonl')), (err: unknown) => err instanceof RequestFileError && err.got === 'ENOENT');
});
