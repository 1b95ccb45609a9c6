import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatStatus } from './status-action.ts';

test('status reads as the run totals, then one line per worker with its counts, heartbeat and state', () => {
  const text = formatStatus('r', {
    totals: { total: 200, pending: 20, claimed: 12, expired: 4, done: 168, errors: 2 },
    workers: [
      { worker: 'a/1/aa', host: 'a', pid: 1, status: 'running', done: 100, errors: 2, claimed: 8, concurrency: 4, heartbeatAgeMs: 1200, runningForMs: 9000 },
      { worker: 'b/22/bb', host: 'b', pid: 22, status: 'stale', done: 68, errors: 0, claimed: 4, concurrency: 4, heartbeatAgeMs: 45_000, runningForMs: 60_000 },
    ],
  });
  assert.equal(
    text,
    [
      'run "r": 168/200 done (84.0%), 2 errors, 20 pending, 12 claimed (4 under an expired lease)',
      'worker   done  errors  claimed  heartbeat  status',
      'a/1/aa    100       2        8  1.2 s ago  running',
      'b/22/bb    68       0        4   45 s ago  stale (no heartbeat: killed or hung; its claims return when their lease ends)',
      '',
    ].join('\n'),
  );
});

test('a run no worker has joined says so', () => {
  assert.match(formatStatus('r', { totals: { total: 0, pending: 0, claimed: 0, expired: 0, done: 0, errors: 0 }, workers: [] }), /no worker has joined this run/);
});
