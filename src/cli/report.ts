/**
 * `felicity report RUN… --db FILE --out DIR`: tables, figures and report.html from stored
 * judgments, with no model call; or `--responses FILE --labels FILE` for records from outside a
 * run. Headline numbers and progress go to stderr. Thin: the work is in src/report/.
 */
import { Command, InvalidArgumentError, Option } from '@commander-js/extra-typings';
import { integerAtLeast } from './integer-option.ts';
import { REPORT_FORMATS, type ReportFormat } from '../report/report-formats.ts';
import { BUNDLED_REQUEST_SET, BUNDLED_REQUESTS as DEFAULT_REQUESTS } from '../bundled-files.ts';
import { DEFAULT_REPS, DEFAULT_SEED } from '../stats/cluster-bootstrap.ts';
import { guarded } from './bench-errors.ts';
import { DB_HELP, DEFAULT_DB } from './export.ts';


function formats(value: string): ReportFormat[] {
  const list = value.split(',').map((f) => f.trim()).filter((f) => f !== '');
  const bad = list.filter((f) => !(REPORT_FORMATS as readonly string[]).includes(f));
  if (bad.length > 0 || list.length === 0) throw new InvalidArgumentError(`formats are a comma-separated list of ${REPORT_FORMATS.join(', ')}`);
  return list as ReportFormat[];
}

export function reportCommand() {
  return new Command('report')
    .description("the paper's tables, figures and a browsable report.html for stored runs (or exported records), with bootstrap intervals")
    .argument('[runs...]', 'run names; runs with the same request set are pooled')
    .requiredOption('--out <dir>', 'directory to write report.html, tables/ and figures/ into')
    .option('--db <file|url>', DB_HELP, DEFAULT_DB)
    .option('--engine <engine>', 'whose labels to report: rules, llm, hybrid (resolved against the labels each run holds) or a full engine id', 'rules')
    .option('--verbose', 'print the full engine id each run\'s labels come from')
    .option('--reps <n>', 'bootstrap replicates', integerAtLeast(1), DEFAULT_REPS)
    .option('--seed <n>', 'bootstrap seed (the same seed gives the same intervals)', integerAtLeast(0), DEFAULT_SEED)
    .option('--formats <list>', `outputs to write, from ${REPORT_FORMATS.join(',')}`, formats, [...REPORT_FORMATS])
    .option('--responses <file>', 'response records (JSONL) instead of runs, e.g. from felicity export')
    .option('--labels <file>', 'label records (JSONL) for --responses, e.g. from felicity check')
    .addOption(new Option('--requests <file>', 'request set giving each request its source').default(DEFAULT_REQUESTS, BUNDLED_REQUEST_SET))
    .addHelpText('after', '\nExamples:\n  $ felicity report Qwen3-8B-1a2b3c4d --db results.db --out report/\n  $ felicity report --responses responses.jsonl --labels labels.jsonl --out report/')
    .action(
      // The report writer and the store load when the command runs, not for `felicity --help`.
      guarded('report', async (runs, options) => (await import('./report-action.ts')).runReport(runs, options)),
    );
}
