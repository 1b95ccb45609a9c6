/**
 * A large `felicity prevalence` audit shared by many workers through a database, with the SAME
 * estimate as the single-process command on the same file, options and seed.
 *
 * Why two passes. The two-stage design is global: each stratum's sample quota comes from every
 * stratum's non-cue count (`allocate`), one seeded generator draws the strata in turn, a
 * conversation that uses tools on any line leaves all its turns out, and the clustered bootstrap
 * groups turns by conversation across the whole file. So no range can choose its turns alone.
 *  1. Pass 1, per byte range of whole lines (chunked-ranges.ts): compact facts per turn (stratum,
 *     conversation, cue word, tool use; no text), line count, first bad lines (chunked-passes.ts).
 *  2. Design, once (the first worker to find pass 1 done, under the audit row's lock): the facts put
 *     together in file order are the very turn list `planPrevalence` builds, so `selectFromFacts`
 *     leaves out the same conversations and selects the same turns with the same seed; each
 *     range gets a pass-2 row with its first global line and the positions of its selected turns.
 *  3. Pass 2, per range holding selected turns: read again, label those turns (rules engine),
 *     store their compact values (turn-values.ts).
 *  4. Estimate: pass-1 facts and pass-2 values give `prevalenceReport` exactly the inputs
 *     `runPrevalence` gives it (chunked-plan.ts), hence the same numbers and the same output. One
 *     worker computes it (the bootstrap costs about as much as the labelling) under a lease and
 *     stores it (chunked-estimate.ts); the others print the stored one.
 * Line numbers: a range counts its lines from 1; the design adds the lines of the ranges before it,
 * so bad lines and `line-N` ids of id-less records get their global numbers. The worker that designs
 * and the one that estimates hold the facts of every turn in memory (no text: some 100 bytes a turn
 * besides the stored results, measured at a million turns), as the global design and the clustered
 * bootstrap need them; labels and texts never leave their range.
 *
 * Any worker may be killed: its row's lease (database time) runs out and another worker takes the
 * row over; a result is written only under a claim still held (chunked-store.ts). Every worker must
 * read the same file at the same path; its size and a hash of its first and last MiB are checked
 * against the audit's, and a different file is refused.
 */
import { createHash, randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileChunkRanges, fileIdentity } from './chunked-file.ts';
import { AuditFileChangedError, AuditNotFoundError, AuditOptionsError } from './chunked-errors.ts';
import { chunkFacts, chunkValues, type ChunkFacts, type ChunkValue } from './chunked-passes.ts';
import { decodeEstimate, encodeEstimate, type AuditEstimate } from './chunked-estimate.ts';
import { planFromFacts, reportFromValues } from './chunked-plan.ts';
import {
  auditProgress,
  claimChunk,
  claimEstimate,
  completeChunk,
  createOrFindAudit,
  findAudit,
  passResults,
  releaseChunk,
  renewEstimateLease,
  renewLease,
  storeDesign,
  storedEstimate,
  storeEstimate,
  type AuditProgress,
  type AuditRow,
  type Claim,
  type StoredOptions,
} from './chunked-store.ts';
import type { SqlPool } from '../store/sql-queryable.ts';
import type { Labeller, PrevalenceOptions } from './prevalence-run.ts';

export interface AuditWorkerOptions {
  pool: SqlPool;
  file: string;
  /** The audit's name (default: the file's name and a hash of its identity and the options). */
  name?: string;
  /** Bytes per range when this worker creates the audit. */
  chunkBytes: number;
  options: PrevalenceOptions;
  label: Labeller;
  /**
   * What labels (an engine and its judge, no secret): part of the audit's options, so workers
   * labelling differently cannot mix their labels in one audit.
   */
  labelledBy: string;
  /** This worker as rows name it (host:pid). */
  worker: string;
  leaseSeconds: number;
  /** How long to wait before looking again when no row is open but the audit is not done. */
  pollMs: number;
  /** Progress; awaited, so a test can hold the worker at a point. */
  onEvent?: (event: AuditEvent) => void | Promise<void>;
  /**
   * Ctrl-C: take no more rows, give back the row held (another worker takes it at once, not after
   * its lease) and end with an `AuditStoppedError`.
   */
  stop?: AbortSignal;
}

/** The worker was stopped (`stop`); the row it held, if any, is open again. */
export class AuditStoppedError extends Error {
  constructor(readonly gaveBack: { pass: 1 | 2; chunk: number } | undefined) {
    super(gaveBack === undefined ? 'stopped' : `stopped; pass ${gaveBack.pass} range ${gaveBack.chunk} given back`);
    this.name = 'AuditStoppedError';
  }
}

