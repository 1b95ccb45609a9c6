/**
 * What `felicity prevalence` does once its arguments are parsed (prevalence.ts defines it).
 */
import { writeFile } from 'node:fs/promises';
import { checkMany } from '../check/check-many.ts';
import type { CheckEngine, EngineKind } from '../check/engines/engine.ts';
import { mapOrdered } from '../check/engines/map-ordered.ts';
import { JudgmentFailedError } from '../check/llm/judgment-failed-error.ts';
import { CheckInputError } from '../check/check-input-error.ts';
import { readGold } from '../check/validate-gold.ts';
import { DEFAULT_CUE } from '../audit/cue.ts';
import { formatPrevalence } from '../audit/prevalence-format.ts';
import { planPrevalence, runPrevalence, type Labeller, type PrevalenceOptions, type PrevalenceReport } from '../audit/prevalence-run.ts';
import { importNeeding } from '../optional-packages.ts';
import { judgingSummary, openEngine, PlanTally } from './judge-engine.ts';
import { EXIT } from './usage-exit.ts';
import type { JobsChoice } from '../check/worker-threshold.ts';
import { terminalSafe } from '../check/terminal-text.ts';

/** Model (stratum) names, ids and errors come from the logs: their escape sequences are shown, never run. */
function safely(stream: NodeJS.WriteStream, text: string): void {
  stream.write(terminalSafe(text));
}

export interface PrevalenceFlags {
  sample: string;
  seed: number;
  strata: string;
  only?: Record<string, string>;
  cue?: string;
  engine?: EngineKind;
  judgeModel?: string;
  cache?: string | false;
  jobs?: JobsChoice;
  reps: number;
  dryRun?: true;
  calibration?: string;
  json?: string;
  figure?: string;
}

/** Writes an output file; a failure is one line naming the option and file, and exit code 2. */
async function written(option: string, file: string, data: string | Buffer): Promise<boolean> {
  try {
    await writeFile(file, data);
    return true;
  } catch (error) {
    safely(process.stderr, `felicity prevalence: ${option} ${file}: cannot write: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n`);
    process.exitCode = EXIT.badInput;
    return false;
  }
}

/** Labels records with the engine: the rules on `jobs` threads, or the engine's own concurrency. */
export function labellerOf(engine: CheckEngine, jobs: JobsChoice | undefined): Labeller {
  if (engine.kind === 'rules') return async (records) => (await checkMany(records, { jobs, setup: 'C0' })).map((r) => ('label' in r ? r.label : { error: r.error.message }));
  return async (records) => {
    const out = [];
    for await (const r of mapOrdered(records, engine.concurrency, async (record) => {
      try {
        return (await engine.label(record, {})).label;
      } catch (error) {
        if (JudgmentFailedError.isInstance(error) || CheckInputError.isInstance(error)) return { error: (error as Error).message };
        throw error;
      }
    }))
      out.push(r);
    return out;
  };
}

/** The estimate's options from the flags, or what is wrong with them. */
export function prevalenceOptions(flags: PrevalenceFlags): PrevalenceOptions | string {
  const sample = flags.sample === 'all' ? Infinity : Number(flags.sample);
  if (!(sample === Infinity || (Number.isInteger(sample) && sample >= 0))) return `--sample: expected a whole number ≥ 0 or "all", got "${flags.sample}"`;
  let cue = DEFAULT_CUE;
  if (flags.cue !== undefined) {
    try {
      cue = new RegExp(flags.cue, 'i');
    } catch (error) {
      return `--cue: not a regular expression: ${(error as Error).message}`;
    }
  }
  if (flags.figure && !/\.(svg|png)$/i.test(flags.figure)) return `--figure: expected a file ending in .svg or .png, got "${flags.figure}"`;
  return { sample, seed: flags.seed, strata: flags.strata, only: flags.only ?? {}, cue, reps: flags.reps, level: 0.95, setup: 'C0' };
}

