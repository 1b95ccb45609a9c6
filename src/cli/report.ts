/**
 * `felicity report RUN… --db FILE --out DIR`: tables, figures and report.html from stored
 * judgments, with no model call; or `--responses FILE --labels FILE` for records from outside a
 * run. Headline numbers and progress go to stderr. Thin: the work is in src/report/.
 */
import { Command, InvalidArgumentError } from '@commander-js/extra-typings';
import { loadFiles } from '../report/load-files.ts';
import { loadRuns } from '../report/load-run.ts';
import { ReportInputError } from '../report/report-input-error.ts';
import type { ReportResponse } from '../report/report-response.ts';
import { DEFAULT_REQUESTS, readRequestInfo, type LineProblem } from '../report/request-info.ts';
import { REPORT_FORMATS, writeReport, type ReportFormat } from '../report/write-report.ts';
import { DEFAULT_REPS, DEFAULT_SEED } from '../stats/cluster-bootstrap.ts';
import { Store } from '../store/index.ts';
import { UsageError, guarded } from './bench-errors.ts';
import { DEFAULT_DB } from './export.ts';
import { EXIT } from './exit-codes.ts';

function integer(min: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`expected an integer ≥ ${min}`);
    return n;
  };
}

function formats(value: string): ReportFormat[] {
  const list = value.split(',').map((f) => f.trim()).filter((f) => f !== '');
  const bad = list.filter((f) => !(REPORT_FORMATS as readonly string[]).includes(f));
  if (bad.length > 0 || list.length === 0) throw new InvalidArgumentError(`formats are a comma-separated list of ${REPORT_FORMATS.join(', ')}`);
  return list as ReportFormat[];
}

const say = (line: string) => process.stderr.write(`felicity report: ${line}\n`);

export function reportCommand() {
  return new Command('report')
    .description("the paper's tables, figures and a browsable report.html for stored runs (or exported records), with bootstrap intervals")
    .argument('[runs...]', 'run names; runs with the same request set are pooled')
    .requiredOption('--out <dir>', 'directory to write report.html, tables/ and figures/ into')
    .option('--db <path>', 'database file', DEFAULT_DB)
    .option('--engine <engine>', 'whose labels to report (as given to felicity judge)', 'rules')
    .option('--reps <n>', 'bootstrap replicates', integer(1), DEFAULT_REPS)
    .option('--seed <n>', 'bootstrap seed (the same seed gives the same intervals)', integer(0), DEFAULT_SEED)
    .option('--formats <list>', `outputs to write, from ${REPORT_FORMATS.join(',')}`, formats, [...REPORT_FORMATS])
    .option('--responses <file>', 'response records (JSONL) instead of runs, e.g. from felicity export')
    .option('--labels <file>', 'label records (JSONL) for --responses, e.g. from felicity check')
    .option('--requests <file>', 'request set giving each request its source', DEFAULT_REQUESTS)
    .addHelpText('after', '\nExamples:\n  $ felicity report Qwen3-8B-1a2b3c4d --db results.db --out report/\n  $ felicity report --responses responses.jsonl --labels labels.jsonl --out report/')
    .action(
      guarded('report', async (runs, options) => {
        try {
          const problems: LineProblem[] = [];
          const requests = readRequestInfo(options.requests, problems);
          let responses: ReportResponse[];
          let engine = options.engine;
          if (options.responses !== undefined || options.labels !== undefined) {
            if (options.responses === undefined || options.labels === undefined) throw new UsageError('--responses and --labels go together');
            if (runs.length > 0) throw new UsageError('give run names or --responses/--labels, not both');
            responses = loadFiles(options.responses, options.labels, requests, problems);
            engine = 'the labels file';
          } else {
            if (runs.length === 0) throw new UsageError('name at least one run (or give --responses and --labels)');
            const store = Store.open(options.db, { mustExist: true });
            try {
              const loaded = loadRuns(store, runs, options.engine, requests);
              responses = loaded.responses;
              engine = [...new Set(loaded.engines.values())].join(', ');
            } finally {
              store.close();
            }
          }
          say(`read ${responses.length} responses`);
          for (const p of problems.slice(0, 20)) say(`${p.file}:${p.line}: ${p.message} (line skipped)`);
          if (problems.length > 20) say(`… and ${problems.length - 20} more bad lines`);
          const started = performance.now();
          const report = await writeReport(responses, {
            out: options.out,
            formats: new Set(options.formats),
            reps: options.reps,
            seed: options.seed,
            engine,
            title: runs.length > 0 ? `felicity report: ${runs.join(', ')}` : 'felicity report',
            progress: say,
          });
          for (const line of report.headline) say(line);
          say(`${report.files.length} files in ${options.out} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
          if (problems.length > 0) process.exitCode = EXIT.badInput;
        } catch (err) {
          if (!ReportInputError.isInstance(err)) throw err;
          say(err.message);
          // Nothing judged yet is work left to do (exit 1); anything else is input to fix (exit 2).
          process.exitCode = err.code === 'NO_JUDGMENTS' ? EXIT.failed : EXIT.badInput;
        }
      }),
    );
}
