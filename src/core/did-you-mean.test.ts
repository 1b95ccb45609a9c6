import { test } from 'node:test';
import assert from 'node:assert/strict';
import { closest, didYouMean } from './did-you-mean.ts';

const KEYS = ['models', 'setups', 'variants', 'personas', 'fixes', 'sample', 'samples', 'judge', 'judge_model'];

test('typos find the key they were meant as', () => {
  assert.equal(closest('modles', KEYS), 'models');
  assert.equal(closest('setup', KEYS), 'setups');
  assert.equal(closest('persona', KEYS), 'personas');
  assert.equal(closest('Variants', KEYS), 'variants');
  assert.equal(closest('judgemodel', KEYS), 'judge_model');
  assert.equal(didYouMean('fixs', KEYS), ' (did you mean "fixes"?)');
});

test('names far from every key get no suggestion', () => {
  assert.equal(closest('colour', KEYS), undefined);
  assert.equal(closest('x', KEYS), undefined);
  assert.equal(didYouMean('temperatureee', KEYS), '');
});