/** Writes --json and --figure; false (exit code set) when one cannot be written. */
export async function writePrevalenceOutputs(report: PrevalenceReport, flags: Pick<PrevalenceFlags, 'json' | 'figure'>, seconds: number): Promise<boolean> {
  if (flags.json && !(await written('--json', flags.json, `${JSON.stringify({ ...report, seconds }, null, 2)}\n`))) return false;
  if (flags.figure) {
    const [{ prevalenceFigure }, { renderSvg, svgToPng }] = await Promise.all([
      import('../audit/prevalence-figure.ts'),
      importNeeding(() => import('../report/render-figure.ts'), ['vega', 'vega-lite', '@resvg/resvg-js'], 'the prevalence figure'),
    ]);
    const svg = await renderSvg(prevalenceFigure(report));
    if (!(await written('--figure', flags.figure, /\.png$/i.test(flags.figure) ? svgToPng(svg) : svg))) return false;
  }
  return true;
}

export async function runPrevalenceCommand(logs: string, flags: PrevalenceFlags): Promise<void> {
  const fail = (message: string): void => {
    safely(process.stderr, `felicity prevalence: ${message}\n`);
    process.exitCode = EXIT.badInput;
  };
  const options = prevalenceOptions(flags);
  if (typeof options === 'string') return fail(options);
  const started = performance.now();
  const plan = await planPrevalence(logs, options).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'EISDIR' || error.code === 'EACCES') return null;
    throw error;
  });
  if (plan === null) return fail(`cannot read ${logs}`);
  for (const p of plan.problems.slice(0, 20)) safely(process.stderr, `${p.file}:${p.line}: ${p.field}: ${p.message}\n`);
  if (plan.problems.length > 20) safely(process.stderr, `felicity prevalence: … and ${plan.problems.length - 20} more bad lines\n`);
  if (plan.records === 0) return fail(`${logs}: no chat log record in a known format (OpenAI "messages", ShareGPT "conversations", WildChat "conversation")`);
  if (plan.kept.length === 0) return fail(`${logs}: no assistant turn left to estimate from (${plan.turns} read, ${plan.filteredOut} left out by --only, ${plan.excluded.turns} tool-using)`);

  let opened;
  try {
    opened = await openEngine({ engine: flags.engine, judgeModel: flags.judgeModel, cache: flags.cache });
  } catch (error) {
    return fail((error as Error).message.split('\n').join('; '));
  }
  try {
    const calibration = flags.calibration ? await readGold(flags.calibration).catch(() => null) : undefined;
    if (calibration === null) return fail(`cannot read ${flags.calibration}`);
    for (const p of calibration?.problems ?? []) safely(process.stderr, `${p.file}:${p.line}: ${p.field}: ${p.message}\n`);
    if (flags.dryRun) {
      const calibrationTurns = calibration?.items.length ?? 0;
      const judged = plan.judged.length + calibrationTurns;
      if (opened.engine.kind === 'rules') {
        safely(process.stderr, `felicity prevalence: dry run: ${plan.judged.length} of ${plan.kept.length} turns to judge${calibrationTurns ? ` + ${calibrationTurns} calibration turns` : ''} with the rules (no model calls)\n`);
        return;
      }
      const tally = new PlanTally();
      for (const i of plan.judged) tally.add(await opened.engine.plan({ id: plan.kept[i]!.id, setup: 'C0', messages: [{ role: 'user', content: plan.kept[i]!.user }, { role: 'assistant', content: plan.kept[i]!.reply }] }, {}));
      for (const item of calibration?.items ?? []) {
        try {
          tally.add(await opened.engine.plan(item.record, {}));
        } catch {
          // a malformed item costs no call
        }
      }
      safely(process.stderr, `${tally.format('prevalence')} (${judged} turns)\n`);
      return;
    }
    const engine = opened.engine;
    const label = labellerOf(engine, flags.jobs);
    const { report, unlabelled } = await runPrevalence(plan, options, label, calibration ? { file: flags.calibration!, items: calibration.items } : undefined);
    for (const u of unlabelled.slice(0, 20)) safely(process.stderr, `felicity prevalence: ${u.id}: not labelled: ${u.error}\n`);
    const seconds = (performance.now() - started) / 1000;
    safely(process.stdout, `${formatPrevalence(report)}\ntime: ${seconds.toFixed(1)} s (${report.design.judged} turns judged${report.calibration ? ` + ${report.calibration.items} calibration turns` : ''}, engine ${engine.kind})\n`);
    for (const line of judgingSummary('prevalence', opened)) safely(process.stderr, `${line}\n`);
    if (!(await writePrevalenceOutputs(report, flags, seconds))) return;
    if (plan.problems.length > 0 || (calibration?.problems.length ?? 0) > 0) process.exitCode = EXIT.badInput;
  } finally {
    await opened.close();
  }
}
