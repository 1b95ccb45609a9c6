/**
 * What `felicity judge` does once its arguments are parsed (judge.ts defines the command): label a
 * stored run, with the work in src/benchmark/judge.ts. Loaded only when the command runs, so that
 * `felicity --help` does not load the checker or the store.
 */
import { createEngine, judgeEngineOf, type EngineName } from '../benchmark/engines.ts';
import { allFailed, noSuccessfulResponses, retryErrorsHint } from '../benchmark/failed-run.ts';
import { formatOutcomeCounts, judgeRun } from '../benchmark/judge.ts';
import { planRun } from '../benchmark/judge-plan.ts';
import { erroredNote } from '../check/check-jsonl.ts';
import { DatabaseJudgeCache } from '../check/judge-cache-db.ts';
import { judgingSummary, openEngine, PlanTally } from './judge-engine.ts';
import { usingStore } from './store-access.ts';
import { DamagedRecords } from './damaged-records.ts';
import { EXIT } from './usage-exit.ts';
import { buildSummary, totalsByOutcome, writeSummary } from './summary-json.ts';
import { jobsForTurns, type JobsChoice } from '../check/worker-threshold.ts';

/** The options as commander parses them (judge.ts). */
export interface JudgeFlags {
  engine: EngineName;
  db: string;
  jobs: JobsChoice;
  force?: true;
  judgeModel?: string;
  /** A file, false for --no-cache, undefined for the default. */
  cache?: string | false;
  dryRun?: true;
  summaryJson?: string;
  verbose?: true;
}

export async function runJudge(run: string, options: JudgeFlags): Promise<void> {
  const started = performance.now();
  await usingStore(options.db, { mustExist: true }, async (store) => {
    const opened = await openEngine({ engine: options.engine, judgeModel: options.judgeModel, cache: options.cache }, new DatabaseJudgeCache(store.db));
    try {
      if (options.dryRun) {
        const plans = new PlanTally();
        for await (const plan of planRun(store, run, opened.engine, { force: options.force ?? false })) plans.add(plan);
        process.stderr.write(`${plans.format('judge')}\n`);
        return;
      }
      const { id } = await store.runs.get(run);
      const failed = allFailed(await store.responses.counts(id));
      if (failed !== undefined) {
        process.stderr.write(`felicity judge: ${noSuccessfulResponses(run, failed)}; nothing to label; ${retryErrorsHint(run, store.location)}\n`);
        process.exitCode = EXIT.failed;
        // CI reads the file either way: nothing labelled, every response errored.
        if (options.summaryJson !== undefined) {
          const errored = (await store.responses.counts(id)).errors;
          writeSummary(options.summaryJson, buildSummary({ command: 'judge', run, engine: null, outcomes: {}, errored, seconds: (performance.now() - started) / 1000 }));
        }
        return;
      }
      // auto: workers only for a run with enough responses to pay for their start.
      const jobs = options.jobs === 'auto' ? jobsForTurns('auto', (await store.responses.counts(id)).total) : options.jobs;
      const engine = options.engine === 'rules' ? await createEngine('rules', { jobs }) : judgeEngineOf(opened.engine);
      const damaged = new DamagedRecords('judge');
      let summary;
      try {
        summary = await judgeRun(store, run, engine, { force: options.force ?? false, onDamaged: damaged.of(run) });
      } finally {
        await engine.close?.();
      }
      process.stderr.write(`felicity judge: ${summary.judged} responses labelled by ${engine.name} in run "${run}"\n`);
      if (summary.errored > 0) process.stderr.write(`felicity judge: ${erroredNote(summary.errored)}\n`);
      for (const f of summary.firstFailures) process.stderr.write(`felicity judge: could not label ${f.responseId}: ${f.message}\n`);
      if (summary.failures > 0) {
        process.stderr.write(`felicity judge: ${summary.failures} responses could not be labelled\n`);
        process.exitCode = EXIT.failed;
      }
      process.stderr.write(`${formatOutcomeCounts(summary.counts)}\n`);
      for (const line of judgingSummary('judge', opened)) process.stderr.write(`${line}\n`);
      damaged.finish();
      if (options.verbose) process.stderr.write(`felicity judge: engine id ${engine.name} (report --engine ${options.engine} finds it)\n`);
      if (options.summaryJson !== undefined) {
        writeSummary(
          options.summaryJson,
          buildSummary({
            command: 'judge',
            run,
            engine: engine.name,
            outcomes: totalsByOutcome(summary.counts),
            errored: summary.errored,
            seconds: (performance.now() - started) / 1000,
          }),
        );
      }
    } finally {
      await opened.close();
    }
  });
}
