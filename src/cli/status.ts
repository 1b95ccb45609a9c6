/**
 * `felicity status RUN --db postgres://…`: a run's progress per worker (done, errors, claimed,
 * last heartbeat, running/stale/finished) and its totals. Thin: the queries are in
 * src/store/work-queue.ts.
 */
import { Command } from '@commander-js/extra-typings';
import { guarded } from './bench-errors.ts';

export function statusCommand() {
  return new Command('status')
    .description("show a run's progress per worker (`felicity run --worker`) and its totals")
    .argument('<run>', 'run name (as printed by `felicity run --worker`)')
    .requiredOption('--db <url>', 'the shared database the workers use (postgres://…)')
    .option('--json', 'print the progress as JSON (schema in the README, "Workers")')
    .addHelpText('after', '\nExample:\n  $ npx felicity status Qwen3-8B-1a2b3c4d --db postgres://felicity@db.lan/felicity')
    .action(guarded('status', async (run, options) => (await import('./status-action.ts')).showStatus(run, options)));
}
