/**
 * `felicity view RUN|DIR`: the report in a browser. A folder holding report.html is served as it is;
 * a run name is reported first (report.html only, into --out or a new temporary folder), then
 * served. The server listens on 127.0.0.1 only and prints its address; Ctrl-C stops it.
 */
import { Command, Option } from '@commander-js/extra-typings';
import { integerAtLeast } from './integer-option.ts';
import { BUNDLED_REQUEST_SET, BUNDLED_REQUESTS } from '../bundled-files.ts';
import { guarded } from './bench-errors.ts';
import { DB_HELP, DEFAULT_DB } from './export.ts';

export const DEFAULT_VIEW_PORT = 4173;

export function viewCommand() {
  return new Command('view')
    .description('serve a report on this machine (127.0.0.1) and print its address: a folder with report.html, or a run to report first')
    .argument('<target>', 'a report folder (from felicity report --out) or a run name')
    .option('--port <n>', 'port to listen on (0: any free port)', integerAtLeast(0), DEFAULT_VIEW_PORT)
    .option('--db <file|url>', `${DB_HELP}, for a run name`, DEFAULT_DB)
    .option('--engine <engine>', 'whose labels, for a run name: rules, llm, hybrid or a full engine id', 'rules')
    .option('--out <dir>', 'where to write the report of a run name (default: a new temporary folder)')
    .addOption(new Option('--requests <file>', 'request set giving each request its source, for a run name').default(BUNDLED_REQUESTS, BUNDLED_REQUEST_SET))
    .addHelpText('after', '\nExamples:\n  $ felicity view report/\n  $ felicity view Qwen3-8B-1a2b3c4d --db results.db --port 8080')
    .action(
      // The server and the report writer load when the command runs, not for `felicity --help`.
      guarded('view', async (target, options) => (await import('./view-action.ts')).runView(target, options)),
    );
}
