import { test } from 'node:test';
import assert from 'node:assert/strict';
import { composition, formatCompositionTable } from './request-stats.ts';
import { validateRequestsText } from './validate-requests.ts';
import { jsonl, validRecord } from './test-helpers.ts';

const template = { template_id: 'x', template: 'Remind me {when}.', fills: { when: 'soon' } };

test('composition counts category x source with totals', () => {
  const text = jsonl([
    validRecord(),
    validRecord({ category: 'memory' }),
    validRecord({ category: 'memory', source: 'template', provenance: template }),
  ]);
  const c = composition(validateRequestsText(text, 'f').records);
  assert.equal(c.total, 3);
  assert.equal(c.counts.memory.template, 1);
  assert.equal(c.counts.memory.hand, 1);
  assert.equal(c.byCategory.reminder, 1);
  assert.equal(c.bySource.hand, 2);
  assert.equal(c.bySource.slurp, 0);
});

test('the table shows only sources in use, right-aligned, with a total row and column', () => {
  const text = jsonl([validRecord(), validRecord({ category: 'memory', source: 'template', provenance: template })]);
  const table = formatCompositionTable(composition(validateRequestsText(text, 'f').records));
  assert.equal(
    table,
    [
      'category           template  hand  total',
      'reminder                  0     1      1',
      'monitoring                0     0      0',
      'callback                  0     0      0',
      'deferred_delivery         0     0      0',
      'memory                    1     0      1',
      'total                     1     1      2',
    ].join('\n'),
  );
});
