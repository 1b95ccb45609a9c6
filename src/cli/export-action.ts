/**
 * What `felicity export` does once its arguments are parsed (export.ts defines the command).
 * Loaded only when the command runs, so that `felicity --help` does not load the store.
 */
import type { ExportFormat } from '../benchmark/export-formats.ts';
import { exportRun } from '../benchmark/export.ts';
import { openOutput } from './output-file.ts';
import { usingStore } from './store-access.ts';

/** The options as commander parses them (export.ts). */
export interface ExportFlags {
  db: string;
  format: ExportFormat;
  out?: string;
}

export async function runExport(run: string, options: ExportFlags): Promise<void> {
  await usingStore(options.db, { mustExist: true }, async (store) => {
    store.runs.get(run); // an unknown run fails before --out is created
    const out = options.out === undefined ? undefined : await openOutput(options.out, [options.db]);
    try {
      const n = await exportRun(store, run, options.format, out?.stream ?? process.stdout);
      await out?.commit();
      const errors = store.responses.counts(store.runs.get(run).id).errors;
      const note = errors > 0 ? ` (${errors} errored: the model call failed, they keep \`error\` and are not labelled by check)` : '';
      process.stderr.write(`felicity export: ${n} responses${note} from run "${run}"${options.out ? ` → ${options.out}` : ''}\n`);
    } finally {
      out?.abort();
    }
  });
}
