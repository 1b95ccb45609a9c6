/**
 * A judge model that cannot be reached ends `check --engine llm|hybrid` and `judge` at its first
 * call, with one line naming the model and what to check, exit 1: not a retried call and an error
 * line per turn.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { turn } from '../src/check/testing/turns.ts';
import { reply, startScriptedServer } from '../src/llm/testing/scripted-chat-server.ts';
import { writeBenchRequests } from './helpers/bench-requests.ts';
import { runCli } from './helpers/cli.ts';
import { felicity } from './helpers/felicity-bin.ts';

/** A port nothing listens on: bound, then closed again. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const oneLine = (model: string) => new RegExp(`^felicity (check|judge): ${model.replaceAll('.', '\\.')} is not usable as a judge \\(its first call failed\\): network.*\\(is the server running at that URL\\?\\)\\n`, 'm');

test('check --engine llm and hybrid with a judge that is down: one line, exit 1, no line per turn', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'felicity-judge-down-'));
  const file = join(dir, 'turns.jsonl');
  const records = [0, 1, 2, 3, 4, 5].map((i) => ({ ...turn(`Reply ${i}: I've added it to the list.`, { setup: 'C0', category: 'reminder' }), id: `t${i}` }));
  writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const model = `openai-compatible:http://127.0.0.1:${await closedPort()}/v1#judge`;
  for (const engine of ['llm', 'hybrid']) {
    const result = await felicity(['check', file, '--engine', engine, '--judge-model', model, '--no-cache']);
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, oneLine(model));
    assert.doesNotMatch(result.stderr, /turns\.jsonl:\d+:|judgment failed|    at /, `${engine}: no line per turn, no stack`);
    assert.equal(result.stdout, '');
  }
});

test('judge --engine llm on a stored run with a judge that is down: one line, exit 1', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'felicity-judge-down-'));
  const db = join(dir, 'run.db');
  const agent = await startScriptedServer(() => reply.text("I'll remind you tomorrow."), { record: false });
  try {
    const run = await runCli(['run', '--model', `openai-compatible:${agent.url}#grid`, '--requests', writeBenchRequests(dir, 3), '--db', db, '--name', 'g', '--fixes', 'none']);
    assert.equal(run.code, 0, run.stderr);
  } finally {
    await agent.close();
  }
  const model = `openai-compatible:http://127.0.0.1:${await closedPort()}/v1#judge`;
  const result = await runCli(['judge', 'g', '--engine', 'llm', '--judge-model', model, '--db', db, '--no-cache']);
  assert.equal(result.code, 1, result.stderr);
  assert.match(result.stderr, oneLine(model));
  assert.doesNotMatch(result.stderr, /could not label|    at /);
});
