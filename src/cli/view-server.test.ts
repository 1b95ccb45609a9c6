import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
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

/** A GET with the Host header a browser would send after a DNS rebinding (fetch cannot set Host). */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { host } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

test('a request naming another host is refused with 421 (DNS rebinding); loopback names are served', async () => {
  const server = await serveReport(reportDir(), 0);
  const port = new URL(server.url).port;
  try {
    for (const host of [`attacker.example:${port}`, 'attacker.example', `127.0.0.1.attacker.example:${port}`]) {
      const r = await getWithHost(server.url, host);
      assert.equal(r.status, 421, host);
      assert.equal(r.body.includes('the report'), false, host);
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) assert.equal((await getWithHost(server.url, host)).status, 200, host);
  } finally {
    await server.close();
  }
});

test('a symlink inside the folder that leads out of it is not followed', async () => {
  const dir = reportDir();
  const outside = path.join(path.dirname(dir), 'secret.txt');
  fs.symlinkSync(outside, path.join(dir, 'figures', 'fig.svg'));
  fs.symlinkSync(path.dirname(dir), path.join(dir, 'up'));
  const server = await serveReport(dir, 0);
  try {
    for (const p of ['figures/fig.svg', 'up/secret.txt']) {
      const r = await fetch(`${server.url}${p}`);
      const body = await r.text();
      assert.equal(r.status, 404, p);
      assert.equal(body.includes('outside the report'), false, p);
    }
    // A link that stays inside the folder is the folder's own file.
    fs.symlinkSync(path.join(dir, 'figures', 'f.svg'), path.join(dir, 'same.svg'));
    assert.equal((await fetch(`${server.url}same.svg`)).status, 200);
  } finally {
    await server.close();
  }
});

test('a report.html that is a link out of the folder is not served at /', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-view-'));
  const dir = path.join(root, 'report');
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(root, 'secret.html'), 'outside the report');
  fs.symlinkSync(path.join(root, 'secret.html'), path.join(dir, 'report.html'));
  const server = await serveReport(dir, 0);
  try {
    const r = await fetch(server.url);
    assert.equal(r.status, 404);
    assert.equal((await r.text()).includes('outside the report'), false);
  } finally {
    await server.close();
  }
});
