/**
 * Writes a report directory: tables/table5.{md,csv,json} (and table12, table13, arms),
 * figures/fig2.{svg,png} (and 3, 6–10) and report.html, from any set of report responses.
 */
import fs from 'node:fs';
import path from 'node:path';
import { FIGURES } from './figures.ts';
import { glossary } from './glossary.ts';
import { headline } from './headline.ts';
import { reportHtml } from './html-report.ts';
import { ReportInputError } from './report-input-error.ts';
import type { ReportFormat } from './report-formats.ts';
import { buildModel, type ReportModel } from './report-model.ts';
import type { ReportResponse } from './report-response.ts';
import { computeStats, type ReportStats } from './report-stats.ts';
import { responseView } from './response-view.ts';
import { toCsv, toJson, toMarkdown } from './table.ts';
import { allTables } from './tables.ts';
import { importNeeding } from '../optional-packages.ts';

export interface ReportOptions {
  out: string;
  formats: ReadonlySet<ReportFormat>;
  reps: number;
  seed: number;
  /** Names the labeller in the headline. */
  engine: string;
  title: string;
  progress?: (message: string) => void;
}

export interface WrittenReport {
  headline: string[];
  files: string[];
  model: ReportModel;
  stats: ReportStats;
}

export async function writeReport(responses: readonly ReportResponse[], options: ReportOptions): Promise<WrittenReport> {
  const progress = options.progress ?? (() => {});
  const model = buildModel(responses, { reps: options.reps, seed: options.seed });
  if (model.items.length === 0) {
    throw new ReportInputError('NO_JUDGMENTS', `none of the ${model.total} responses has a label (${model.errored} errored): nothing to report`);
  }
  progress(`bootstrap: ${options.reps} replicates over ${model.clusters} requests, ${model.items.length} judged responses`);
  const stats = computeStats(model);
  const files: string[] = [];
  const write = (rel: string, data: string | Buffer) => {
    const file = path.join(options.out, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, data);
    files.push(rel);
  };
  const tables = allTables(model, stats);
  for (const table of tables) {
    if (options.formats.has('md')) write(`tables/${table.id}.md`, toMarkdown(table));
    if (options.formats.has('csv')) write(`tables/${table.id}.csv`, toCsv(table));
    if (options.formats.has('json')) write(`tables/${table.id}.json`, toJson(table));
  }
  const wantFigures = options.formats.has('svg') || options.formats.has('png') || options.formats.has('html');
  const figures: { id: string; svg: string }[] = [];
  if (wantFigures) {
    // Vega and resvg load here, not with the command: `felicity --help` and table-only reports skip them.
    const { renderSvg, svgToPng } = await importNeeding(() => import('./render-figure.ts'), ['vega', 'vega-lite', '@resvg/resvg-js'], 'report figures (svg, png, html)');
    for (const [i, figure] of FIGURES.entries()) {
      progress(`figure ${i + 1}/${FIGURES.length}: ${figure.id}`);
      const svg = await renderSvg(figure.build(model, stats));
      figures.push({ id: figure.id, svg });
      if (options.formats.has('svg')) write(`figures/${figure.id}.svg`, svg);
      if (options.formats.has('png')) write(`figures/${figure.id}.png`, svgToPng(svg));
    }
  }
  const lines = headline(model, stats, options.engine);
  if (options.formats.has('html')) {
    progress(`report.html: ${responses.length} responses in the list`);
    write('report.html', reportHtml({ title: options.title, headline: lines, tables, figures, glossary: glossary(model), responses: responses.map(responseView) }));
  }
  return { headline: lines, files, model, stats };
}
