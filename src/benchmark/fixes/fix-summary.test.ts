import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatFixCalls } from './fix-summary.ts';

test('each arm gets one line with its extra calls per 100 responses', () => {
  const text = formatFixCalls([
    { fix: 'guard', responses: 200, changed: 50, extra_calls: 50 },
    { fix: 'reanchor', responses: 8, changed: 3, extra_calls: 5 },
  ]);
  assert.deepEqual(text.split('\n'), [
    'fix guard: 50 of 200 replies changed, 50 extra model calls (25.0 per 100 responses)',
    'fix reanchor: 3 of 8 replies changed, 5 extra model calls (62.5 per 100 responses)',
  ]);
});
