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
  const css = rules(reportHtml({ title: 't', headline: ['h'], tables: [], figures: [], responses: [] }));
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
