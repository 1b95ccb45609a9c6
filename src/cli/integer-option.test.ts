import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidArgumentError } from '@commander-js/extra-typings';
import { integerAtLeast, parseJobs } from './integer-option.ts';

describe('integer options', () => {
  test('integerAtLeast takes whole numbers from its minimum and refuses the rest by name', () => {
    assert.equal(integerAtLeast(1)('3'), 3);
    for (const bad of ['0', '1.5', '', ' ', 'two']) assert.throws(() => integerAtLeast(1)(bad), InvalidArgumentError);
  });

  test('--jobs takes auto (any case) or a whole number ≥ 1', () => {
    assert.equal(parseJobs('auto'), 'auto');
    assert.equal(parseJobs('AUTO'), 'auto');
    assert.equal(parseJobs('2'), 2);
    for (const bad of ['0', '-1', '2.5', '', 'all']) assert.throws(() => parseJobs(bad), (error: Error) => error instanceof InvalidArgumentError && /expected auto or an integer ≥ 1, got "/.test(error.message));
  });
});
