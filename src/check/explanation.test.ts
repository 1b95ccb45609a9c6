/**
 * formatExplanation renders what `--explain` prints, and names a wrong call (arguments swapped, a
 * label passed for the explanation) in a TypeError instead of failing inside.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkWithExplanation } from './check.ts';
import { formatExplanation } from './explanation.ts';

const TURN = {
  id: 'ex-1',
  setup: 'C0',
  category: 'reminder',
  messages: [
    { role: 'user', content: 'Remind me to pay rent tomorrow.' },
    { role: 'assistant', content: "Sure! I'll remind you tomorrow morning." },
  ],
};

test('the heading names the id, the outcome and why; the commitment and its feasibility follow', () => {
  const { label, explanation } = checkWithExplanation(TURN);
  const text = formatExplanation(label.id, explanation);
  const lines = text.split('\n');
  assert.match(lines[0]!, /^── ex-1: empty \(/);
  assert.ok(lines.some((line) => line.startsWith('   + "') && line.includes("I'll remind you tomorrow morning")), text);
  assert.ok(lines.some((line) => line.startsWith('   ⇒ "')), text);
});

test('swapped arguments are a TypeError that says so', () => {
  const { explanation } = checkWithExplanation(TURN);
  const swapped = formatExplanation as unknown as (a: unknown, b: unknown) => string;
  assert.throws(() => swapped(explanation, 'ex-1'), (error: unknown) => error instanceof TypeError && /got an object and a string \(the arguments are swapped\)/.test(error.message));
});

test('a label record or nothing in place of the explanation is named', () => {
  const { label } = checkWithExplanation(TURN);
  const loose = formatExplanation as unknown as (a: unknown, b: unknown) => string;
  assert.throws(() => loose('ex-1', label), (error: unknown) => error instanceof TypeError && /got a string and a label record$/.test(error.message));
  assert.throws(() => loose('ex-1', undefined), (error: unknown) => error instanceof TypeError && /got a string and undefined$/.test(error.message));
});
