/**
 * The annotation page in headless Chromium (Debian `chromium` + playwright-core), against a server
 * the test starts on loopback: an annotator labels an item from the keyboard and the labels survive
 * a reload; two annotators label at once and each keeps their own labels; a reply holding markup is
 * shown as text; one annotator's token cannot read or write another's items. Skips with a reason
 * where Chromium is not installed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { sampleAnnotationSet } from '../src/annotate/sample.ts';
import { serveAnnotations } from '../src/annotate/server.ts';
import { AnnotationStore } from '../src/annotate/store.ts';

const CHROMIUM = '/usr/bin/chromium';
const HOSTILE = "Sure! <script>window.__pwned = 1</script><img src=x onerror=\"window.__pwned = 2\"> I'll email you the report tomorrow.";

async function selectInReply(page: Page, words: string): Promise<void> {
  await page.evaluate((target) => {
    for (const node of document.querySelectorAll('#messages .msg.assistant')) {
      for (const child of node.childNodes) {
        const at = child.nodeType === Node.TEXT_NODE ? (child.textContent ?? '').indexOf(target) : -1;
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(child, at);
        range.setEnd(child, at + target.length);
        const selection = window.getSelection()!;
        selection.removeAllRanges();
        selection.addRange(range);
        return;
      }
    }
    throw new Error(`no reply text holds "${target}"`);
  }, words);
}

test('annotation page: label, reload, two annotators, markup as text, tokens kept apart', { skip: fs.existsSync(CHROMIUM) ? false : `no ${CHROMIUM} (apt-get install chromium to run the browser test)` }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-annotate-browser-'));
  const logs = path.join(dir, 'logs.jsonl');
  fs.writeFileSync(logs, Array.from({ length: 8 }, (_, i) => JSON.stringify({ id: `h${i}`, model: 'hidden-model', messages: [{ role: 'user', content: `Send me report ${i}` }, { role: 'assistant', content: HOSTILE }] })).join('\n') + '\n');
  const db = path.join(dir, 'a.db');
  const sampled = await sampleAnnotationSet(logs, { db, size: 8, overlap: 2, annotators: ['ann', 'bob'], seed: 3, strata: 'model', setup: 'C0' });
  const store = AnnotationStore.open(db);
  const server = await serveAnnotations(store, 0);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
  try {
    const url = (name: string) => `http://127.0.0.1:${server.port}/#token=${sampled.tokens.get(name)}`;
    const problems: string[] = [];
    const openPage = async (name: string): Promise<Page> => {
      const page = await (await browser.newContext()).newPage();
      page.on('pageerror', (e) => problems.push(`${name}: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`${name}: ${m.text()}`);
      });
      await page.goto(url(name));
      await page.locator('#item:not([hidden]) .msg.assistant').first().waitFor();
      return page;
    };
    const [ann, bob] = await Promise.all([openPage('ann'), openPage('bob')]);

    // Markup in a reply is text: shown literally, no element made, nothing ran.
    for (const page of [ann, bob]) {
      const reply = await page.locator('#messages .msg.assistant').first().textContent();
      assert.ok(reply?.includes('<script>window.__pwned = 1</script>'), reply ?? '');
      assert.equal(await page.locator('#messages script, #messages img').count(), 0);
      assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
      assert.doesNotMatch((await page.content()) ?? '', /hidden-model/);
    }

    // Both label their first item at the same time, from the keyboard.
    // The queue shows each item's place in the annotator's list; its title holds the set's key.
    const annKey = (await ann.locator('#queue li.current').textContent())!;
    const bobKey = (await bob.locator('#queue li.current').textContent())!;
    const keyOf = async (page: Page) => Number((await page.locator('#queue li.current').getAttribute('title'))!.replace('item ', ''));
    const annItem = store.idForKey(await keyOf(ann))!;
    const bobItem = store.idForKey(await keyOf(bob))!;
    await Promise.all([
      (async () => {
        await selectInReply(ann, "I'll email you the report tomorrow");
        await ann.keyboard.press('c');
        await ann.locator('.commitment select[aria-label="trigger"]').selectOption('time');
        await ann.keyboard.press('Escape');
        await ann.locator('body').click({ position: { x: 5, y: 300 } });
        await ann.keyboard.press('4'); // did_task_now
        await ann.locator('#status', { hasText: /^saved/ }).waitFor();
      })(),
      (async () => {
        await bob.keyboard.press('1'); // false_action_claim
        await bob.fill('#note', 'bob was here');
        await bob.locator('#status', { hasText: /^saved/ }).waitFor();
      })(),
    ]);
    await ann.waitForFunction(() => /suggested from your fields: empty/.test(document.getElementById('suggested')!.textContent ?? ''));

    // Reload: the labels are still there.
    await ann.reload();
    await ann.locator('#item:not([hidden]) .commitment').first().waitFor();
    assert.equal(await ann.locator('#queue li.current').textContent(), annKey);
    assert.equal(await ann.locator('.commitment .span').first().textContent(), "“I'll email you the report tomorrow”");
    assert.equal(await ann.locator('.commitment select[aria-label="trigger"]').inputValue(), 'time');
    assert.equal(await ann.locator('#booleans input').nth(3).isChecked(), true);
    await bob.reload();
    await bob.locator('#item:not([hidden]) .msg').first().waitFor();
    assert.equal(await bob.locator('#queue li.current').textContent(), bobKey);
    assert.equal(await bob.locator('#note').inputValue(), 'bob was here');
    assert.equal(await bob.locator('#booleans input').first().isChecked(), true);
    assert.equal(await bob.locator('.commitment').count(), 0, "bob's item holds bob's labels only");

    // The store holds each annotator's own labels.
    assert.equal(store.annotation('ann', annItem)!.annotation.commitments.length, 1);
    assert.equal(store.annotation('bob', bobItem)!.annotation.note, 'bob was here');

    assert.deepEqual(problems, [], 'no page error while labelling');

    // Ann's token cannot read or write an item only bob has, nor see bob's labels.
    const bobOnlyEntry = store.queue('bob').find((q) => !store.isAssigned('ann', q.id))!;
    const bobOnly = bobOnlyEntry.id;
    const tries = await ann.evaluate(async (id) => {
      const token = new URLSearchParams(location.hash.slice(1)).get('token');
      const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
      const read = await fetch(`/api/items/${id}`, { headers });
      const write = await fetch(`/api/items/${id}/annotation`, { method: 'PUT', headers, body: JSON.stringify({ commitments: [], booleans: { false_action_claim: false, declines_request: false, hands_back_to_user: false, did_task_now: false, asks_clarification: false }, outcome: 'empty', note: 'ann wrote this' }) });
      const anonymous = await fetch('/api/me');
      return [read.status, write.status, anonymous.status];
    }, bobOnlyEntry.key);
    assert.deepEqual(tries, [404, 404, 401]);
    assert.equal(store.annotation('ann', bobOnly), undefined);
    assert.notEqual(store.annotation('bob', bobOnly)?.annotation.note, 'ann wrote this');
  } finally {
    await browser.close();
    await server.close();
    store.close();
  }
});

test('annotation page: the queue is numbered as "Item N of M" counts, and the note sits below the outcome line', { skip: fs.existsSync(CHROMIUM) ? false : `no ${CHROMIUM} (apt-get install chromium to run the browser test)` }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-annotate-layout-'));
  const logs = path.join(dir, 'logs.jsonl');
  fs.writeFileSync(logs, Array.from({ length: 24 }, (_, i) => JSON.stringify({ id: `l${i}`, model: 'm', messages: [{ role: 'user', content: `Remind me about task ${i}` }, { role: 'assistant', content: "Sure, I'll remind you tomorrow." }] })).join('\n') + '\n');
  const db = path.join(dir, 'a.db');
  // Two annotators and little overlap: each one's items are every other item of the set.
  const sampled = await sampleAnnotationSet(logs, { db, size: 24, overlap: 0, annotators: ['ann', 'bob'], seed: 5, strata: 'model', setup: 'C0' });
  const store = AnnotationStore.open(db);
  const server = await serveAnnotations(store, 0);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
  try {
    const keys = store.queue('ann').map((q) => String(q.key));
    assert.ok(keys.some((key, i) => key !== String(i + 1)), `precondition: ann's keys are not 1…n (${keys.join(', ')})`);
    const page = await (await browser.newContext({ viewport: { width: 1200, height: 900 } })).newPage();
    await page.goto(`http://127.0.0.1:${server.port}/#token=${sampled.tokens.get('ann')}`);
    await page.locator('#item:not([hidden]) .msg.assistant').first().waitFor();
    const numbers = await page.locator('#queue li').allTextContents();
    assert.deepEqual(numbers, keys.map((_, i) => `#${i + 1}`));
    assert.equal(await page.locator('#item-title').textContent(), `Item 1 of ${keys.length}`);
    assert.equal(await page.locator('#queue li').first().getAttribute('title'), `item ${keys[0]}`);
    await page.keyboard.press('j');
    await page.locator('#item-title', { hasText: 'Item 2 of' }).waitFor();
    assert.equal(await page.locator('#queue li.current').textContent(), '#2');

    const outcome = (await page.locator('#outcome').boundingBox())!;
    const suggested = (await page.locator('#suggested').boundingBox()) ?? outcome;
    const note = (await page.locator('label.note').boundingBox())!;
    assert.ok(note.y >= Math.max(outcome.y + outcome.height, suggested.y + suggested.height), `the note label starts below the outcome line (note at ${note.y}, outcome ends at ${outcome.y + outcome.height})`);
  } finally {
    await browser.close();
    await server.close();
    store.close();
  }
});
