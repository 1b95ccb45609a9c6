/**
 * `felicity view` end to end: a report folder is served on 127.0.0.1 at the address the command
 * prints; Ctrl-C stops it with exit 0; a folder without a report is refused with what to run.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { felicity } from './helpers/felicity-bin.ts';
import { startScriptedServer } from '../src/llm/testing/scripted-chat-server.ts';
import { writeBenchRequests } from './helpers/bench-requests.ts';
import { runCli } from './helpers/cli.ts';
import { gridModel } from './helpers/grid-model.ts';

/** Resolves with the address `view` prints on stdout. */
function addressOf(run: ReturnType<typeof felicity>): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let out = '';
    run.child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /^(http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(out);
      if (m) resolve(m[1]!);
    });
    run.child.once('close', () => reject(new Error(`exited before serving: ${out}`)));
  });
}

test('view DIR prints a loopback address that serves report.html; SIGINT stops it', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-view-cli-'));
  fs.writeFileSync(path.join(dir, 'report.html'), '<!doctype html><title>t</title><p>served report</p>');
  const run = felicity(['view', dir, '--port', '0']);
  const url = await addressOf(run);
  const page = await fetch(url);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /served report/);
  run.child.kill('SIGINT');
  const done = await run;
  assert.equal(done.code, 0, done.stderr);
  assert.match(done.stderr, /serving .* at http:\/\/127\.0\.0\.1:\d+\//);
});

test('a folder without report.html is refused, naming the command that writes one', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-view-cli-'));
  const r = await felicity(['view', dir]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /holds no report\.html; write one with: felicity report RUN --out/);
});

test('view RUN writes the run\'s report, then serves it', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-view-cli-'));
  const db = path.join(dir, 'r.db');
  const server = await startScriptedServer(gridModel(), { record: false });
  try {
    const requests = writeBenchRequests(dir, 2);
    const made = await runCli(['run', '--model', `openai-compatible:${server.url}#grid`, '--requests', requests, '--db', db, '--name', 'v', '--setups', 'C0', '--judge', 'rules']);
    assert.equal(made.code, 0, made.stderr);
  } finally {
    await server.close();
  }
  const out = path.join(dir, 'report');
  const run = felicity(['view', 'v', '--db', db, '--out', out, '--port', '0', '--requests', path.join(dir, 'requests-2.jsonl')]);
  const url = await addressOf(run);
  assert.ok(fs.existsSync(path.join(out, 'report.html')));
  const page = await fetch(url);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /felicity report: v/);
  run.child.kill('SIGINT');
  assert.equal((await run).code, 0);
});

test('view RUN without --out serves a temporary report quietly and removes the folder when stopped', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-view-cli-'));
  const db = path.join(dir, 'r.db');
  const server = await startScriptedServer(gridModel(), { record: false });
  try {
    const requests = writeBenchRequests(dir, 2);
    const made = await runCli(['run', '--model', `openai-compatible:${server.url}#grid`, '--requests', requests, '--db', db, '--name', 'v', '--setups', 'C0', '--judge', 'rules']);
    assert.equal(made.code, 0, made.stderr);
  } finally {
    await server.close();
  }
  const run = felicity(['view', 'v', '--db', db, '--port', '0', '--requests', path.join(dir, 'requests-2.jsonl')]);
  const url = await addressOf(run);
  assert.equal((await fetch(url)).status, 200);
  run.child.kill('SIGINT');
  const done = await run;
  assert.equal(done.code, 0, done.stderr);
  const served = /serving (\S+)/.exec(done.stderr)?.[1];
  assert.ok(served !== undefined && served.includes('felicity-view-'), done.stderr);
  assert.equal(fs.existsSync(served), false, `${served} is left behind`);
  // Already serving: no hint to serve it, and stdout is the address alone.
  assert.doesNotMatch(done.stderr, /serve it with/);
  assert.equal(done.stdout, `${url}\n`);
});
