/**
 * What `felicity report` does once its arguments are parsed (report.ts defines the command): load
 * the runs or records and write the report, with the work in src/report. Loaded only when the
 * command runs, so that `felicity --help` does not load the report writer or the store.
 */
import path from 'node:path';
import { loadFiles } from '../report/load-files.ts';
import { loadRuns } from '../report/load-run.ts';
import { ReportInputError } from '../report/report-input-error.ts';
import type { ReportFormat } from '../report/report-formats.ts';
import type { ReportResponse } from '../report/report-response.ts';
import { readRequestInfo, type LineProblem } from '../report/request-info.ts';
import { writeReport } from '../report/write-report.ts';
import { UsageError } from './bench-errors.ts';
import { writeFailure } from './output-file.ts';
import { usingStore } from './store-access.ts';
import { DamagedRecords } from './damaged-records.ts';
import { EXIT } from './usage-exit.ts';

/** The options as commander parses them (report.ts). */
export interface ReportFlags {
  out: string;
  db: string;
  engine: string;
  reps: number;
  seed: number;
  formats: ReportFormat[];
  responses?: string;
  labels?: string;
  requests: string;
  verbose?: true;
  /** Written for `view`, which serves it next and prints its own address: no hint, no path on stdout. */
  forView?: true;
}

const say = (line: string) => process.stderr.write(`felicity report: ${line}\n`);

export async function runReport(runs: string[], options: ReportFlags): Promise<void> {
  const damaged = new DamagedRecords('report');
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
      // A damaged page fails only when a query reads it: the same one line as on opening.
      const loaded = await usingStore(options.db, { mustExist: true }, async (store) => loadRuns(store, runs, options.engine, requests, (run, error) => damaged.add(run, error)));
      responses = loaded.responses;
      engine = [...new Set(loaded.engines.values())].join(', ');
      if (options.verbose) for (const [run, id] of loaded.engines) say(`run "${run}": labels from engine ${id}`);
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
    }).catch((error: unknown) => {
      // A file the report could not write (a full disk): one line naming --out, as for every --out.
      throw (error as NodeJS.ErrnoException).syscall === undefined ? error : writeFailure(options.out, error);
    });
    for (const line of report.headline) say(line);
    say(`${report.files.length} files in ${options.out} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    // The path itself on stdout, alone, so a script can open it (`open "$(felicity report …)"`).
    const html = report.files.includes('report.html') ? path.resolve(options.out, 'report.html') : undefined;
    if (html !== undefined && !options.forView) {
      say(`report.html below; open it in a browser or serve it with: felicity view ${options.out}`);
      process.stdout.write(`${html}\n`);
    }
    if (problems.length > 0) process.exitCode = EXIT.badInput;
    damaged.finish();
  } catch (err) {
    if (!ReportInputError.isInstance(err)) throw err;
    say(err.message);
    // Nothing judged yet, or only failed model calls, is work left to do (exit 1); anything else is input to fix (exit 2).
    process.exitCode = err.code === 'NO_JUDGMENTS' || err.code === 'NO_RESPONSES' ? EXIT.failed : EXIT.badInput;
  }
}
