/** The report's figures by file name (figures/fig2.svg …), in the paper's numbering. */
import type { TopLevelSpec } from 'vega-lite';
import { figure2, figure6, figure7, figure8 } from './figures-outcomes.ts';
import { figure3, figure10, figure9 } from './figures-rates.ts';
import type { ReportModel } from './report-model.ts';
import type { ReportStats } from './report-stats.ts';

export const FIGURES: readonly { id: string; build: (model: ReportModel, stats: ReportStats) => TopLevelSpec }[] = [
  { id: 'fig2', build: figure2 },
  { id: 'fig3', build: figure3 },
  { id: 'fig6', build: figure6 },
  { id: 'fig7', build: figure7 },
  { id: 'fig8', build: figure8 },
  { id: 'fig9', build: figure9 },
  { id: 'fig10', build: figure10 },
];
