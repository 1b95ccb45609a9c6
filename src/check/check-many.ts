/**
 * `checkMany`: many turn records labelled on every core where that pays, results in input order. Records go to
 * worker threads in batches as structured clones, so they must be plain data (what JSON.parse
 * gives); each result is the label `check` would return, or the `CheckInputError` it would throw.
 */
import type { LabelRecord } from '../core/types.ts';
import type { Deployment } from '../setups/deployment.ts';
import { check, emitInputWarning, type CheckOptions } from './check.ts';
import { adaptRecord } from './input-formats/adapt-record.ts';
import { CheckInputError } from './check-input-error.ts';
import type { CheckPool } from './check-pool.ts';
import { jobsForTurns, type JobsChoice } from './worker-threshold.ts';

export interface CheckManyOptions extends CheckOptions {
  /**
   * Worker threads; 1 labels in this thread. Default `auto`: the available cores when there are
   * enough records for workers to pay for their start (WORKERS_PAY_FROM_TURNS), else this thread.
   */
  jobs?: JobsChoice;
}

export type CheckManyResult = { label: LabelRecord } | { error: CheckInputError };

/** What crosses back from a worker for one record: the label, or the error's facts. */
export type RecordOutcome = { label: LabelRecord } | { error: { field: string; problem: string; expected: string | undefined; got: string | undefined } };

export interface RecordsTask {
  records: unknown[];
  setup: Deployment | string | undefined;
  /** `CheckOptions.strictArguments`, carried to the worker. */
  strictArguments?: boolean;
}

/** Records per batch sent to a worker: large enough that a batch costs far more than its message. */
const BATCH = 256;

export async function checkMany(records: readonly unknown[], options: CheckManyOptions = {}): Promise<CheckManyResult[]> {
  const { jobs: asked, ...given } = options;
  if (asked !== undefined && asked !== 'auto' && (!Number.isInteger(asked) || asked < 1)) throw new RangeError(`checkMany: jobs must be 'auto' or an integer ≥ 1, got ${String(asked)}`);
  const jobs = jobsForTurns(asked ?? 'auto', records.length);
  // Read here, in any message format, so a chosen format and the warnings hold on every path
  // (a warning callback cannot cross to a worker); the workers get turn records.
  const { records: read, failed } = readRecords(records, given);
  const checkOptions: CheckOptions = { ...given, inputFormat: 'openai' };
  const results = jobs === 1 || records.length <= BATCH ? read.map((record) => inThisThread(record, checkOptions)) : await onPool(jobs, read, checkOptions.setup, checkOptions.strictArguments === true);
  for (const [i, error] of failed) results[i] = { error };
  return results;
}

async function onPool(jobs: number, records: readonly unknown[], setup: Deployment | string | undefined, strictArguments: boolean): Promise<CheckManyResult[]> {
  const { CheckPool } = await import('./check-pool.ts');
  const pool = new CheckPool(jobs);
  try {
    return await labelOnPool(pool, records, setup, BATCH, strictArguments);
  } finally {
    await pool.destroy();
  }
}

/** Each record as the turn record it stands for; a warning's field names the record (`records[3].messages[1].content[0]`). */
function readRecords(records: readonly unknown[], options: CheckOptions): { records: unknown[]; failed: Map<number, CheckInputError> } {
  const choice = options.inputFormat ?? 'auto';
  const warn = options.onWarning ?? emitInputWarning;
  const read: unknown[] = [];
  const failed = new Map<number, CheckInputError>();
  for (let i = 0; i < records.length; i++) {
    try {
      read.push(adaptRecord(records[i], choice, (warning) => warn({ field: `records[${i}].${warning.field}`, message: warning.message })).record);
    } catch (error) {
      if (!CheckInputError.isInstance(error)) throw error;
      failed.set(i, error);
      read.push(records[i]);
    }
  }
  return { records: read, failed };
}

/** Records labelled on `pool` in batches of `batch`, all at once, results in input order. */
export async function labelOnPool(pool: CheckPool, records: readonly unknown[], setup: Deployment | string | undefined, batch: number, strictArguments = false): Promise<CheckManyResult[]> {
  const batches: Promise<RecordOutcome[]>[] = [];
  for (let start = 0; start < records.length; start += batch) batches.push(pool.labelRecords({ records: records.slice(start, start + batch), setup, ...(strictArguments ? { strictArguments } : {}) }));
  return (await Promise.all(batches)).flat().map((outcome) => ('label' in outcome ? outcome : { error: new CheckInputError(outcome.error.field, outcome.error.problem, outcome.error.expected, outcome.error.got) }));
}

function inThisThread(record: unknown, options: CheckOptions): CheckManyResult {
  try {
    return { label: check(record, options) };
  } catch (error) {
    if (!CheckInputError.isInstance(error)) throw error;
    return { error };
  }
}
