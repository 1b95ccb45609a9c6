/**
 * `felicity annotate` through bin/felicity.js (needs `npm run build`): sample prints one link per
 * annotator, export writes gold items, `felicity validate --gold` scores the checker against them
 * per model, agreement reports the overlap; a second sample into the same database is refused.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EMPTY_ANNOTATION } from '../src/annotate/annotation.ts';
import { AnnotationStore } from '../src/annotate/store.ts';
import { felicity } from './helpers/felicity-bin.ts';

test('sample → label → export → validate and agreement', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'felicity-annotate-cli-'));
  const logs = join(dir, 'logs.jsonl');
  const replies = ["Sure, I'll email you the summary tomorrow morning.", 'The capital of France is Paris.'];
  writeFileSync(logs, Array.from({ length: 20 }, (_, i) => JSON.stringify({ conversation_hash: `c${i}`, model: i % 2 ? 'm1' : 'm2', conversation: [{ role: 'user', content: 'Q?' }, { role: 'assistant', content: replies[i % 4 === 0 ? 0 : 1] }] })).join('\n') + '\n');
  const db = join(dir, 'a.db');
  const sampled = await felicity(['annotate', 'sample', logs, '--db', db, '--size', '10', '--overlap', '4', '--annotators', 'ann,bob', '--seed', '5']);
  assert.equal(sampled.code, 0, sampled.stderr);
  assert.match(sampled.stdout, /10 items drawn from 20 turns/);
  assert.match(sampled.stdout, /ann: http:\/\/127\.0\.0\.1:8470\/#token=\S{20,}/);
  assert.match(sampled.stdout, /bob: http:\/\/127\.0\.0\.1:8470\/#token=/);
  const again = await felicity(['annotate', 'sample', logs, '--db', db]);
  assert.equal(again.code, 2);
  assert.match(again.stderr, /already holds an annotation set/);

  // Label every assigned item as the humans would: the promise is empty, the rest answered.
  const store = AnnotationStore.open(db);
  for (const name of ['ann', 'bob'])
    for (const { id } of store.queue(name)) {
      const view = store.view(id)!;
      const promise = view.messages.some((m) => m.text.includes('email you'));
      const annotation = promise
        ? { ...EMPTY_ANNOTATION, commitments: [{ span: "I'll email you the summary tomorrow morning", performer: 'self' as const, trigger_type: 'time' as const, required_capabilities: ['send_email', 'run_later'], is_offer: false, feasible: false, failure_types: ['capability' as const, 'temporal' as const], anchored: null }] }
        : { ...EMPTY_ANNOTATION, booleans: { ...EMPTY_ANNOTATION.booleans, did_task_now: true } };
      store.save(name, id, annotation, 'ignored');
    }
  store.close();

  const gold = join(dir, 'gold.jsonl');
  const exported = await felicity(['annotate', 'export', '--db', db, '--out', gold]);
  assert.equal(exported.code, 0, exported.stderr);
  assert.match(exported.stdout, /10 gold items/);
  const validated = await felicity(['validate', '--gold', gold, '--json']);
  assert.equal(validated.code, 0, validated.stderr);
  const report = JSON.parse(validated.stdout);
  assert.equal(report.pooled.n, 10);
  // Per model, from the model the logs named (kept in the export, never shown to annotators).
  assert.deepEqual(Object.keys(report.byModel).sort(), ['m1', 'm2']);
  const agreement = await felicity(['annotate', 'agreement', '--db', db]);
  assert.equal(agreement.code, 0, agreement.stderr);
  assert.match(agreement.stdout, /ann vs bob on 4 overlap items/);
  assert.match(agreement.stdout, /outcome kappa/);
});
