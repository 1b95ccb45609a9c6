/** The report's figures by file name (figures/fig2.svg …), in the paper's numbering. */
import type { TopLevelSpec } from 'vega-lite';
import { BASE_CONFIG, figure2, figure6, figure7, figure8 } from './figures-outcomes.ts';
import { figure3, figure10, figure9 } from './figures-rates.ts';
import type { ReportModel } from './report-model.ts';
import type { ReportStats } from './report-stats.ts';

type Build = (model: ReportModel, stats: ReportStats) => TopLevelSpec;

/** What a figure needs that the run may not have, said in place of an empty plot. */
const NEEDS: Record<string, string> = {
  fig2: 'generic-persona responses with no fix',
  fig3: 'arm (the stated variant or a fix) with its inferred baseline in a setup where some request is doable',
  fig6: 'generic-persona responses with no fix',
  fig7: 'support-persona responses with no fix',
  fig8: 'agent-initiated commitments in generic-persona responses',
  fig9: 'commitments that needed an enabling call',
  fig10: 'inferred-baseline responses with request categories',
};

/** A figure without data says what it would need, instead of drawing empty axes. */
function orNote(id: string, build: Build): Build {
  return (model, stats) => {
    const spec = build(model, stats) as { data?: { values?: unknown[] }; title?: unknown };
    if ((spec.data?.values?.length ?? 0) > 0) return spec as TopLevelSpec;
    return {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      title: spec.title,
      width: 520,
      height: 40,
      data: { values: [{ note: `Not drawn: this report has no ${NEEDS[id] ?? 'data for it'}.` }] },
      mark: { type: 'text', align: 'left', x: 0, fontSize: 12, color: '#444444' },
      encoding: { text: { field: 'note' } },
      config: BASE_CONFIG,
    } as TopLevelSpec;
  };
}

export const FIGURES: readonly { id: string; build: Build }[] = [
  { id: 'fig2', build: orNote('fig2', figure2) },
  { id: 'fig3', build: orNote('fig3', figure3) },
  { id: 'fig6', build: orNote('fig6', figure6) },
  { id: 'fig7', build: orNote('fig7', figure7) },
  { id: 'fig8', build: orNote('fig8', figure8) },
  { id: 'fig9', build: orNote('fig9', figure9) },
  { id: 'fig10', build: orNote('fig10', figure10) },
];
