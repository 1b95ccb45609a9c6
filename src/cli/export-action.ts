/**
 * What `felicity export` does once its arguments are parsed (export.ts defines the command).
 * Loaded only when the command runs, so that `felicity --help` does not load the store.
 */
import type { ExportFormat } from '../benchmark/export-formats.ts';
import { exportRun } from '../benchmark/export.ts';
import { resolveEngine } from '../report/load-run.ts';
import { ReportInputError } from '../report/report-input-error.ts';
import { UsageError } from './usage-exit.ts';
import { judgedEngines } from '../store/report-queries.ts';
import type { Store } from '../store/index.ts';
import { openOutput } from './output-file.ts';
import { DamagedRecords } from './damaged-records.ts';
import { usingStore } from './store-access.ts';

/** The options as commander parses them (export.ts). */
export interface ExportFlags {
  db: string;
  format: ExportFormat;
  out?: string;
  engine?: string;
}

/**
 * Whose labels fill the label columns: the named engine (short or full id), else the run's only
 * engine; none when the run has no labels, or several and no --engine (said on stderr).
 */
async function labelEngine(store: Store, run: string, name: string | undefined): Promise<{ engine?: string; note?: string }> {
  const { id } = await store.runs.get(run);
  if (name !== undefined) {
    try {
      return { engine: await resolveEngine(store, run, id, name, store.location) };
    } catch (err) {
      // An engine the run has no labels from is the user's to fix: one line, exit 2.
      if (ReportInputError.isInstance(err)) throw new UsageError(`--engine ${name}: ${err.message}`);
      throw err;
    }
  }
  const engines = (await judgedEngines(store.db, id)).map((e) => e.engine);
  if (engines.length === 1) return { engine: engines[0]! };
  if (engines.length === 0) return {};
  return { note: `the run has labels from ${engines.join(', ')}: pass --engine NAME to add label columns` };
}

export async function runExport(run: string, options: ExportFlags): Promise<void> {
  await usingStore(options.db, { mustExist: true }, async (store) => {
    await store.runs.get(run); // an unknown run fails before --out is created
    const labels = await labelEngine(store, run, options.engine); // so does an unknown engine
    const out = options.out === undefined ? undefined : await openOutput(options.out, [options.db]);
    const damaged = new DamagedRecords('export');
    try {
      const n = await exportRun(store, run, options.format, out?.stream ?? process.stdout, { onDamaged: damaged.of(run), ...(labels.engine === undefined ? {} : { engine: labels.engine }) });
      await out?.commit();
      const errors = (await store.responses.counts((await store.runs.get(run)).id)).errors;
      const note = errors > 0 ? ` (${errors} errored: the model call failed, they keep \`error\` and are not labelled by check)` : '';
      const withLabels = labels.engine === undefined ? '' : `, labels from ${labels.engine}`;
      process.stderr.write(`felicity export: ${n} responses${note} from run "${run}"${withLabels}${options.out ? ` → ${options.out}` : ''}\n`);
      if (labels.note !== undefined) process.stderr.write(`felicity export: ${labels.note}\n`);
      damaged.finish();
    } finally {
      out?.abort();
    }
  });
}
