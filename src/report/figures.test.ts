import { test } from 'node:test';
import assert from 'node:assert/strict';
import { figure3, figure9 } from './figures-rates.ts';
import { renderSvg, FONT_FILES } from './render-figure.ts';
import { buildModel, POOLED } from './report-model.ts';
import { computeStats } from './report-stats.ts';
import { armsTable, table12, table13, table5 } from './tables.ts';
import { fontMeasure } from './text-width.ts';
import { syntheticRun } from './testing/synthetic-run.ts';

const FIXES = ['none', 'card', 'guard'];

function built(models: number, setups?: string[]) {
  const responses = syntheticRun({ models, requests: 30, seed: 4, fixes: FIXES }).filter((r) => setups === undefined || setups.includes(r.setup));
  const model = buildModel(responses, { reps: 20, seed: 1 });
  return { model, stats: computeStats(model) };
}

const rowsOf = (spec: unknown) => (spec as { data: { values: Record<string, unknown>[] } }).data.values;

test('one model: no table or figure repeats it as a pooled row', () => {
  const { model, stats } = built(1);
  for (const table of [table5(model, stats), table13(model, stats), armsTable(model, stats)]) {
    assert.ok(table.rows.length > 0, table.id);
    assert.deepEqual([...new Set(table.rows.map((r) => r.model))], ['model-1'], table.id);
  }
  assert.deepEqual([...new Set(rowsOf(figure9(model, stats)).map((r) => r.model))], ['model-1']);
  const fig3 = rowsOf(figure3(model, stats));
  assert.ok(fig3.length > 0 && fig3.every((r) => r.main === true && r.model === 'model-1'), 'the one model is drawn once, with its intervals');
});

test('several models: pooled rows come with the models, the pool drawn large in Figure 3', () => {
  const { model, stats } = built(2);
  assert.deepEqual([...new Set(table13(model, stats).rows.map((r) => r.model))], [POOLED, 'model-1', 'model-2']);
  assert.deepEqual(table5(model, stats).rows.map((r) => r.model), ['model-1', 'model-2', POOLED]);
  const fig3 = rowsOf(figure3(model, stats));
  assert.ok(fig3.filter((r) => r.main).every((r) => r.model === POOLED));
  assert.ok(fig3.some((r) => !r.main));
});

test('one vocabulary: the baseline arm and the variant are "inferred" in every table, never "base" or "inf"', () => {
  const { model, stats } = built(1);
  const t12 = table12(model, stats);
  assert.ok(t12.columns.some((c) => c.title === 'C0 inferred'), t12.columns.map((c) => c.title).join(', '));
  for (const table of [t12, table13(model, stats), armsTable(model, stats), table5(model, stats)]) {
    // What a reader sees: the titles and the text cells (a difference's fields are data, not words).
    const text = JSON.stringify([table.title, table.columns.map((c) => c.title), table.rows.map((r) => Object.values(r).filter((v) => typeof v === 'string'))]);
    assert.doesNotMatch(text, /\bbase\b|"inf"|"sta"|\binf\.|\bsta\./, table.id);
  }
  assert.ok(table13(model, stats).rows.some((r) => r.variant === 'inferred'));
});

test('text is measured in the figures\' font: narrow letters narrower, bold wider, linear in size', () => {
  const measure = fontMeasure(FONT_FILES);
  assert.ok(measure('iiii', 12, false) < measure('MMMM', 12, false) / 2);
  assert.ok(measure('Figure', 12, true) > measure('Figure', 12, false));
  assert.ok(Math.abs(measure('over-refusal', 24, false) - 2 * measure('over-refusal', 12, false)) < 1e-9);
  // Vega's own estimate without a canvas is 0.8 em a character; DejaVu Sans averages well under it.
  assert.ok(measure('each arm minus the inferred baseline', 12, false) < 0.8 * 12 * 36 * 0.8);
});

test('Figure 3 with one setup: the canvas is not much wider than the plot and its title', async () => {
  const { model, stats } = built(1, ['C2']);
  const spec = figure3(model, stats);
  const width = Number(/<svg[^>]* width="(\d+)"/.exec(await renderSvg(spec))![1]);
  const measure = fontMeasure(FONT_FILES);
  const title = measure('Figure 3: change in failure against change in over-refusal', 14, true);
  // The canvas is the wider of the title and the plot (240 px) with its axis, plus the padding.
  assert.ok(width <= Math.max(title, 240 + 80) + 2 * 12 + 10, `canvas ${width} px for a title of ${Math.round(title)} px`);
});

test('Figure 9: the rate scale is padded, so 0% and 100% dots sit clear of the axis and the edge', () => {
  const { model, stats } = built(1);
  const layer = (figure9(model, stats) as unknown as { spec: { layer: { encoding: { x: { scale?: { padding?: number; domain?: number[] } } } }[] } }).spec.layer[0]!;
  assert.deepEqual(layer.encoding.x.scale?.domain, [0, 1]);
  assert.ok((layer.encoding.x.scale?.padding ?? 0) > 0);
});

test('a one-model report names the model where a several-model report says "pooled"', async () => {
  const { FIGURES } = await import('./figures.ts');
  const text = (models: number) => {
    const { model, stats } = built(models);
    return FIGURES.map((f) => JSON.stringify((f.build(model, stats) as { title?: unknown }).title)).join('\n');
  };
  assert.doesNotMatch(text(1), /pooled/i);
  assert.match(text(1), /model-1/);
  assert.match(text(2), /pooled over 2 models/);
});
