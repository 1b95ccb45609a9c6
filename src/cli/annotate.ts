/**
 * `felicity annotate sample|serve|export|agreement|token`: collect human labels in the browser.
 * Definitions only; what each does is in annotate-action.ts.
 */
import { Command } from '@commander-js/extra-typings';
import { integerAtLeast } from './integer-option.ts';

const action = async () => import('./annotate-action.ts');

export function annotateCommand() {
  const annotate = new Command('annotate').description('human annotation: draw a set, label it in the browser, export gold labels, measure agreement');
  annotate
    .command('sample')
    .description('draw an annotation set (stratified, half flagged by the checker, overlap for agreement) into a new database')
    .argument('<input>', 'turn records (a run export, JSON Lines) or chat logs (OpenAI, ShareGPT, WildChat)')
    .requiredOption('--db <file>', 'the annotation database to create (SQLite)')
    .option('--size <n>', 'items to annotate', integerAtLeast(1), 200)
    .option('--overlap <n>', 'items every annotator labels (for agreement)', integerAtLeast(0), 40)
    .option('--annotators <names>', 'comma-separated annotator names', 'a,b')
    .option('--seed <n>', 'sampling seed', integerAtLeast(0), 20261001)
    .option('--strata <field>', 'record field naming a log turn\'s stratum (run records use setup × category)', 'model')
    .option('--setup <id>', 'deployment for records that name none', 'C0')
    .action(async (input, options) => (await action()).runSample(input, options));
  annotate
    .command('serve')
    .description('serve the annotation page on 127.0.0.1; each annotator opens their own link')
    .requiredOption('--db <file>', 'the annotation database')
    .option('--port <n>', 'port (0 picks a free one)', integerAtLeast(0), 8470)
    .action(async (options) => (await action()).runServe(options));
  annotate
    .command('token')
    .description('issue a new link for an annotator (the old one stops working)')
    .argument('<annotator>')
    .requiredOption('--db <file>', 'the annotation database')
    .option('--port <n>', 'port the link should name', integerAtLeast(0), 8470)
    .action(async (annotator, options) => (await action()).runToken(annotator, options));
  annotate
    .command('export')
    .description('write the annotations as gold items (JSON Lines) that `felicity validate --gold` reads')
    .requiredOption('--db <file>', 'the annotation database')
    .requiredOption('--out <file>', 'the gold file to write')
    .option('--annotator <name>', 'only this annotator\'s labels (default: the first annotator by name per item)')
    .action(async (options) => (await action()).runExport(options));
  annotate
    .command('agreement')
    .description('inter-annotator agreement on the overlap items: outcome κ, false-claim κ, span F1, feasibility κ')
    .requiredOption('--db <file>', 'the annotation database')
    .option('--json', 'print JSON')
    .action(async (options) => (await action()).runAgreement(options));
  return annotate;
}
