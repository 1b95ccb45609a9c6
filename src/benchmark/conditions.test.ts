import { test } from 'node:test';
import assert from 'node:assert/strict';
import { conditionCount, conditionKey, conditions, responseId, tupleCount, tuples, type Grid } from './conditions.ts';

const paperGrid: Grid = {
  models: ['openai:m'],
  setups: ['C0', 'C1', 'C2', 'C3', 'C4'],
  variants: ['inferred', 'stated'],
  personas: ['generic', 'support'],
  fixes: ['none'],
  samples: 1,
};

test('the paper grid has 20 conditions per model, each key distinct', () => {
  assert.equal(conditionCount(paperGrid), 20);
  const keys = [...conditions(paperGrid)].map(conditionKey);
  assert.equal(new Set(keys).size, 20);
  assert.equal(keys[0], 'C0/inferred/generic/none@openai:m');
  assert.equal(conditionCount({ ...paperGrid, models: ['a:1', 'b:2', 'c:3', 'd:4'] }) * 293, 23_440);
});

test('condition keys and response ids are stable and readable', () => {
  const c = { setup: 'C2', variant: 'stated', persona: 'support', fix: 'none', model: 'ollama:llama3.1:8b' } as const;
  assert.equal(conditionKey(c), 'C2/stated/support/none@ollama:llama3.1:8b');
  assert.equal(responseId('rq-007', c, 2), 'rq-007/C2/stated/support/none@ollama:llama3.1:8b/s2');
});

test('tuples are request-major, models fastest, samples innermost, ids unique', () => {
  const grid: Grid = { ...paperGrid, models: ['a:x', 'b:y'], setups: ['C0', 'C2'], samples: 2 };
  const all = [...tuples([{ id: 'r1' }, { id: 'r2' }], grid)];
  assert.equal(all.length, tupleCount(grid, 2));
  assert.equal(new Set(all.map((t) => t.responseId)).size, all.length);
  assert.ok(all.slice(0, all.length / 2).every((t) => t.request.id === 'r1'));
  assert.deepEqual(all.slice(0, 4).map((t) => [t.condition.model, t.sample]), [['a:x', 0], ['a:x', 1], ['b:y', 0], ['b:y', 1]]);
});

test('enumeration is lazy: taking one tuple of a huge grid reads one request', () => {
  let read = 0;
  function* endless() {
    for (let i = 0; ; i++) {
      read++;
      yield { id: `r${i}` };
    }
  }
  const first = tuples(endless(), paperGrid).next();
  assert.equal(first.done, false);
  assert.equal(read, 1);
});

test('fix arms run on the inferred variant only, each pairing with the inferred baseline', () => {
  const grid: Grid = { ...paperGrid, fixes: ['none', 'card', 'guard', 'reanchor'] };
  const all = [...conditions(grid)];
  assert.equal(all.length, conditionCount(grid));
  assert.equal(conditionCount(grid), 5 * 2 * (2 + 3));
  assert.ok(all.filter((c) => c.fix !== 'none').every((c) => c.variant === 'inferred'));
  const keys = new Set(all.map(conditionKey));
  for (const c of all.filter((c) => c.fix !== 'none')) assert.ok(keys.has(conditionKey({ ...c, fix: 'none' })), conditionKey(c));
  assert.equal(conditionCount({ ...grid, variants: ['stated'] }), 5 * 2);
});
