/**
 * `felicity judge RUN --engine rules|llm|hybrid`: labels a stored run's responses and prints outcome
 * counts per setup on stderr. Responses the engine already judged are skipped unless --force; model
 * judgments are cached in the run's database, so a forced second pass makes no call either (unless
 * --no-cache). Thin: the work is in src/benchmark/judge.ts.
 */
import { Command, Option } from '@commander-js/extra-typings';
import { parseJobs } from './integer-option.ts';
import { WORKERS_PAY_FROM_TURNS } from '../check/worker-threshold.ts';
import { ENGINE_NAMES } from '../benchmark/engines.ts';
import { guarded } from './bench-errors.ts';
import { DB_HELP, DEFAULT_DB } from './export.ts';

export function judgeCommand() {
  return new Command('judge')
    .description('label the responses of a stored run and store the labels; prints outcome counts per setup')
    .argument('<run>', 'run name')
    .addOption(new Option('--engine <engine>', 'labelling engine (the labels are stored under its full id; report and export take the short name)').choices(ENGINE_NAMES).makeOptionMandatory())
    .option('--db <file|url>', DB_HELP, DEFAULT_DB)
    .option('--force', 'relabel responses this engine already judged')
    .addOption(
      new Option('--jobs <n|auto>', 'worker threads for --engine rules; labels are the same for any number')
        .argParser(parseJobs)
        .default('auto' as const, `auto: one per core from ${WORKERS_PAY_FROM_TURNS.toLocaleString('en-US')} responses, where they pay; below, this thread`),
    )
    .option('--judge-model <spec>', 'judge model for --engine llm|hybrid (openai:MODEL, openai-compatible:URL#MODEL, ollama:MODEL)')
    .option('--cache <file>', 'judge cache file instead of the run database')
    .option('--no-cache', 'ask the judge model for every judgment')
    .option('--summary-json <file>', 'also write the run\'s outcome counts, rates, engine id and time as JSON (schema in the README)')
    .option('--verbose', 'print the full id of the engine the labels are stored under')
    .option('--dry-run', 'say how many judge calls and tokens labelling would take, and stop')
    .addHelpText('after', '\nExample:\n  $ npx felicity judge Qwen3-8B-1a2b3c4d --engine rules --db results.db')
    .action(
      // The checker and the store load when the command runs, not for `felicity --help`.
      guarded('judge', async (run, options) => (await import('./judge-action.ts')).runJudge(run, options)),
    );
}
