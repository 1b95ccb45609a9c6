/**
 * `felicity judge RUN --engine rules|llm|hybrid`: labels a stored run's responses and prints outcome
 * counts per setup on stderr. Responses the engine already judged are skipped unless --force; model
 * judgments are cached in the run's database, so a forced second pass makes no call either (unless
 * --no-cache). Thin: the work is in src/bench/judge.ts.
 */
import { Command, Option } from '@commander-js/extra-typings';
import { ENGINE_NAMES, createEngine, judgeEngineOf } from '../bench/engines.ts';
import { formatOutcomeCounts, judgeRun } from '../bench/judge.ts';
import { planRun } from '../bench/judge-plan.ts';
import { erroredNote } from '../check/check-jsonl.ts';
import { DatabaseJudgeCache } from '../check/judge-cache-db.ts';
import { guarded } from './bench-errors.ts';
import { DEFAULT_DB } from './export.ts';
import { judgingSummary, openEngine, PlanTally } from './judge-engine.ts';
import { usingStore } from './store-access.ts';

export function judgeCommand() {
  return new Command('judge')
    .description('label the responses of a stored run and store the labels; prints outcome counts per setup')
    .argument('<run>', 'run name')
    .addOption(new Option('--engine <engine>', 'labelling engine').choices(ENGINE_NAMES).makeOptionMandatory())
    .option('--db <path>', 'database file', DEFAULT_DB)
    .option('--force', 'relabel responses this engine already judged')
    .option('--judge-model <spec>', 'judge model for --engine llm|hybrid (openai:MODEL, openai-compatible:URL#MODEL, ollama:MODEL)')
    .option('--cache <file>', 'judge cache file instead of the run database')
    .option('--no-cache', 'ask the judge model for every judgment')
    .option('--dry-run', 'say how many judge calls and tokens labelling would take, and stop')
    .addHelpText('after', '\nExample:\n  $ npx felicity judge Qwen3-8B-1a2b3c4d --engine rules --db results.db')
    .action(
      guarded('judge', async (run, options) => {
        await usingStore(options.db, { mustExist: true }, async (store) => {
          const opened = await openEngine({ engine: options.engine, judgeModel: options.judgeModel, cache: options.cache }, new DatabaseJudgeCache(store.db));
          try {
            if (options.dryRun) {
              const plans = new PlanTally();
              for (const plan of planRun(store, run, opened.engine, { force: options.force ?? false })) plans.add(plan);
              process.stderr.write(`${plans.format('judge')}\n`);
              return;
            }
            const engine = options.engine === 'rules' ? await createEngine('rules') : judgeEngineOf(opened.engine);
            const summary = await judgeRun(store, run, engine, { force: options.force ?? false });
            process.stderr.write(`felicity judge: ${summary.judged} responses labelled by ${engine.name} in run "${run}"\n`);
            if (summary.errored > 0) process.stderr.write(`felicity judge: ${erroredNote(summary.errored)}\n`);
            for (const f of summary.firstFailures) process.stderr.write(`felicity judge: could not label ${f.responseId}: ${f.message}\n`);
            if (summary.failures > 0) {
              process.stderr.write(`felicity judge: ${summary.failures} responses could not be labelled\n`);
              process.exitCode = 1;
            }
            process.stderr.write(`${formatOutcomeCounts(summary.counts)}\n`);
            for (const line of judgingSummary('judge', opened)) process.stderr.write(`${line}\n`);
          } finally {
            await opened.close();
          }
        });
      }),
    );
}
