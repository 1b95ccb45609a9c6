/**
 * Vega-Lite spec → SVG (vega, headless) → PNG (resvg) with the TTF shipped in assets/fonts:
 * resvg is given no system fonts, so the figures look the same on every machine. Text is laid
 * out with that font's real widths (text-width.ts).
 */
import { Resvg } from '@resvg/resvg-js';
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { bundledFile } from '../bundled-files.ts';
import { fontMeasure, vegaWidth } from './text-width.ts';
import { terminalSafe } from '../check/terminal-text.ts';

export const FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((f) => bundledFile(`assets/fonts/${f}`));

// Layout measures text in the font the figures are drawn in (Vega's own estimate is far too wide).
(vega as unknown as { textMetrics: { width: unknown } }).textMetrics.width = vegaWidth(fontMeasure(FONT_FILES));

export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  try {
    // Labels come from data (model and stratum names): control characters, which XML does not
    // allow and resvg refuses, are drawn as their \u escapes, as a terminal shows them.
    return terminalSafe(await view.toSVG());
  } finally {
    view.finalize();
  }
}

export function svgToPng(svg: string, scale = 2): Buffer {
  const resvg = new Resvg(svg, {
    font: { loadSystemFonts: false, fontFiles: FONT_FILES, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
    fitTo: { mode: 'zoom', value: scale },
    background: 'white',
  });
  return resvg.render().asPng();
}