export type AuditEvent =
  | { kind: 'created' | 'joined'; audit: string; chunks: number }
  | { kind: 'claimed'; pass: 1 | 2; chunk: number; takenOver: boolean }
  | { kind: 'done'; pass: 1 | 2; chunk: number }
  | { kind: 'lost'; pass: 1 | 2; chunk: number }
  | { kind: 'designed'; judged: number; rows: number }
  | { kind: 'estimated' };

export type AuditOutcome = { finished: false; audit: AuditRow; progress: AuditProgress } | ({ finished: true; audit: AuditRow } & AuditEstimate);

export function storedOptions(options: PrevalenceOptions, labelledBy: string): StoredOptions {
  return {
    labelledBy,
    sample: Number.isFinite(options.sample) ? options.sample : 'all',
    seed: options.seed,
    strata: options.strata,
    only: options.only,
    cue: options.cue.source,
    cueFlags: options.cue.flags,
    reps: options.reps,
    level: options.level,
    setup: options.setup,
  };
}

export function optionsOf(stored: StoredOptions): PrevalenceOptions {
  const { labelledBy: _labelledBy, ...options } = stored;
  return { ...options, sample: stored.sample === 'all' ? Infinity : stored.sample, cue: new RegExp(stored.cue, stored.cueFlags) };
}

/** The name every worker running the same command on the same file derives. */
export function defaultAuditName(file: string, hash: string, options: StoredOptions): string {
  return `${basename(file)}-${createHash('sha256').update(hash).update(canonical(options)).digest('hex').slice(0, 12)}`;
}

function checkSameAudit(audit: AuditRow, file: string, identity: { size: number; hash: string }, options: StoredOptions): void {
  if (audit.fileSize !== identity.size) throw new AuditFileChangedError(audit.name, file, 'size', `${audit.fileSize} bytes`, `${identity.size} bytes`);
  if (audit.fileHash !== identity.hash) throw new AuditFileChangedError(audit.name, file, 'hash', audit.fileHash.slice(0, 16), identity.hash.slice(0, 16));
  for (const key of Object.keys(options) as (keyof StoredOptions)[]) {
    const expected = canonical(audit.options[key]);
    const got = canonical(options[key]);
    if (expected !== got) throw new AuditOptionsError(audit.name, key, expected, got);
  }
}

/** JSON with object keys sorted: the database's JSONB keeps its own key order. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return JSON.stringify(value) ?? 'undefined';
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/** Runs one worker until the audit is done, then collects it. */
export async function runAuditWorker(o: AuditWorkerOptions): Promise<AuditOutcome> {
  const identity = await fileIdentity(o.file);
  const stored = storedOptions(o.options, o.labelledBy);
  const name = o.name ?? defaultAuditName(o.file, identity.hash, stored);
  const { audit, created } = await createOrFindAudit(o.pool, { name, file: o.file, identity, options: stored, chunkBytes: o.chunkBytes }, () => fileChunkRanges(o.file, identity.size, o.chunkBytes));
  checkSameAudit(audit, o.file, identity, stored);
  await o.onEvent?.({ kind: created ? 'created' : 'joined', audit: audit.name, chunks: audit.chunks });
  const options = optionsOf(audit.options);
  for (;;) {
    if (o.stop?.aborted) throw new AuditStoppedError(undefined);
    const claim = await claimChunk(o.pool, audit.id, o.worker, o.leaseSeconds);
    if (claim) {
      await work(o, options, claim);
      continue;
    }
    const progress = await auditProgress(o.pool, audit.id);
    if (!progress.designed && progress.pass1.done === progress.pass1.rows) {
      let judged = 0;
      let rows = 0;
      const designedNow = await storeDesign(o.pool, audit.id, (pass1) => {
        const plan = planFromFacts(audit.file, pass1.map((r) => r.result as ChunkFacts), options);
        const next = plan.selected.flatMap((selected, chunk) => (selected.length === 0 ? [] : [{ chunk, start: pass1[chunk]!.start, end: pass1[chunk]!.end, firstLine: plan.firstLines[chunk]!, turns: plan.rangeTurns[chunk]!, selected }]));
        judged = plan.judged.length;
        rows = next.length;
        return { summary: { records: plan.records, turnsRead: plan.turns, kept: plan.keptTurns, judged, problems: plan.problemCount, rows }, rows: next };
      });
      if (designedNow) await o.onEvent?.({ kind: 'designed', judged, rows });
      continue;
    }
    if (progress.designed && progress.pass2.done === progress.pass2.rows) {
      const estimate = await estimateOnce(o, audit);
      if (estimate) return { finished: true, audit, ...estimate };
    }
    await sleep(o.pollMs, undefined, o.stop === undefined ? undefined : { signal: o.stop }).catch(() => undefined);
  }
}

