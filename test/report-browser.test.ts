/**
 * report.html in headless Chromium (Debian `chromium` + playwright-core, SPEC §8): it loads from
 * file:// with no console error, the filters narrow the list, and markup in a model's reply shows
 * as text rather than running. Skips with a reason where Chromium is not installed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import type { LabelRecord } from '../src/core/types.ts';
import type { ReportResponse } from '../src/report/report-response.ts';
import { writeReport } from '../src/report/write-report.ts';

const CHROMIUM = '/usr/bin/chromium';
const HOSTILE = 'Sure! <script>window.__pwned = 1</script> <img src=x onerror="window.__pwned = 2"> I\'ll remind you tomorrow.';

function response(i: number, setup: string, outcome: LabelRecord['outcome'], reply: string): ReportResponse {
  const id = `rq-${i}/${setup}`;
  const commitments: LabelRecord['commitments'] =
    outcome === 'empty'
      ? [{ span: "I'll remind you tomorrow", action: 'remind', performer: 'self', trigger_type: 'time', time_expression: 'tomorrow', required_capabilities: ['run_later'], is_offer: false, confidence: 0.9, agent_initiated: true, feasible: false, failure_types: ['temporal'], primary_failure: 'temporal', anchoring_tools_required: [], anchored: null }]
      : [];
  return {
    id, run: 'browser', request: `rq-${i}`, model: 'scripted', setup, variant: 'inferred', persona: 'generic', fix: 'none', sample: 0, category: 'reminder', source: 'hand',
    doability: setup === 'C2' ? 'yes' : 'no',
    messages: [{ role: 'user', content: `Remind me about item ${i} tomorrow.` }, { role: 'assistant', content: reply }],
    error: null,
    label: { id, outcome, failure: outcome === 'empty', commitments, booleans: { false_action_claim: false, declines_request: outcome === 'deferral', hands_back_to_user: false, did_task_now: false, asks_clarification: false }, engine: { detector: 'test', judge: 'test' } },
  };
}

test('report.html loads with no console error, filters narrow the list, model markup shows as text', { skip: fs.existsSync(CHROMIUM) ? false : `no ${CHROMIUM} (apt-get install chromium to run the browser test)` }, async () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-html-'));
  const responses: ReportResponse[] = [];
  for (let i = 0; i < 6; i++) {
    responses.push(response(i, 'C0', i === 0 ? 'empty' : 'deferral', i === 0 ? HOSTILE : "I can't do that once this chat ends; set an alarm on your phone."));
    responses.push(response(i, 'C2', 'anchored', 'Done, the reminder is set.'));
  }
  await writeReport(responses, { out, formats: new Set(['html']), reps: 50, seed: 1, engine: 'test', title: 'browser test' });

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('request', (r) => {
      if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) problems.push(`network request: ${r.url()}`);
    });
    await page.goto(pathToFileURL(path.join(out, 'report.html')).href);
    const items = page.locator('#responses > li');
    assert.equal(await items.count(), 12);
    assert.equal(await page.locator('#match-count').textContent(), '12 of 12 responses');

    await page.selectOption('#filter-setup', 'C0');
    assert.equal(await items.count(), 6);
    await page.selectOption('#filter-outcome', 'empty');
    assert.equal(await items.count(), 1);
    await page.selectOption('#filter-outcome', '');
    await page.fill('#search', 'alarm');
    assert.equal(await items.count(), 5);
    await page.fill('#search', 'remind you');
    assert.equal(await page.locator('#match-count').textContent(), '1 of 12 responses');

    const reply = await page.locator('#responses .reply').first().textContent();
    assert.ok(reply?.includes('<script>window.__pwned = 1</script>'), reply ?? '');
    assert.ok(reply?.includes('<img src=x onerror='), reply ?? '');
    assert.equal(await page.locator('#responses img, #responses script').count(), 0, 'the reply made no elements');
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
    assert.equal(await page.locator('#responses mark').first().textContent(), "I'll remind you tomorrow");
    assert.equal(await page.locator('figure img').count(), 7);
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});

test('a reply holding a long unbroken string wraps: the page is no wider than the window', { skip: fs.existsSync(CHROMIUM) ? false : `no ${CHROMIUM} (apt-get install chromium to run the browser test)` }, async () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-html-wide-'));
  const long = `See https://example.com/${'a'.repeat(20_000)} — I'll remind you tomorrow.`;
  await writeReport([response(0, 'C0', 'empty', long), response(1, 'C2', 'anchored', 'x'.repeat(5_000))], { out, formats: new Set(['html']), reps: 10, seed: 1, engine: 'test', title: 'wide' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(pathToFileURL(path.join(out, 'report.html')).href);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    assert.ok(scrollWidth <= innerWidth, `the page is ${scrollWidth} px wide in a ${innerWidth} px window`);
  } finally {
    await browser.close();
  }
});

/**
 * A report a reader opens: three models, every condition, two fix arms (one guarded, with its
 * drafts), calls with results. At 1400 and 900 px the page body never scrolls sideways (Table 13
 * open or closed), the glossary shows, table headings carry tooltips, and the screenshots are
 * kept in a temporary folder named in the test output.
 */
