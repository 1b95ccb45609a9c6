import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { importNeeding, MissingPackageError, requireOptional } from './optional-packages.ts';

describe('optional packages', () => {
  test('a missing CommonJS package is a MissingPackageError saying what needs it and what to install', () => {
    assert.throws(
      () => requireOptional('felicity-no-such-package', 'the benchmark store'),
      (error: unknown) =>
        error instanceof MissingPackageError &&
        error.packageName === 'felicity-no-such-package' &&
        error.message === 'the benchmark store needs the optional package felicity-no-such-package, which is not installed (npm install felicity-no-such-package)',
    );
  });

  test('an installed package loads', () => {
    assert.equal(typeof requireOptional<{ Pool: unknown }>('pg', 'a PostgreSQL database').Pool, 'function');
  });

  test('a module that imports a missing package names that package', async () => {
    // @ts-expect-error: the package does not exist, which is the point
    const load = () => import('felicity-no-such-package');
    await assert.rejects(importNeeding(load, ['vega', 'felicity-no-such-package'], 'figures'), (error: unknown) => error instanceof MissingPackageError && error.packageName === 'felicity-no-such-package');
  });

  test('any other failure passes through unchanged', async () => {
    const boom = new Error('vega exploded');
    await assert.rejects(importNeeding(() => Promise.reject(boom), ['vega'], 'figures'), (error: unknown) => error === boom);
  });
});
