/**
 * `felicity run --config FILE` end to end: the file's settings make the grid, flags override them,
 * and a typo in the file is exit 2 with a did-you-mean before any model is asked.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startScriptedServer } from '../src/llm/testing/scripted-chat-server.ts';
import { writeBenchRequests } from './helpers/bench-requests.ts';
import { runCli, storedResponses } from './helpers/cli.ts';
import { gridModel } from './helpers/grid-model.ts';

test('run --config: the file makes the grid, a flag overrides it', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-config-cli-'));
  writeBenchRequests(dir, 4);
  let calls = 0;
  const model = gridModel();
  const server = await startScriptedServer((req, i) => {
    calls++;
    return model(req, i);
  });
  try {
    const config = path.join(dir, 'felicity.yaml');
    fs.writeFileSync(
      config,
      [`models: [openai-compatible:${server.url}#grid]`, 'setups: [C0, C2]', 'variants: [inferred]', 'personas: [generic, support]', 'requests: requests-4.jsonl', 'db: r.db', 'name: cfg', 'judge: rules', ''].join('\n'),
    );
    const r = await runCli(['run', '--config', config, '--personas', 'generic']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /settings from .*felicity\.yaml/);
    // 4 requests × 2 setups × 1 variant × 1 persona (the flag, not the file's two).
    assert.equal(storedResponses(path.join(dir, 'r.db')), 8);
    assert.ok(calls > 8);
  } finally {
    await server.close();
  }
});

test('a typo in the settings file is exit 2 with a did-you-mean, before any model call', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-config-cli-'));
  const config = path.join(dir, 'felicity.yaml');
  fs.writeFileSync(config, 'models: [openai-compatible:http://127.0.0.1:9/v1#m]\npersonass: [generic]\n');
  const r = await runCli(['run', '--config', config]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /line 2: unknown key "personass" \(did you mean "personas"\?\)/);
});