/** The task's result, unless `stop` aborts first: then an AuditStoppedError at once (the task is left to the exit). */
function unlessStopped<T>(stop: AbortSignal | undefined, claim: Claim, task: Promise<T>): Promise<T> {
  if (stop === undefined) return task;
  return new Promise<T>((resolve, reject) => {
    const onStop = () => reject(new AuditStoppedError({ pass: claim.pass, chunk: claim.chunk }));
    if (stop.aborted) return onStop();
    stop.addEventListener('abort', onStop, { once: true });
    task.then(resolve, reject).finally(() => stop.removeEventListener('abort', onStop));
  });
}

/** Runs `task` while renewing a lease every third of it; the renewals are over when it returns. */
async function withHeartbeat<T>(renew: () => Promise<boolean>, leaseSeconds: number, task: () => Promise<T>): Promise<T> {
  let renewing = Promise.resolve(true);
  const heartbeat = setInterval(() => {
    renewing = renewing.then(renew).catch(() => false);
  }, (leaseSeconds * 1000) / 3);
  try {
    return await task();
  } finally {
    clearInterval(heartbeat);
    await renewing;
  }
}

async function work(o: AuditWorkerOptions, options: PrevalenceOptions, claim: Claim): Promise<void> {
  await o.onEvent?.({ kind: 'claimed', pass: claim.pass, chunk: claim.chunk, takenOver: claim.earlierClaims > 0 });
  let result: unknown;
  try {
    result = await withHeartbeat<unknown>(
      () => renewLease(o.pool, claim, o.leaseSeconds),
      o.leaseSeconds,
      () =>
        unlessStopped<unknown>(
          o.stop,
          claim,
          claim.pass === 1
            ? chunkFacts(o.file, claim, options)
            : chunkValues(o.file, { start: claim.start, end: claim.end, firstLine: claim.firstLine! }, claim.selected!.selected, claim.selected!.turns, options, o.label),
        ),
    );
  } catch (error) {
    // Another worker (one that can read the file, say) may take the row at once.
    await releaseChunk(o.pool, claim).catch(() => {});
    throw error;
  }
  const written = await completeChunk(o.pool, claim, result);
  await o.onEvent?.({ kind: written ? 'done' : 'lost', pass: claim.pass, chunk: claim.chunk });
}

/**
 * The stored estimate; or, when no other worker is computing it, computed here and stored;
 * undefined while another worker computes it.
 */
async function estimateOnce(o: AuditWorkerOptions, audit: AuditRow): Promise<AuditEstimate | undefined> {
  const stored = await storedEstimate(o.pool, audit.id);
  if (stored !== undefined) return decodeEstimate(stored);
  const token = `${o.worker}/${randomUUID()}`;
  if (!(await claimEstimate(o.pool, audit.id, token, o.leaseSeconds))) return undefined;
  const estimate = await withHeartbeat(() => renewEstimateLease(o.pool, audit.id, token, o.leaseSeconds), o.leaseSeconds, () => computeEstimate(o.pool, audit));
  const encoded = encodeEstimate(estimate);
  if (await storeEstimate(o.pool, audit.id, token, encoded)) await o.onEvent?.({ kind: 'estimated' });
  // What every other worker prints: the stored form.
  return decodeEstimate(encoded);
}

/** The estimate from the database, once every row of both passes is done: the stored one, or computed. */
export async function collectAudit(pool: SqlPool, name: string): Promise<AuditOutcome> {
  const audit = await findAudit(pool, name);
  if (!audit) throw new AuditNotFoundError(name);
  const progress = await auditProgress(pool, audit.id);
  if (!progress.designed || progress.pass2.done < progress.pass2.rows) return { finished: false, audit, progress };
  const stored = await storedEstimate(pool, audit.id);
  return { finished: true, audit, ...(stored !== undefined ? decodeEstimate(stored) : decodeEstimate(encodeEstimate(await computeEstimate(pool, audit)))) };
}

async function computeEstimate(pool: SqlPool, audit: AuditRow): Promise<AuditEstimate> {
  const options = optionsOf(audit.options);
  const pass1 = await passResults(pool, audit.id, 1);
  const facts = Array.from({ length: audit.chunks }, (_, chunk) => pass1.get(chunk) as ChunkFacts);
  const plan = planFromFacts(audit.file, facts, options);
  const lines = { problems: plan.problems, problemCount: plan.problemCount };
  if (plan.records === 0) return { ...lines, failure: `${audit.file}: no chat log record in a known format (OpenAI "messages", ShareGPT "conversations", WildChat "conversation")` };
  if (plan.keptTurns === 0) return { ...lines, failure: `${audit.file}: no assistant turn left to estimate from (${plan.turns} read, ${plan.filteredOut} left out by --only, ${plan.excluded.turns} tool-using)` };
  const pass2 = await passResults(pool, audit.id, 2);
  const values = plan.selected.map((selected, chunk) => (selected.length === 0 ? [] : (pass2.get(chunk) as ChunkValue[])));
  return { ...lines, ...reportFromValues(plan, options, values) };
}
