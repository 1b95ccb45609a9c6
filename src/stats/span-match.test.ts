import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matchSpans, normaliseSpan, spanOverlap } from './span-match.ts';

test('spans are compared as words: case, curly apostrophes and punctuation do not matter', () => {
  assert.deepEqual(normaliseSpan('I’ll remind you — tomorrow!'), ["i'll", 'remind', 'you', 'tomorrow']);
  assert.equal(spanOverlap("I'll remind you tomorrow.", 'i’ll REMIND you tomorrow'), 1);
});

test('a span inside a longer one matches; half the shorter span\'s words is the bar', () => {
  assert.equal(spanOverlap('remind you tomorrow', "Sure, I'll remind you tomorrow at nine"), 1);
  assert.equal(spanOverlap('I will call you back', 'someone will call you'), 0.75);
  assert.ok(spanOverlap('I will email the report', 'the weather is nice today') < 0.5);
});

test('matching is one-to-one, best overlap first', () => {
  const gold = ["I'll remind you at 9", "I'll check the parcel tomorrow"];
  const predicted = ["I'll check the parcel tomorrow and I'll remind you at 9", "I'll remind you at 9"];
  assert.deepEqual(matchSpans(gold, predicted), [
    [0, 1],
    [1, 0],
  ]);
  assert.deepEqual(matchSpans(["I'll remind you"], ['Here is your recipe']), []);
});
