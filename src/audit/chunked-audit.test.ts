import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import { checkMany } from '../check/check-many.ts';
import { postgresSkip } from '../store/testing/postgres.ts';
import { AuditStoppedError, collectAudit, runAuditWorker, type AuditEvent, type AuditOutcome, type AuditWorkerOptions } from './chunked-audit.ts';
import { AuditFileChangedError, AuditOptionsError } from './chunked-errors.ts';
import { chunkFacts } from './chunked-passes.ts';
import { auditProgress, claimChunk, completeChunk, createOrFindAudit, releaseChunk, renewLease, storeDesign, type AuditProgress } from './chunked-store.ts';
import type { SqlQueryable } from '../store/sql-queryable.ts';
import { DEFAULT_CUE } from './cue.ts';
import { planPrevalence, runPrevalence, type Labeller, type PrevalenceOptions } from './prevalence-run.ts';
import { auditDatabase } from './testing/audit-db.ts';
import { generateLog } from './testing/generate-log.ts';

const skip = (await postgresSkip()) || false;
const options: PrevalenceOptions = { sample: 300, seed: 11, strata: 'model', only: {}, cue: DEFAULT_CUE, reps: 200, level: 0.95, setup: 'C0' };
const label: Labeller = async (records) => (await checkMany(records, { jobs: 1, setup: 'C0' })).map((r) => ('label' in r ? r.label : { error: r.error.message }));

function logFile(turns = 3000): string {
  const file = join(mkdtempSync(join(tmpdir(), 'felicity-audit-')), 'logs.jsonl');
  writeFileSync(file, generateLog(turns));
  return file;
}

async function singleProcess(file: string) {
  const plan = await planPrevalence(file, options);
  return { plan, ...(await runPrevalence(plan, options, label)) };
}

function worker(pool: AuditWorkerOptions['pool'], file: string, more: Partial<AuditWorkerOptions> = {}): Promise<AuditOutcome> {
  return runAuditWorker({ pool, file, chunkBytes: 20_000, options, label, labelledBy: 'rules', worker: `test:${process.pid}`, leaseSeconds: 30, pollMs: 20, ...more });
}

/** An audit of one range, recorded directly (no worker), for tests of the row protocol. */
async function oneRangeAudit(pool: AuditWorkerOptions['pool'], name: string, file = 'x.jsonl', size = 10) {
  const stored = { labelledBy: 'rules', sample: 1, seed: 1, strata: 'model' as const, only: {}, cue: 'x', cueFlags: 'i', reps: 100, level: 0.95, setup: 'C0' };
  const { audit } = await createOrFindAudit(pool, { name, file, identity: { size, hash: 'h', mtimeMs: 0 }, options: stored, chunkBytes: size }, async () => [{ start: 0, end: size }]);
  return audit;
}

/** The chunked outcome says what the single process says: report, unlabelled turns, bad lines. */
function assertSameAsSingle(outcome: AuditOutcome, single: Awaited<ReturnType<typeof singleProcess>>): void {
  assert.ok(outcome.finished && outcome.report, 'the audit finished with an estimate');
  assert.deepEqual(outcome.report, single.report);
  assert.deepEqual(outcome.unlabelled, single.unlabelled);
  assert.deepEqual(outcome.problems, single.plan.problems.slice(0, 20));
  assert.equal(outcome.problemCount, single.plan.problems.length);
}

test('one worker over many ranges gives the single-process estimate, with tool-using conversations left out and bad lines at their global line numbers', { skip }, async () => {
  const db = await auditDatabase();
  try {
    const file = logFile();
    const single = await singleProcess(file);
    assert.ok(single.report.excluded.conversations > 0 && single.plan.problems.length > 0, 'the log has tool-using conversations and bad lines');
    assert.ok(single.report.estimate.strata.length >= 4);
    const events: AuditEvent[] = [];
    const outcome = await worker(db.pool, file, { name: 'one', onEvent: (e) => void events.push(e) });
    assertSameAsSingle(outcome, single);
    assert.ok(outcome.audit.chunks > 10, `${outcome.audit.chunks} ranges`);
    assert.equal(events.filter((e) => e.kind === 'designed').length, 1);
    // Collecting again from the database alone gives the same.
    assertSameAsSingle(await collectAudit(db.pool, 'one'), single);
  } finally {
    await db.drop();
  }
});

test('three concurrent workers on small ranges give the single-process estimate; each row is claimed once and done', { skip }, async () => {
  const db = await auditDatabase();
  try {
    const file = logFile();
    const single = await singleProcess(file);
    const events: AuditEvent[][] = [[], [], []];
    const outcomes = await Promise.all([0, 1, 2].map((k) => worker(db.pool, file, { name: 'three', chunkBytes: 4_000, worker: `w${k}`, onEvent: (e) => void events[k]!.push(e) })));
    for (const outcome of outcomes) assertSameAsSingle(outcome, single);
    assert.equal(events.flat().filter((e) => e.kind === 'estimated').length, 1, 'one worker computes the estimate, the others print it');
    assert.equal(events.flat().filter((e) => e.kind === 'designed').length, 1);
    const { rows } = await db.pool.query(`SELECT count(*)::int AS n, max(claims) AS most, count(*) FILTER (WHERE state <> 'done' OR result IS NULL)::int AS open FROM audit_chunks`);
    assert.ok(rows[0].n > 50, `${rows[0].n} rows`);
    assert.equal(rows[0].most, 1);
    assert.equal(rows[0].open, 0);
  } finally {
    await db.drop();
  }
});

