import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { callValues, failedTargets } from './call-values.ts';

describe('failedTargets: what a successful call lists as not done', () => {
  it('reads the failed entries, with the words no done entry shares', () => {
    assert.deepEqual(failedTargets('{"data": {"success": [{"name": "Patio lights"}], "failed": [{"name": "Patio sprinkler", "id": "valve.patio"}]}}'), [{ name: 'Patio sprinkler', ownWords: ['sprinkler'] }]);
    assert.deepEqual(failedTargets('{"failures": ["kitchen-fan"]}'), [{ name: 'kitchen-fan', ownWords: ['kitchen', 'fan'] }]);
  });
  it('ignores an empty list, a failed status, text and results too deep or too long', () => {
    for (const result of ['{"failed": []}', '{"status": "failed"}', 'failed: 2 items', '{"a":{"b":{"c":{"d":{"e":{"f":{"failed":["x y"]}}}}}}}', `{"failed": ["${'x'.repeat(100_001)}"]}`, null]) {
      assert.equal(failedTargets(result), undefined, String(result).slice(0, 40));
    }
  });
});

describe('callValues: a call\'s arguments and result as words', () => {
  it('folds case, punctuation, hyphens and underscores', () => {
    const values = callValues({ id: 'c', name: 't', rawArguments: '{"title": "Q1-Budget review", "channel": "#project_aurora"}', arguments: undefined, result: '{"ok": true}', succeeded: true });
    assert.ok(values.includes(' q1 budget review '));
    assert.ok(values.includes(' project aurora '));
  });
});