test('at 1400 and 900 px wide: no sideways scrolling of the page, a visible glossary, drafts beside rewrites; screenshots saved', { skip: fs.existsSync(CHROMIUM) ? false : `no ${CHROMIUM} (apt-get install chromium to run the browser test)` }, async (t) => {
  const { syntheticRun } = await import('../src/report/testing/synthetic-run.ts');
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-html-widths-'));
  const shots = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-report-screenshots-'));
  const responses = syntheticRun({ models: 3, requests: 12, seed: 7, fixes: ['none', 'card', 'guard'] }).map((r, i): ReportResponse => {
    if (r.fix !== 'guard') return i % 5 === 0 ? { ...r, messages: [r.messages[0]!, { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'create_reminder', arguments: '{"when":"tomorrow 09:00"}' } }] }, { role: 'tool', tool_call_id: 'c1', content: '{"status":"created","id":"rem-<b>1</b>"}' }, r.messages[1]!] } : r;
    return { ...r, guard: { action: 'rewrite', reason: 'the draft promised a later reminder; rewritten', draft: `DRAFT-${i}: Sure, I'll remind you tomorrow <i>for sure</i>.`, draftOutcome: 'empty' } };
  });
  await writeReport(responses, { out, formats: new Set(['html']), reps: 20, seed: 1, engine: 'synthetic', title: 'widths' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
  try {
    for (const width of [1400, 900]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(e.message));
      await page.goto(pathToFileURL(path.join(out, 'report.html')).href);
      const overflow = () => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      let { scroll, client } = await overflow();
      assert.ok(scroll <= client, `${width} px: the page is ${scroll} px wide in a ${client} px window`);
      assert.ok(await page.locator('#glossary').isVisible(), 'the glossary shows');
      assert.ok(await page.locator('#glossary dt', { hasText: /^ECR$/ }).isVisible());
      assert.ok((await page.locator('th abbr[title]').count()) > 10, 'table headings carry tooltips');
      assert.equal(await page.locator('#table13-details').evaluate((d) => (d as HTMLDetailsElement).open), false, 'Table 13 starts closed');
      // The headline comes before the first figure, and both before the tables.
      const top = (selector: string) => page.locator(selector).first().evaluate((e) => e.getBoundingClientRect().top + window.scrollY);
      assert.ok((await top('#headline')) < (await top('figure')) && (await top('figure')) < (await top('#tables')));
      await page.screenshot({ path: path.join(shots, `report-${width}-top.png`) });

      await page.locator('#table13-details > summary').click();
      ({ scroll, client } = await overflow());
      assert.ok(scroll <= client, `${width} px, Table 13 open: the page is ${scroll} px wide in a ${client} px window`);
      assert.deepEqual(await page.locator('#table13-details h4').allTextContents(), ['Pooled', 'model-1', 'model-2', 'model-3']);
      // A wide table scrolls inside its own box instead.
      const box = page.locator('#table13-details .table-wrap').first();
      assert.ok(await box.evaluate((e) => e.scrollWidth >= e.clientWidth));
      await box.scrollIntoViewIfNeeded();
      await page.locator('#tables').screenshot({ path: path.join(shots, `report-${width}-tables.png`) });

      await page.selectOption('#filter-fix', 'guard');
      const first = page.locator('#responses > li').first();
      assert.match((await first.locator('.guard .draft').textContent()) ?? '', /^draft \(empty\)DRAFT-\d+: Sure, I'll remind you tomorrow <i>for sure<\/i>\.$/);
      assert.match((await first.locator('.guard .sent h5').textContent()) ?? '', /^sent after rewrite \(/);
      assert.equal(await page.locator('#responses i').count(), 0, 'the draft made no elements');
      await first.screenshot({ path: path.join(shots, `report-${width}-guard.png`) });
      await page.selectOption('#filter-fix', '');
      await page.fill('#search', '');
      const result = page.locator('#responses .calls .result').first();
      assert.equal(await result.textContent(), '{"status":"created","id":"rem-<b>1</b>"}');
      ({ scroll, client } = await overflow());
      assert.ok(scroll <= client, `${width} px, response list: the page is ${scroll} px wide in a ${client} px window`);
      await page.locator('#responses > li').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `report-${width}-responses.png`) });
      assert.deepEqual(problems, []);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  t.diagnostic(`screenshots: ${shots}`);
  console.log(`# report screenshots (1400 and 900 px): ${shots}`);
});
