import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { issueInWords } from './issue-words.ts';

const schema = z.object({
  category: z.enum(['reminder', 'monitoring', 'memory']),
  request: z.string(),
  count: z.number().optional(),
  note: z.string().refine((s) => s.trim() !== '', 'must be a non-empty string'),
});

function words(value: unknown): string[] {
  const r = schema.safeParse(value);
  assert.equal(r.success, false);
  return r.error!.issues.map((i) => `${i.path.join('.')}: ${issueInWords(i, value)}`);
}

test('enum, type and missing fields read as words, not validator notation', () => {
  const out = words({ category: 'remind', request: 3, count: 'x' });
  assert.deepEqual(out, [
    'category: unknown category "remind" (did you mean "reminder"?; expected one of reminder, monitoring, memory)',
    'request: expected text, got the number 3',
    'count: expected a number, got "x"',
    'note: missing (expected text)',
  ]);
  for (const line of out) assert.doesNotMatch(line, /Invalid|received|\|/);
});

test('a refinement keeps its own words; a far-off value gets no suggestion', () => {
  assert.deepEqual(words({ category: 'weather', request: 'r', note: ' ' }), [
    'category: unknown category "weather" (expected one of reminder, monitoring, memory)',
    'note: must be a non-empty string',
  ]);
});