test('a worker killed holding a row: another takes the row over when its lease runs out and finishes with the same estimate', { skip }, async () => {
  const db = await auditDatabase();
  try {
    const file = logFile();
    const single = await singleProcess(file);
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'testing', 'audit-worker-child.ts'), db.url, file, 'killed', '20000'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    let held = -1;
    for await (const line of createInterface({ input: child.stdout! })) {
      const m = /^holding (\d+)$/.exec(line);
      if (m) {
        held = Number(m[1]);
        break;
      }
    }
    assert.ok(held >= 0, 'the child claimed a pass-2 row');
    child.kill('SIGKILL');
    await exited;
    const before = await db.pool.query(`SELECT state, claims FROM audit_chunks WHERE pass = 2 AND chunk = $1`, [held]);
    assert.deepEqual(before.rows[0], { state: 'claimed', claims: 1 });
    const events: AuditEvent[] = [];
    const outcome = await worker(db.pool, file, { name: 'killed', onEvent: (e) => void events.push(e), leaseSeconds: 1 });
    assertSameAsSingle(outcome, single);
    assert.ok(events.some((e) => e.kind === 'claimed' && e.pass === 2 && e.chunk === held && e.takenOver));
    assert.ok(!events.some((e) => e.kind === 'claimed' && e.pass === 1), 'pass 1 was done by the killed worker');
    const after = await db.pool.query(`SELECT pass, chunk, claims, state, result IS NOT NULL AS written FROM audit_chunks ORDER BY pass, chunk`);
    for (const row of after.rows) {
      assert.equal(row.state, 'done');
      assert.equal(row.written, true);
      assert.equal(row.claims, row.pass === 2 && row.chunk === held ? 2 : 1);
    }
  } finally {
    await db.drop();
  }
});

test('a worker that fails on a range gives it back: the next worker takes it at once, not after the lease', { skip, timeout: 120_000 }, async () => {
  const db = await auditDatabase();
  try {
    const file = logFile(600);
    const single = await singleProcess(file);
    const failing: Labeller = async () => {
      throw new Error('labelling failed');
    };
    // A lease far longer than the test may run: only the release lets the second worker in.
    await assert.rejects(worker(db.pool, file, { name: 'fails', label: failing, leaseSeconds: 3600 }), /labelling failed/);
    const held = await db.pool.query(`SELECT count(*)::int AS n FROM audit_chunks WHERE state = 'claimed'`);
    assert.equal(held.rows[0].n, 0);
    assertSameAsSingle(await worker(db.pool, file, { name: 'fails', leaseSeconds: 3600 }), single);
    const retried = await db.pool.query(`SELECT count(*)::int AS n FROM audit_chunks WHERE claims = 2`);
    assert.equal(retried.rows[0].n, 1, 'the range the first worker failed on was claimed again');
  } finally {
    await db.drop();
  }
});

test('a stopped worker gives its range back at once and takes no other; the next worker finishes with the same estimate', { skip }, async () => {
  const db = await auditDatabase();
  try {
    const file = logFile(600);
    const single = await singleProcess(file);
    const stop = new AbortController();
    // Labelling never ends: only the stop ends this worker.
    const stuck: Labeller = () => new Promise(() => {});
    const events: AuditEvent[] = [];
    const stopped = worker(db.pool, file, {
      name: 'stopped',
      label: stuck,
      leaseSeconds: 3600,
      stop: stop.signal,
      onEvent: (e) => {
        events.push(e);
        if (e.kind === 'claimed' && e.pass === 2) setImmediate(() => stop.abort());
      },
    });
    const error = await stopped.then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof AuditStoppedError, String(error));
    const held = events.find((e) => e.kind === 'claimed' && e.pass === 2) as Extract<AuditEvent, { kind: 'claimed' }>;
    assert.deepEqual(error.gaveBack, { pass: 2, chunk: held.chunk });
    assert.equal(events.filter((e) => e.kind === 'claimed' && e.pass === 2).length, 1, 'no row claimed after the stop');
    const row = await db.pool.query(`SELECT state, claims FROM audit_chunks WHERE pass = 2 AND chunk = $1`, [held.chunk]);
    assert.deepEqual(row.rows[0], { state: 'pending', claims: 1 });
    // A lease of an hour: only the give-back lets the next worker in before the test times out.
    assertSameAsSingle(await worker(db.pool, file, { name: 'stopped', leaseSeconds: 3600 }), single);
  } finally {
    await db.drop();
  }
});

