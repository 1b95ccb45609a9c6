import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serveReport, ViewPortError } from './view-server.ts';

function reportDir(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-view-'));
  const dir = path.join(root, 'report');
  fs.mkdirSync(path.join(dir, 'figures'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'report.html'), '<!doctype html><title>r</title><p>the report</p>');
  fs.writeFileSync(path.join(dir, 'figures', 'f.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(root, 'secret.txt'), 'outside the report');
  return dir;
}

test('serves report.html at / and the folder\'s files on the loopback address', async () => {
  const server = await serveReport(reportDir(), 0);
  try {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    const page = await fetch(server.url);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    assert.match(await page.text(), /the report/);
    const svg = await fetch(`${server.url}figures/f.svg`);
    assert.equal(svg.status, 200);
    assert.match(svg.headers.get('content-type') ?? '', /svg/);
  } finally {
    await server.close();
  }
});

test('nothing outside the folder is served', async () => {
  const server = await serveReport(reportDir(), 0);
  try {
    for (const p of ['../secret.txt', '..%2fsecret.txt', '%2e%2e/secret.txt', 'missing.html']) {
      const r = await fetch(`${server.url}${p}`);
      const body = await r.text();
      assert.notEqual(r.status, 200, p);
      assert.equal(body.includes('outside the report'), false, p);
    }
  } finally {
    await server.close();
  }
});

test('a port in use is a ViewPortError naming the address', async () => {
  const first = await serveReport(reportDir(), 0);
  try {
    const port = Number(new URL(first.url).port);
    await assert.rejects(serveReport(reportDir(), port), (error: unknown) => error instanceof ViewPortError && /127\.0\.0\.1:\d+: EADDRINUSE/.test(error.message));
  } finally {
    await first.close();
  }
});
