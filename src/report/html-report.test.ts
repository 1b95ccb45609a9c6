import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reportHtml } from './html-report.ts';

/** The page's style sheet as selector → declarations. */
function rules(html: string): Map<string, string> {
  const css = html.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
  const out = new Map<string, string>();
  for (const rule of css.split('}')) {
    const [selector, body] = rule.split('{');
    if (selector !== undefined && body !== undefined) out.set(selector.trim(), body);
  }
  return out;
}

test('a long unbroken string (a URL, a hash, a run of one letter) wraps anywhere instead of widening the page', () => {
  const css = rules(reportHtml({ title: 't', headline: ['h'], tables: [], figures: [], responses: [], glossary: [] }));
  // Inherited by every text the page shows: title, headline, replies, user messages, ids, reasons.
  assert.match(css.get('body') ?? '', /(^|;)overflow-wrap:anywhere(;|$)/);
  for (const [selector, body] of css) {
    assert.doesNotMatch(body, /(overflow-wrap|word-wrap):(?!anywhere)/, `${selector} turns wrapping off`);
    // No text that is not in a table cell (a table scrolls in its own box) is kept on one line.
    if (!/^th,td$/.test(selector)) assert.doesNotMatch(body, /white-space:(nowrap|pre)(;|$)/, `${selector} keeps text on one line`);
  }
  // A reply keeps its line breaks and still wraps.
  assert.match(css.get('.user') ?? '', /white-space:pre-wrap/);
  assert.match([...css].find(([s]) => s.endsWith('.reply'))?.[1] ?? '', /white-space:pre-wrap/);
});

import { glossary, explainHeading } from './glossary.ts';
import { buildModel } from './report-model.ts';
import { computeStats } from './report-stats.ts';
import { allTables } from './tables.ts';
import { syntheticRun } from './testing/synthetic-run.ts';

function page(models: number) {
  const model = buildModel(syntheticRun({ models, requests: 12, seed: 2, fixes: ['none', 'card', 'guard'] }), { reps: 10, seed: 1 });
  const tables = allTables(model, computeStats(model));
  const entries = glossary(model);
  return { tables, entries, html: reportHtml({ title: 't', headline: ['the headline'], tables, figures: [{ id: 'fig2', svg: '<svg/>' }], responses: [], glossary: entries }) };
}

test('the page leads with the headline and the figures; the glossary, the tables and the responses follow', () => {
  const { html } = page(2);
  const at = (marker: string) => {
    const i = html.indexOf(marker);
    assert.ok(i >= 0, marker);
    return i;
  };
  const order = ['<section id="headline">', '<figure id="fig2">', '<section id="glossary">', '<h3 id="table5">', '<h3 id="table13">', '<ol id="responses">'].map(at);
  assert.deepEqual(order, [...order].sort((a, b) => a - b));
});

test('every abbreviated table heading is in the glossary and carries its meaning as a tooltip', () => {
  const { tables, entries, html } = page(2);
  const terms = new Set(entries.map((e) => e.term));
  for (const table of tables)
    for (const column of table.columns) {
      // Headings that are plain words need no tooltip; every abbreviation (a dot, capitals, Δ) does.
      const abbreviated = /\.|Δ|^[A-Z]{2,}|\b(ECR|FC|n)\b/.test(column.title);
      if (!abbreviated) continue;
      const meaning = explainHeading(column.title, entries);
      assert.ok(meaning !== undefined, `${table.id}: "${column.title}" is not explained`);
      assert.ok(html.includes(`title="${meaning.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#39;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')}"`), column.title);
    }
  for (const term of ['FC', 'ECR', 'Incid.', 'Unanch. excl.', 'inferred', 'stated', 'C0', 'guard']) assert.ok(terms.has(term), term);
  assert.match(explainHeading('C2 inferred Unanch. excl.', entries) ?? '', /^C2: setup: .* · inferred: variant: .* · Unanch\. excl\.: /);
});

test('Table 13 is collapsed by default and split into one table per model, pooled first; one model is one table', () => {
  const several = page(2).html;
  const details = several.match(/<details class="long" id="table13-details">([\s\S]*?)<\/details>/);
  assert.ok(details, 'Table 13 sits in a closed <details>');
  assert.doesNotMatch(details[0].slice(0, 60), /\bopen\b/);
  assert.deepEqual([...details[1]!.matchAll(/<h4>([^<]*)<\/h4>/g)].map((m) => m[1]), ['Pooled', 'model-1', 'model-2']);
  assert.equal((details[1]!.match(/<table>/g) ?? []).length, 3);
  const one = page(1).html.match(/<details class="long" id="table13-details">([\s\S]*?)<\/details>/)!;
  assert.equal((one[1]!.match(/<table>/g) ?? []).length, 1);
  assert.doesNotMatch(one[1]!, /Pooled|<h4>/);
  // Every table scrolls in its own box, with its heading row kept in view.
  assert.equal((several.match(/<div class="table-wrap"/g) ?? []).length, 3 + 3);
  const css = rules(several);
  assert.match(css.get('.table-wrap') ?? '', /overflow:auto/);
  assert.match(css.get('thead th') ?? '', /position:sticky;top:0/);
});

test('the glossary: Pooled only when there is a pool, every rule of an outcome, no citations of the paper', () => {
  const one = page(1).entries;
  const two = page(2).entries;
  assert.equal(one.some((e) => e.term === 'Pooled'), false);
  assert.equal(two.some((e) => e.term === 'Pooled'), true);
  const other = two.find((e) => e.term === 'other')!.meaning;
  assert.match(other, /asks for what it needs first; or no other rule matched/);
  for (const e of two) assert.doesNotMatch(e.meaning, /§|Appendix/, e.term);
  assert.equal(new Set(two.map((e) => e.term)).size, two.length, 'each term once');
});
