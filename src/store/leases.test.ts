import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RunLeaseHeldError, Store, type LeaseHolder } from './index.ts';

function tempStore(): Store {
  return Store.open(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-lease-')), 'lease.db'));
}

const me: LeaseHolder = { host: 'here', pid: 100, startedAt: '2026-12-01T09:00:00.000Z' };
const other: LeaseHolder = { host: 'there', pid: 200, startedAt: '2026-12-01T08:00:00.000Z' };

test('a free run name is leased to the first holder; a second live holder is refused, naming the first', () => {
  const store = tempStore();
  assert.deepEqual(store.leases.acquire('r', me, { now: 1_000_000, staleMs: 30_000 }), { takenOverFrom: undefined });
  assert.throws(
    () => store.leases.acquire('r', other, { now: 1_010_000, staleMs: 30_000 }),
    (e: unknown) =>
      RunLeaseHeldError.isInstance(e) &&
      e.code === 'RUN_LEASE_HELD' &&
      e.run === 'r' &&
      e.holder.host === 'here' &&
      e.holder.pid === 100 &&
      e.heartbeatAgeMs === 10_000 &&
      /run "r" is already running: here, pid 100, started 2026-12-01T09:00:00.000Z, last heartbeat 10 s ago/.test(e.message),
  );
  // Other run names are independent.
  assert.deepEqual(store.leases.acquire('s', other, { now: 1_010_000, staleMs: 30_000 }), { takenOverFrom: undefined });
  store.close();
});

test('a lease whose heartbeat is older than the stale timeout is taken over', () => {
  const store = tempStore();
  store.leases.acquire('r', other, { now: 1_000_000, staleMs: 30_000 });
  const got = store.leases.acquire('r', me, { now: 1_031_000, staleMs: 30_000 });
  assert.equal(got.takenOverFrom?.host, 'there');
  // Now the new holder owns it: the old one's heartbeat no longer counts, a third is refused.
  assert.equal(store.leases.heartbeat('r', other, 1_032_000), false);
  assert.equal(store.leases.heartbeat('r', me, 1_032_000), true);
  assert.throws(() => store.leases.acquire('r', other, { now: 1_040_000, staleMs: 30_000 }), RunLeaseHeldError);
  store.close();
});

test('heartbeats keep a lease fresh; release frees it for the next holder', () => {
  const store = tempStore();
  store.leases.acquire('r', me, { now: 1_000_000, staleMs: 30_000 });
  assert.equal(store.leases.heartbeat('r', me, 1_025_000), true);
  assert.throws(() => store.leases.acquire('r', other, { now: 1_050_000, staleMs: 30_000 }), RunLeaseHeldError);
  store.leases.release('r', other); // not the holder: nothing happens
  assert.throws(() => store.leases.acquire('r', other, { now: 1_050_000, staleMs: 30_000 }), RunLeaseHeldError);
  store.leases.release('r', me);
  assert.deepEqual(store.leases.acquire('r', other, { now: 1_050_000, staleMs: 30_000 }), { takenOverFrom: undefined });
  store.close();
});

test('the same holder may acquire its own lease again', () => {
  const store = tempStore();
  store.leases.acquire('r', me, { now: 1_000_000, staleMs: 30_000 });
  assert.deepEqual(store.leases.acquire('r', me, { now: 1_001_000, staleMs: 30_000 }), { takenOverFrom: undefined });
  store.close();
});
