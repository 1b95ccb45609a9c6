/**
 * `felicity export RUN`: a stored run's responses as response records (SPEC §4), JSON Lines or
 * CSV, to stdout or --out. Thin: the streaming is in src/bench/export.ts.
 */
import { Command, Option } from '@commander-js/extra-typings';
import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import { EXPORT_FORMATS, exportRun } from '../bench/export.ts';
import { Store } from '../store/index.ts';
import { guarded } from './bench-errors.ts';

export const DEFAULT_DB = './felicity.db';

export function exportCommand() {
  return new Command('export')
    .description('write the responses of a stored run as response records (valid turn records for `felicity check`)')
    .argument('<run>', 'run name (as given to or printed by `felicity run`)')
    .option('--db <path>', 'database file', DEFAULT_DB)
    .addOption(new Option('--format <format>', 'output format; csv writes messages and usage as JSON text').choices(EXPORT_FORMATS).default('jsonl' as const))
    .option('--out <file>', 'write here instead of stdout')
    .addHelpText('after', '\nExample:\n  $ felicity export Qwen3-8B-1a2b3c4d --out responses.jsonl && felicity check responses.jsonl')
    .action(
      guarded('export', async (run, options) => {
        const store = Store.open(options.db, { mustExist: true });
        try {
          store.runs.get(run); // an unknown run fails before --out is created
          const out = options.out === undefined ? process.stdout : fs.createWriteStream(options.out);
          const n = await exportRun(store, run, options.format, out);
          if (out !== process.stdout) {
            out.end();
            await finished(out);
          }
          process.stderr.write(`felicity export: ${n} responses from run "${run}"${options.out ? ` → ${options.out}` : ''}\n`);
        } finally {
          store.close();
        }
      }),
    );
}
