/**
 * `felicity judge RUN --engine rules`: labels a stored run's responses and prints outcome counts
 * per setup on stderr. Responses the engine already judged are skipped unless --force. Thin: the
 * work is in src/bench/judge.ts.
 */
import { Command, Option } from '@commander-js/extra-typings';
import { ENGINE_NAMES, createEngine } from '../bench/engines.ts';
import { formatOutcomeCounts, judgeRun } from '../bench/judge.ts';
import { erroredNote } from '../check/check-jsonl.ts';
import { guarded } from './bench-errors.ts';
import { DEFAULT_DB } from './export.ts';
import { usingStore } from './store-access.ts';

export function judgeCommand() {
  return new Command('judge')
    .description('label the responses of a stored run and store the labels; prints outcome counts per setup')
    .argument('<run>', 'run name')
    .addOption(new Option('--engine <engine>', 'labelling engine').choices(ENGINE_NAMES).makeOptionMandatory())
    .option('--db <path>', 'database file', DEFAULT_DB)
    .option('--force', 'relabel responses this engine already judged')
    .addHelpText('after', '\nExample:\n  $ npx felicity judge Qwen3-8B-1a2b3c4d --engine rules --db results.db')
    .action(
      guarded('judge', async (run, options) => {
        await usingStore(options.db, { mustExist: true }, async (store) => {
          const engine = await createEngine(options.engine);
          const summary = judgeRun(store, run, engine, { force: options.force ?? false });
          process.stderr.write(`felicity judge: ${summary.judged} responses labelled by ${engine.name} in run "${run}"\n`);
          if (summary.errored > 0) process.stderr.write(`felicity judge: ${erroredNote(summary.errored)}\n`);
          for (const f of summary.firstFailures) process.stderr.write(`felicity judge: could not label ${f.responseId}: ${f.message}\n`);
          if (summary.failures > 0) {
            process.stderr.write(`felicity judge: ${summary.failures} responses could not be labelled\n`);
            process.exitCode = 1;
          }
          process.stderr.write(`${formatOutcomeCounts(summary.counts)}\n`);
        });
      }),
    );
}
