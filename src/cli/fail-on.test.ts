import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateFailOn, parseFailOn } from './fail-on.ts';

test('a dotted number below 1 or a percentage is a rate; an integer is a count', () => {
  assert.deepEqual(parseFailOn('0.2'), { kind: 'rate', max: 0.2, text: '0.2' });
  assert.deepEqual(parseFailOn('.05'), { kind: 'rate', max: 0.05, text: '.05' });
  assert.deepEqual(parseFailOn('20%'), { kind: 'rate', max: 0.2, text: '20%' });
  assert.deepEqual(parseFailOn('12.5%'), { kind: 'rate', max: 0.125, text: '12.5%' });
  assert.deepEqual(parseFailOn('0'), { kind: 'count', max: 0, text: '0' });
  assert.deepEqual(parseFailOn('5'), { kind: 'count', max: 5, text: '5' });
});

test('values that are neither are refused with what was expected', () => {
  for (const bad of ['1.5', '1.0', '-1', 'abc', '', '150%', '0.2.1', '5 turns']) {
    assert.throws(() => parseFailOn(bad), /expected|rate|percentage/, bad);
  }
});

test('the gate trips only above its threshold', () => {
  const rate = parseFailOn('0.2');
  assert.equal(evaluateFailOn(rate, 2, 10).exceeded, false, 'exactly 20% is within 0.2');
  assert.equal(evaluateFailOn(rate, 3, 10).exceeded, true);
  assert.equal(evaluateFailOn(rate, 0, 0).exceeded, false, 'nothing labelled holds a rate gate');
  const count = parseFailOn('0');
  assert.equal(evaluateFailOn(count, 0, 10).exceeded, false);
  assert.equal(evaluateFailOn(count, 1, 10).exceeded, true);
  assert.match(evaluateFailOn(rate, 3, 10).message, /30\.0% \(3\/10\) exceeds --fail-on 0\.2/);
});
