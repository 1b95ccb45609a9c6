/**
 * Text widths for Vega's layout, measured with the font the figures are drawn in. Without a
 * canvas Vega estimates every character as 0.8 em, about a third wider than DejaVu Sans: titles
 * and labels then claim far more room than they take, and a figure's canvas grows well past its
 * plot. Each character's advance is measured once per weight with resvg (the renderer that
 * draws the PNGs, given the same font files) and cached.
 */
import { Resvg } from '@resvg/resvg-js';
import { terminalSafe } from '../check/terminal-text.ts';

const PROBE_SIZE = 100;
const BAR = '|';

export type TextMeasure = (text: string, fontSize: number, bold: boolean) => number;

function inkWidth(text: string, bold: boolean, fontFiles: readonly string[]): number {
  // A control character is drawn as its \u escape (render-figure.ts): measured as that.
  const escaped = terminalSafe(text).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PROBE_SIZE * 8}" height="${PROBE_SIZE * 2}"><text x="10" y="${PROBE_SIZE * 1.5}" font-size="${PROBE_SIZE}" font-family="DejaVu Sans" font-weight="${bold ? 'bold' : 'normal'}" xml:space="preserve">${escaped}</text></svg>`;
  const box = new Resvg(svg, { font: { loadSystemFonts: false, fontFiles: [...fontFiles], defaultFontFamily: 'DejaVu Sans' } }).getBBox();
  return box?.width ?? 0;
}

/**
 * A measure of text in DejaVu Sans: the sum of each character's advance. The advance of `c` is
 * the ink width of `|c|` less that of `||`, so spaces and side bearings count as they should.
 */
export function fontMeasure(fontFiles: readonly string[]): TextMeasure {
  const advances = new Map<string, number>();
  const bars = { true: 0, false: 0 };
  const advance = (char: string, bold: boolean): number => {
    const key = `${bold ? 'b' : 'n'}${char}`;
    let width = advances.get(key);
    if (width === undefined) {
      const weight = bold ? 'true' : 'false';
      if (bars[weight] === 0) bars[weight] = inkWidth(BAR + BAR, bold, fontFiles);
      // A character the font lacks measures as nothing: count it as a wide one rather than zero.
      width = Math.max(inkWidth(BAR + char + BAR, bold, fontFiles) - bars[weight], 0) || PROBE_SIZE * 0.8;
      advances.set(key, width);
    }
    return width;
  };
  return (text, fontSize, bold) => {
    let sum = 0;
    for (const char of text) sum += advance(char, bold);
    return (sum * fontSize) / PROBE_SIZE;
  };
}

/** What Vega passes its text measure: a scenegraph item with the font settings it will draw with. */
interface TextItem {
  text?: unknown;
  fontSize?: number;
  fontWeight?: string | number;
}

/** Vega's `textMetrics.width` signature, from a measure; Vega's default size (11 px) when unset. */
export function vegaWidth(measure: TextMeasure): (item: TextItem, text?: unknown) => number {
  return (item, text) => {
    const value = text ?? item.text;
    const string = value == null ? '' : Array.isArray(value) ? value.join(' ') : String(value);
    const weight = item.fontWeight;
    const bold = weight === 'bold' || weight === 'bolder' || (typeof weight === 'number' && weight >= 600) || (typeof weight === 'string' && Number(weight) >= 600);
    return measure(string, item.fontSize ?? 11, bold);
  };
}
