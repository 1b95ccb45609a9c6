import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toCsv, toJson, toMarkdown, type Table } from './table.ts';

const TABLE: Table = {
  id: 't',
  title: 'A table',
  columns: [
    { key: 'name', title: 'Name' },
    { key: 'n', title: 'n', kind: 'count' },
    { key: 'rate', title: 'Rate', kind: 'rate' },
    { key: 'delta', title: 'Δ', kind: 'difference' },
  ],
  rows: [
    { name: 'a|b', n: 12, rate: { value: 0.459, low: 0.417, high: 0.501 }, delta: { value: -0.209, low: -0.239, high: -0.178 } },
    { name: 'empty', n: 0, rate: { value: null, low: null, high: null }, delta: { value: 0.019, low: -0.02, high: 0.02 } },
  ],
};

test('Markdown: percent with the interval in brackets, differences signed, – where not defined', () => {
  const md = toMarkdown(TABLE);
  assert.match(md, /^### A table\n/);
  assert.match(md, /\| a\\\|b \| 12 \| 45\.9 \[41\.7, 50\.1\] \| -20\.9 \[-23\.9, -17\.8\] \|/);
  assert.match(md, /\| empty \| 0 \| – \| \+1\.9 \[-2\.0, \+2\.0\] \|/);
});

test('CSV: each interval bound in its own column, not defined left empty', () => {
  const lines = toCsv(TABLE).trim().split('\r\n');
  assert.equal(lines[0], 'name,n,rate,rate_low,rate_high,delta,delta_low,delta_high');
  assert.equal(lines[1], 'a|b,12,45.9,41.7,50.1,-20.9,-23.9,-17.8');
  assert.equal(lines[2], 'empty,0,,,,1.9,-2,2');
});

test('JSON: rates in percent as {value, low, high}, null where not defined', () => {
  const json = JSON.parse(toJson(TABLE)) as { unit: string; rows: Record<string, unknown>[] };
  assert.equal(json.unit, 'percent');
  assert.deepEqual(json.rows[0]!.rate, { value: 45.9, low: 41.7, high: 50.1 });
  assert.deepEqual(json.rows[1]!.rate, { value: null, low: null, high: null });
  assert.equal(json.rows[1]!.n, 0);
});

test('Markdown: a cell or a title never carries HTML, a link or a line break raw (model names are untrusted)', () => {
  const hostile = '<img src=x onerror=alert(1)>&amp; [click](javascript:alert(1))\n| `x`';
  const md = toMarkdown({ id: 'h', title: 'Models', columns: [{ key: 'name', title: hostile }, { key: 'n', title: 'n', kind: 'count' }], rows: [{ name: hostile, n: 1 }] });
  assert.doesNotMatch(md, /<img/);
  assert.match(md, /&lt;img src=x onerror=alert\(1\)&gt;&amp;amp; \\\[click\\\]\(javascript:alert\(1\)\) \\\| \\`x\\`/);
  // Still one header, one rule, one row.
  assert.equal(md.trim().split('\n').length, 5, md);
});
