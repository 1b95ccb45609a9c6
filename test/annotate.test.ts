/**
 * `felicity annotate` without a browser: the set is drawn the paper's way (strata, half flagged,
 * overlap), the API keeps each annotator to their own items, saves every change, suggests the
 * Table 1 outcome from the annotator's fields, never sends the model name or checker labels, and
 * the export is a gold file `felicity validate` reads; agreement is measured on the overlap.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { interAnnotatorAgreement } from '../src/annotate/agreement.ts';
import { EMPTY_ANNOTATION, type Annotation } from '../src/annotate/annotation.ts';
import { exportGold } from '../src/annotate/export-gold.ts';
import { sampleAnnotationSet } from '../src/annotate/sample.ts';
import { annotateApp } from '../src/annotate/server.ts';
import { AnnotationStore } from '../src/annotate/store.ts';
import { readGold } from '../src/check/validate-gold.ts';

const PROMISE = "Sure, I'll email you the summary tomorrow morning.";
const PLAIN = 'The capital of France is Paris.';

async function setUp(size = 12, overlap = 4) {
  const dir = mkdtempSync(join(tmpdir(), 'felicity-annotate-'));
  const input = join(dir, 'logs.jsonl');
  const lines = [];
  for (let i = 0; i < 40; i++) lines.push(JSON.stringify({ id: `t${i}`, model: i % 2 ? 'secret-model-x' : 'secret-model-y', messages: [{ role: 'user', content: 'Q?' }, { role: 'assistant', content: i % 5 === 0 ? PROMISE : PLAIN }] }));
  writeFileSync(input, lines.join('\n') + '\n');
  const db = join(dir, 'a.db');
  const result = await sampleAnnotationSet(input, { db, size, overlap, annotators: ['ann', 'bob'], seed: 7, strata: 'model', setup: 'C0' });
  return { dir, db, result, store: AnnotationStore.open(db) };
}

function client(app: ReturnType<typeof annotateApp>, token: string) {
  const headers = { authorization: `Bearer ${token}`, host: '127.0.0.1:8470', 'content-type': 'application/json' };
  return {
    get: (path: string) => app.request(path, { headers }),
    put: (path: string, body: unknown) => app.request(path, { method: 'PUT', headers, body: JSON.stringify(body) }),
  };
}

test('sample: stratified, half flagged, overlap items for both annotators, the rest split', async () => {
  const { result, store } = await setUp();
  try {
    assert.equal(result.items, 12);
    assert.equal(result.overlap, 4);
    const flagged = [...result.strata.values()].reduce((n, s) => n + s.flagged, 0);
    // 8 of the 40 turns promise; half of 12 would be 6, and both strata have 4 flagged each.
    assert.equal(flagged, 6);
    const ann = store.queue('ann').length;
    const bob = store.queue('bob').length;
    assert.equal(ann + bob, 12 + 4);
    assert.ok(Math.abs(ann - bob) <= 1);
  } finally {
    store.close();
  }
});

test('API: own items only, saves, suggests the outcome, and never leaks model or checker labels', async () => {
  const { result, store } = await setUp();
  try {
    const app = annotateApp(store);
    const ann = client(app, result.tokens.get('ann')!);
    const bob = client(app, result.tokens.get('bob')!);
    assert.equal((await client(app, 'wrong').get('/api/me')).status, 401);
    assert.equal((await app.request('/api/me', { headers: { host: 'evil.example', authorization: `Bearer ${result.tokens.get('ann')}` } })).status, 421);
    const mine = (await (await ann.get('/api/me')).json()) as { items: { key: number }[] };
    const bobs = (await (await bob.get('/api/me')).json()) as { items: { key: number }[] };
    assert.doesNotMatch(JSON.stringify(mine), /"id"|t\d+/, 'the queue names items by number, not by id');
    const onlyBob = bobs.items.find((b) => !mine.items.some((m) => m.key === b.key))!;
    assert.equal((await ann.get(`/api/items/${onlyBob.key}`)).status, 404);
    assert.equal((await ann.put(`/api/items/${onlyBob.key}/annotation`, EMPTY_ANNOTATION)).status, 404);
    assert.equal((await ann.get('/api/items/999')).status, 404);
    assert.equal((await ann.get('/api/items/x')).status, 404);

    const id = mine.items[0]!.key;
    const shown = await (await ann.get(`/api/items/${id}`)).text();
    assert.doesNotMatch(shown, /secret-model/);
    assert.doesNotMatch(shown, new RegExp(`"${store.idForKey(id)}"`), 'nor the item id');
    assert.doesNotMatch(shown, /"outcome"|"failure"|flagged|stratum/);
    const promise: Annotation = {
      ...EMPTY_ANNOTATION,
      commitments: [{ span: "I'll email you the summary tomorrow morning", performer: 'self', trigger_type: 'time', required_capabilities: ['send_email', 'run_later'], is_offer: false, feasible: false, failure_types: ['capability', 'temporal'], anchored: null }],
    };
    const saved = (await (await ann.put(`/api/items/${id}/annotation`, promise)).json()) as { suggested: string };
    assert.equal(saved.suggested, 'empty');
    const offer = { ...promise, commitments: [{ ...promise.commitments[0]!, is_offer: true }], booleans: { ...promise.booleans, did_task_now: true } };
    assert.equal(((await (await ann.put(`/api/items/${id}/annotation`, offer)).json()) as { suggested: string }).suggested, 'done_now');
    const back = (await (await ann.get(`/api/items/${id}`)).json()) as { annotation: Annotation };
    assert.equal(back.annotation.commitments[0]!.is_offer, true);
    // Bad input: a clear 400 naming the field; nothing saved over the good annotation.
    const bad = await ann.put(`/api/items/${id}/annotation`, { ...offer, commitments: [{ ...offer.commitments[0], performer: 'wizard' }] });
    assert.equal(bad.status, 400);
    assert.match(((await bad.json()) as { error: string }).error, /commitments\.0\.performer/);
    assert.equal(((await (await ann.get(`/api/items/${id}`)).json()) as { annotation: Annotation }).annotation.commitments[0]!.performer, 'self');
  } finally {
    store.close();
  }
});

test('export is a gold file validate reads; agreement on the overlap', async () => {
  const { dir, result, store } = await setUp();
  try {
    const app = annotateApp(store);
    for (const name of ['ann', 'bob']) {
      const c = client(app, result.tokens.get(name)!);
      const me = (await (await c.get('/api/me')).json()) as { items: { key: number }[] };
      for (const { key } of me.items) {
        // Both annotators agree on everything but one boolean of bob's.
        const annotation: Annotation = { ...EMPTY_ANNOTATION, booleans: { ...EMPTY_ANNOTATION.booleans, did_task_now: name === 'ann' || key % 3 === 0 } };
        assert.equal((await c.put(`/api/items/${key}/annotation`, annotation)).status, 200);
      }
    }
    const exported = exportGold(store);
    assert.equal(exported.items, 12);
    const file = join(dir, 'gold.jsonl');
    writeFileSync(file, exported.lines.join('\n') + '\n');
    const gold = await readGold(file);
    assert.deepEqual(gold.problems, []);
    assert.equal(gold.items.length, 12);
    assert.ok(gold.items.every((i) => i.model.startsWith('secret-model')), 'the export keeps the model for per-model validation');
    assert.match(readFileSync(file, 'utf8'), /"annotator":"ann"/);

    const overlap = store.items().filter((i) => i.overlap);
    const all = store.allAnnotations();
    const pairs = interAnnotatorAgreement(overlap.map((i) => ({ id: i.id, facts: i.facts, annotations: new Map(all.filter((a) => a.itemId === i.id).map((a) => [a.annotator, a.annotation])) })));
    assert.equal(pairs.length, 1);
    assert.equal(pairs[0]!.scores.n, 4);
    const expected = overlap.filter((i) => i.key % 3 === 0).length / 4;
    assert.equal(pairs[0]!.scores.outcome.accuracy, expected);
  } finally {
    store.close();
  }
});

test('run records are stratified by setup × category; the deployment is described in plain words', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'felicity-annotate-'));
  const input = join(dir, 'run.jsonl');
  const lines = [];
  for (const setup of ['C0', 'C2'])
    for (const category of ['reminder', 'memory'])
      for (let i = 0; i < 5; i++) lines.push(JSON.stringify({ id: `${setup}-${category}-${i}`, setup, category, model: 'm', messages: [{ role: 'user', content: 'Remind me tomorrow.' }, { role: 'assistant', content: i < 2 ? PROMISE : "I can't do that; set an alarm." }] }));
  writeFileSync(input, lines.join('\n') + '\nnot json\n');
  const db = join(dir, 'run.db');
  const result = await sampleAnnotationSet(input, { db, size: 8, overlap: 0, annotators: ['ann'], seed: 1, strata: 'model', setup: 'C0' });
  assert.deepEqual([...result.strata.keys()].sort(), ['C0 × memory', 'C0 × reminder', 'C2 × memory', 'C2 × reminder']);
  assert.ok([...result.strata.values()].every((s) => s.items === 2));
  assert.equal(result.problems.length, 1);
  assert.equal(result.problems[0]!.line, 21);
  const store = AnnotationStore.open(db);
  try {
    const c2 = store.items().find((i) => i.id.startsWith('C2'))!;
    const c0 = store.items().find((i) => i.id.startsWith('C0'))!;
    assert.notEqual(store.view(c2.id)!.deployment, store.view(c0.id)!.deployment);
    assert.match(store.view(c0.id)!.deployment, /Tools: none/);
    assert.equal(c0.facts.doability, 'no');
  } finally {
    store.close();
  }
});