test('progress is read in one snapshot: a design committed while it is read never shows as designed with its pass-2 rows missing', { skip }, async () => {
  const db = await auditDatabase();
  try {
    const file = logFile(600);
    const size = statSync(file).size;
    const audit = await oneRangeAudit(db.pool, 'snapshot', file, size);
    for (let claim = await claimChunk(db.pool, audit.id, 'a', 60); claim; claim = await claimChunk(db.pool, audit.id, 'a', 60)) {
      await completeChunk(db.pool, claim, await chunkFacts(file, claim, options));
    }
    const pass2Rows = [{ chunk: 0, start: 0, end: size, firstLine: 1, turns: 3, selected: [0, 2] }];
    // Another worker commits the design right after this reader's first statement, as a scheduler may.
    let designed = false;
    const reader: SqlQueryable = {
      async query(sql, params) {
        const result = await db.pool.query(sql, params as unknown[]);
        if (!designed) {
          designed = true;
          await storeDesign(db.pool, audit.id, () => ({ summary: {}, rows: pass2Rows }));
        }
        return result;
      },
    };
    const progress: AuditProgress = await auditProgress(reader, audit.id);
    assert.ok(designed);
    assert.ok(!progress.designed || progress.pass2.rows === 1, `read ${JSON.stringify(progress)}`);
    assert.deepEqual(await auditProgress(db.pool, audit.id), { pass1: { rows: 1, done: 1 }, pass2: { rows: 1, done: 0 }, designed: true });
  } finally {
    await db.drop();
  }
});

test('a result is written only under the claim still held: a worker whose row was taken over writes nothing', { skip }, async () => {
  const db = await auditDatabase();
  try {
    const audit = await oneRangeAudit(db.pool, 'race');
    const first = (await claimChunk(db.pool, audit.id, 'a', 60))!;
    assert.equal(await claimChunk(db.pool, audit.id, 'b', 60), undefined, 'a leased row is not open');
    // The first worker stalls past its lease (set in the past rather than waited for).
    await db.pool.query(`UPDATE audit_chunks SET lease_until = now() - interval '1 second'`);
    const second = (await claimChunk(db.pool, audit.id, 'b', 60))!;
    assert.equal(second.earlierClaims, 1);
    assert.equal(await completeChunk(db.pool, first, { by: 'a' }), false);
    assert.equal(await completeChunk(db.pool, second, { by: 'b' }), true);
    assert.equal(await completeChunk(db.pool, second, { by: 'b again' }), false);
    const { rows } = await db.pool.query('SELECT state, result, worker FROM audit_chunks');
    assert.deepEqual(rows, [{ state: 'done', result: { by: 'b' }, worker: 'b' }]);
  } finally {
    await db.drop();
  }
});

test('a held lease is renewed in database time; a row given back after a failure is open to the next worker at once', { skip }, async () => {
  const db = await auditDatabase();
  try {
    const audit = await oneRangeAudit(db.pool, 'renew');
    const claim = (await claimChunk(db.pool, audit.id, 'a', 1))!;
    const short = await db.pool.query(`SELECT lease_until < now() + interval '2 seconds' AS short FROM audit_chunks`);
    assert.equal(short.rows[0].short, true);
    assert.equal(await renewLease(db.pool, claim, 600), true);
    const renewed = await db.pool.query(`SELECT lease_until > now() + interval '500 seconds' AS long FROM audit_chunks`);
    assert.equal(renewed.rows[0].long, true);
    await releaseChunk(db.pool, claim);
    assert.equal(await renewLease(db.pool, claim, 600), false, 'a released claim is not held');
    const next = (await claimChunk(db.pool, audit.id, 'b', 60))!;
    assert.equal(next.chunk, 0);
    assert.equal(next.earlierClaims, 1);
  } finally {
    await db.drop();
  }
});

test('a worker refuses a changed file and other options for an existing audit, naming what differs', { skip }, async () => {
  const db = await auditDatabase();
  try {
    const file = logFile(300);
    // JSONB keeps its own key order: joining with the same --only fields in any order is the same audit.
    const only = { language: 'English', model: 'gpt-4' };
    await worker(db.pool, file, { name: 'same', options: { ...options, only } });
    await worker(db.pool, file, { name: 'same', options: { ...options, only: { model: 'gpt-4', language: 'English' } } });
    await assert.rejects(worker(db.pool, file, { name: 'same', options: { ...options, only, seed: 12 } }), (e: unknown) => AuditOptionsError.isInstance(e) && e.field === 'seed' && e.expected === '11' && e.got === '12');
    await assert.rejects(worker(db.pool, file, { name: 'same', options: { ...options, only }, labelledBy: 'llm, judge sha256:0123' }), (e: unknown) => AuditOptionsError.isInstance(e) && e.field === 'labelledBy');
    appendFileSync(file, '{"messages": []}\n');
    await assert.rejects(worker(db.pool, file, { name: 'same', options: { ...options, only } }), (e: unknown) => AuditFileChangedError.isInstance(e) && e.field === 'size' && /not the file the audit was created over/.test(e.message));
  } finally {
    await db.drop();
  }
});
