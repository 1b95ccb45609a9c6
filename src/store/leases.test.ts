import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RunLeaseHeldError, Store, type LeaseHolder } from './index.ts';
import { testBackends } from './testing/backends.ts';

const me: LeaseHolder = { host: 'here', pid: 100, startedAt: '2026-12-01T09:00:00.000Z' };
const other: LeaseHolder = { host: 'there', pid: 200, startedAt: '2026-12-01T08:00:00.000Z' };

for (const backend of await testBackends()) {
  const spec = (name: string, fn: (store: Store, target: string) => Promise<void>) =>
    test(`${backend.name}: ${name}`, { skip: backend.skip }, async () => {
      const { target, drop } = await backend.fresh();
      const store = await Store.open(target);
      try {
        await fn(store, target);
      } finally {
        await store.close();
        await drop();
      }
    });

  spec('a free run name is leased to the first holder; a second live holder is refused, naming the first', async (store) => {
    assert.deepEqual(await store.leases.acquire('r', me, { now: 1_000_000, staleMs: 30_000 }), { takenOverFrom: undefined });
    await assert.rejects(
      store.leases.acquire('r', other, { now: 1_010_000, staleMs: 30_000 }),
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
    assert.deepEqual(await store.leases.acquire('s', other, { now: 1_010_000, staleMs: 30_000 }), { takenOverFrom: undefined });
  });

  spec('a lease whose heartbeat is older than the stale timeout is taken over', async (store) => {
    await store.leases.acquire('r', other, { now: 1_000_000, staleMs: 30_000 });
    const got = await store.leases.acquire('r', me, { now: 1_031_000, staleMs: 30_000 });
    assert.equal(got.takenOverFrom?.host, 'there');
    // Now the new holder owns it: the old one's heartbeat no longer counts, a third is refused.
    assert.equal(await store.leases.heartbeat('r', other, 1_032_000), false);
    assert.equal(await store.leases.heartbeat('r', me, 1_032_000), true);
    await assert.rejects(store.leases.acquire('r', other, { now: 1_040_000, staleMs: 30_000 }), RunLeaseHeldError);
  });

  spec('a heartbeat exactly the stale timeout old still holds the lease; one millisecond older does not', async (store) => {
    await store.leases.acquire('r', other, { now: 1_000_000, staleMs: 30_000 });
    await assert.rejects(store.leases.acquire('r', me, { now: 1_030_000, staleMs: 30_000 }), (e: unknown) => RunLeaseHeldError.isInstance(e) && e.heartbeatAgeMs === 30_000);
    const got = await store.leases.acquire('r', me, { now: 1_030_001, staleMs: 30_000 });
    assert.equal(got.takenOverFrom?.host, 'there');
  });

  spec('heartbeats keep a lease fresh; release frees it for the next holder', async (store) => {
    await store.leases.acquire('r', me, { now: 1_000_000, staleMs: 30_000 });
    assert.equal(await store.leases.heartbeat('r', me, 1_025_000), true);
    await assert.rejects(store.leases.acquire('r', other, { now: 1_050_000, staleMs: 30_000 }), RunLeaseHeldError);
    await store.leases.release('r', other); // not the holder: nothing happens
    await assert.rejects(store.leases.acquire('r', other, { now: 1_050_000, staleMs: 30_000 }), RunLeaseHeldError);
    await store.leases.release('r', me);
    assert.deepEqual(await store.leases.acquire('r', other, { now: 1_050_000, staleMs: 30_000 }), { takenOverFrom: undefined });
  });

  spec('the same holder may acquire its own lease again', async (store) => {
    await store.leases.acquire('r', me, { now: 1_000_000, staleMs: 30_000 });
    assert.deepEqual(await store.leases.acquire('r', me, { now: 1_001_000, staleMs: 30_000 }), { takenOverFrom: undefined });
  });

  // Two connections of one process would block each other on SQLite (its driver waits
  // synchronously); there BEGIN IMMEDIATE serialises processes, as run-kill tests show.
  if (backend.name === 'postgres') {
    spec('two processes asking at once on separate connections: exactly one gets the lease', async (store, target) => {
      const second = await Store.open(target);
      try {
        for (let round = 0; round < 5; round++) {
          const run = `race-${round}`;
          const results = await Promise.allSettled([
            store.leases.acquire(run, me, { now: 1_000_000, staleMs: 30_000 }),
            second.leases.acquire(run, other, { now: 1_000_000, staleMs: 30_000 }),
          ]);
          assert.deepEqual(results.map((r) => r.status).sort(), ['fulfilled', 'rejected'], `round ${round}`);
          assert.ok(results.every((r) => r.status === 'fulfilled' || RunLeaseHeldError.isInstance(r.reason)));
        }
      } finally {
        await second.close();
      }
    });
  }
}
