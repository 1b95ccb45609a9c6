/**
 * A worker thread of the check pool (check-pool.ts): labels a block of a JSON Lines file
 * (`labelBlock`) or a batch of records (`labelRecords`) with the offline rules. The deployment
 * schema is deferred as in `felicity check`, so a worker that never meets an inline deployment
 * never loads zod.
 */
import { deferInlineDeployments, loadInlineDeployments, needsInlineDeployments } from './inline-deployments.ts';
import type { RecordsTask, RecordOutcome } from './check-many.ts';

deferInlineDeployments();
const { labelBlock } = await import('./label-block.ts');
const { check } = await import('./check.ts');
const { CheckInputError } = await import('./check-input-error.ts');

export { labelBlock };

export async function labelRecords(task: RecordsTask): Promise<RecordOutcome[]> {
  if (task.records.some(needsInlineDeployments)) await loadInlineDeployments();
  return task.records.map((record): RecordOutcome => {
    try {
      return { label: check(record, { ...(task.setup === undefined ? {} : { setup: task.setup }), ...(task.strictArguments === true ? { strictArguments: true } : {}) }) };
    } catch (error) {
      if (!CheckInputError.isInstance(error)) throw error;
      return { error: { field: error.field, problem: error.problem, expected: error.expected, got: error.got } };
    }
  });
}
