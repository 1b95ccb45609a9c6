import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { jobsForBytes, jobsForTurns, WORKERS_PAY_FROM_BYTES, WORKERS_PAY_FROM_TURNS } from './worker-threshold.ts';

describe('jobsForBytes: when check starts worker threads', () => {
  test('auto on a file below the crossover labels in this thread', () => {
    assert.deepEqual(jobsForBytes('auto', WORKERS_PAY_FROM_BYTES - 1, 4), { jobs: 1, startAfterBytes: 0 });
    assert.deepEqual(jobsForBytes('auto', 0, 4), { jobs: 1, startAfterBytes: 0 });
  });

  test('auto on a file at or past the crossover uses every core from the start', () => {
    assert.deepEqual(jobsForBytes('auto', WORKERS_PAY_FROM_BYTES, 4), { jobs: 4, startAfterBytes: 0 });
    assert.deepEqual(jobsForBytes('auto', 10 * WORKERS_PAY_FROM_BYTES, 2), { jobs: 2, startAfterBytes: 0 });
  });

  test('auto on a stream of unknown size starts the workers once the crossover has been read', () => {
    assert.deepEqual(jobsForBytes('auto', undefined, 2), { jobs: 2, startAfterBytes: WORKERS_PAY_FROM_BYTES });
  });

  test('auto on one core never starts a worker', () => {
    assert.deepEqual(jobsForBytes('auto', undefined, 1), { jobs: 1, startAfterBytes: 0 });
    assert.deepEqual(jobsForBytes('auto', 10 * WORKERS_PAY_FROM_BYTES, 1), { jobs: 1, startAfterBytes: 0 });
  });

  test('a number is taken as asked, whatever the size', () => {
    assert.deepEqual(jobsForBytes(3, 10, 2), { jobs: 3, startAfterBytes: 0 });
    assert.deepEqual(jobsForBytes(1, 10 * WORKERS_PAY_FROM_BYTES, 4), { jobs: 1, startAfterBytes: 0 });
  });
});

describe('jobsForTurns: when checkMany and judge start worker threads', () => {
  test('auto uses every core from the crossover in turns, one thread below it or on one core', () => {
    assert.equal(jobsForTurns('auto', WORKERS_PAY_FROM_TURNS - 1, 4), 1);
    assert.equal(jobsForTurns('auto', WORKERS_PAY_FROM_TURNS, 4), 4);
    assert.equal(jobsForTurns('auto', 10 * WORKERS_PAY_FROM_TURNS, 1), 1);
  });

  test('a number is taken as asked', () => {
    assert.equal(jobsForTurns(2, 5, 8), 2);
  });
});
