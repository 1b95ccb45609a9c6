/**
 * `felicity export RUN`: a stored run's responses as response records (SPEC §4), JSON Lines or
 * CSV, to stdout or --out, with an engine's label columns when the run has labels. Thin: the
 * streaming is in src/benchmark/export.ts.
 */
import { Command, Option } from '@commander-js/extra-typings';
import { EXPORT_FORMATS } from '../benchmark/export-formats.ts';
import { guarded } from './bench-errors.ts';

export const DEFAULT_DB = './felicity.db';

/** Help for every store command's --db: a SQLite file by default, or a team's PostgreSQL database. */
export const DB_HELP = 'database: a SQLite file, or postgres://user@host/db (password in the URL or PGPASSWORD; never printed)';

export function exportCommand() {
  return new Command('export')
    .description('write the responses of a stored run as response records (valid turn records for `felicity check`)')
    .argument('<run>', 'run name (as given to or printed by `felicity run`)')
    .option('--db <file|url>', DB_HELP, DEFAULT_DB)
    .addOption(
      new Option('--format <format>', 'output format; csv (UTF-8 with a byte-order mark) adds final_reply and writes messages and usage as JSON text')
        .choices(EXPORT_FORMATS)
        .default('jsonl' as const),
    )
    .option('--out <file>', 'write here instead of stdout (in full or not at all)')
    .option('--engine <name>', "add this engine's label columns (outcome, the five booleans, engine); default: the run's only engine, if it has one")
    .addHelpText('after', '\nExample:\n  $ npx felicity export Qwen3-8B-1a2b3c4d --out responses.jsonl && npx felicity check responses.jsonl')
    .action(
      // The store loads when the command runs, not for `felicity --help`.
      guarded('export', async (run, options) => (await import('./export-action.ts')).runExport(run, options)),
    );
}
